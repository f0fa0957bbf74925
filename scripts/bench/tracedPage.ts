import { join } from "node:path";
import type { Browser, CDPSession, Page } from "playwright-core";
import { pageScript } from "../../sandbox/server/bundles";
import { translateIn } from "../../src/i18n";
import type { ProbeConfig } from "./browserProbe";
import { pageTasks, type PageTask, type TraceEvent } from "./browserTrace";
import { markAt } from "./probePage";
import { waitUntilReady } from "./sandboxPage";

/**
 * The sandbox's page as `bench:browser`'s scenarios measure it: in a fresh browser profile (no
 * saved index), with the probe (`browserProbe.ts`) run before the page's own scripts, the CPU
 * slowed through the DevTools protocol, the main thread traced and the CPU profiled from the
 * first load on.
 */

/** The probe's settings that every scenario shares. */
export const PROBE: Omit<ProbeConfig, "completeText" | "meaning"> = {
	query: "plugin",
	noMatch: "qqzzxxjj",
	pollMs: 25,
	typingTarget: ".assistant-chat-input",
};

/** The probe the page runs before its own scripts, with its settings (and those of search by meaning, if given). */
export async function probeScript(meaning?: ProbeConfig["meaning"]): Promise<string> {
	const bundled = await pageScript(join(__dirname, "browserProbe.ts"));
	const config: ProbeConfig = {
		...PROBE,
		completeText: translateIn("en", "search.no-results"),
		...(meaning === undefined ? {} : { meaning }),
	};
	return `window.browserBenchConfig = ${JSON.stringify(config)};\n${bundled}`;
}

export interface TracedPageSetup {
	/** The probe's script (`probeScript`). */
	readonly probe: string;
	/** How many times the CPU is slowed. */
	readonly throttle: number;
	/** The trace's categories: "toplevel" has the tasks, "blink.user_timing" the page's marks. */
	readonly categories: readonly string[];
	/** How long the page may take to say it is ready. */
	readonly stepTimeoutMs: number;
}

/** The page once loaded, traced and profiled. */
export interface TracedPage {
	readonly page: Page;
	/** The DevTools session: its profiler runs. */
	readonly cdp: CDPSession;
	/** The first load's layout-ready, in the page's clock. */
	readonly layoutReady: number;
	/** Closes the browser profile. */
	close(): Promise<void>;
}

/**
 * Loads `url` in a fresh browser profile, throttled, traced and profiled, up to layout-ready;
 * the caller takes it from there (stopping the profiler and the tracing: see `stopTracing`) and
 * closes it. A page that fails to load is closed before the error is thrown.
 */
export async function openTracedPage(browser: Browser, url: string, setup: TracedPageSetup): Promise<TracedPage> {
	const context = await browser.newContext();
	try {
		const page = await context.newPage();
		await page.addInitScript({ content: setup.probe });
		const cdp = await context.newCDPSession(page);
		await cdp.send("Emulation.setCPUThrottlingRate", { rate: setup.throttle });
		await browser.startTracing(page, { categories: [...setup.categories] });
		await cdp.send("Profiler.enable");
		await cdp.send("Profiler.start");
		await page.goto(url);
		await waitUntilReady(page, setup.stepTimeoutMs);
		return { page, cdp, layoutReady: await markAt(page, "layout-ready"), close: () => context.close() };
	} catch (error) {
		await context.close();
		throw error;
	}
}

/** Reloads the page up to its ready state; its layout-ready, in the page's clock. */
export async function reloadUntilReady(page: Page, timeoutMs: number): Promise<number> {
	await page.reload();
	await waitUntilReady(page, timeoutMs);
	return markAt(page, "layout-ready");
}

/** What the trace recorded over the two loads of a page (`openTracedPage`, then `reloadUntilReady`). */
export interface TracedLoads {
	readonly events: TraceEvent[];
	/** The main thread's tasks of the first load and of the reload, each in its document's clock. */
	readonly tasks: PageTask[];
	readonly reloadTasks: PageTask[];
}

/**
 * Stops the tracing, given the layout-ready of the first load and of the reload: what it recorded,
 * the events `keep` takes only (every one unless told).
 */
export async function stopTracing(
	browser: Browser,
	layoutReady: number,
	reloadReady: number,
	keep: (event: TraceEvent) => boolean = () => true,
): Promise<TracedLoads> {
	const events = traceEventsOf(await browser.stopTracing(), keep);
	return {
		events,
		tasks: pageTasks(events, "layout-ready", 0, layoutReady),
		reloadTasks: pageTasks(events, "layout-ready", 1, reloadReady),
	};
}

/**
 * The trace's events that `keep` takes, read a line at a time (Chrome writes an event a line):
 * minutes of tracing write more than one string can hold.
 */
function traceEventsOf(trace: Buffer, keep: (event: TraceEvent) => boolean): TraceEvent[] {
	const events: TraceEvent[] = [];
	for (let start = 0; start < trace.length;) {
		const newline = trace.indexOf(10, start);
		const end = newline === -1 ? trace.length : newline;
		const line = trace.toString("utf8", start, end).trim().replace(/,$/, "");
		start = end + 1;
		if (!line.startsWith('{"') || line.startsWith('{"traceEvents"')) continue;
		let event: TraceEvent;
		try {
			event = JSON.parse(line) as TraceEvent;
		} catch {
			continue; // the closing line, with the trace's metadata
		}
		if (keep(event)) events.push(event);
	}
	return events;
}
