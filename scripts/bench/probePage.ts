import type { Page } from "playwright-core";
import type { ProbeState } from "./browserProbe";

/** What `bench:browser`'s probe saw in the page so far (`window.browserBench`). */
export function probeState(page: Page): Promise<ProbeState> {
	return page.evaluate(() => (window as unknown as { browserBench: ProbeState }).browserBench);
}

/** Time between two reports of a wait's progress. */
const REPORT_EVERY_MS = 30_000;

/**
 * The probe's state once `done` holds; throws, saying that `what` did not happen, after
 * `timeoutMs`. Meanwhile `report` is given the state now and then.
 */
export async function waitForProbe(
	page: Page,
	done: (state: ProbeState) => boolean,
	what: string,
	timeoutMs: number,
	report?: (state: ProbeState) => void,
): Promise<ProbeState> {
	const deadline = Date.now() + timeoutMs;
	let reportAt = Date.now() + REPORT_EVERY_MS;
	for (;;) {
		const state = await probeState(page);
		if (done(state)) return state;
		if (report !== undefined && Date.now() >= reportAt) {
			report(state);
			reportAt += REPORT_EVERY_MS;
		}
		if (Date.now() > deadline) throw new Error(`${what} did not happen in time.`);
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
}

/** When the page made its first `performance.mark` of that name, in its clock. */
export async function markAt(page: Page, name: string): Promise<number> {
	return page.evaluate((mark) => performance.getEntriesByName(mark, "mark")[0].startTime, name);
}
