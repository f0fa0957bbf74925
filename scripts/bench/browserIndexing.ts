import type { Browser, CDPSession, Page } from "playwright-core";
import { percentile } from "../lib/retrievalBench/statistics";
import { longestTaskIn, TARGETS, type VaultFigures } from "./browserReport";
import {
	renderingIn,
	selfTimeIn,
	traceWindow,
	type CpuProfile,
	type FrameNamer,
	type PageTask,
	type SelfTime,
} from "./browserTrace";
import { probeState, waitForProbe } from "./probePage";
import { openTracedPage, PROBE, reloadUntilReady, stopTracing } from "./tracedPage";

/**
 * The browser bench's indexing scenario (`npm run bench:browser`): a vault opened in a fresh
 * profile, its index built while the chat composer is typed in and searches run, then saved;
 * then the page reloaded and the index restored. The figures are the main thread's longest
 * tasks over each stretch, the typing latency, the times to the first answer, a complete index
 * and a restore, and the JS heap once indexed.
 */

/** One run in a vault: its figures, and where the time of its long tasks went. */
export interface VaultRun {
	readonly figures: VaultFigures;
	/** The functions that took the time of the tasks over the target while indexing and saving, most first. */
	readonly slowest: readonly SelfTime[];
}

export interface IndexingSetup {
	readonly probe: string;
	readonly throttle: number;
	/** The vault's name, for what is printed. */
	readonly vault: string;
	/** How long each step (load, index, save, restore) may take. */
	readonly stepTimeoutMs: number;
	readonly nameOf: FrameNamer;
	/** Whether each long task's functions are printed on their own. */
	readonly eachTask: boolean;
	readonly progress: (message: string) => void;
}

/** Time between two keys typed in the chat composer: a quick typist. */
const KEY_INTERVAL_MS = 100;
const TYPED = "the quick brown fox jumps over the lazy dog ";
/** Functions listed for the long tasks of a vault. */
const SLOWEST_SHOWN = 12;

/**
 * One run in a vault, in a fresh browser profile (no saved index), traced: the page loaded, the
 * index built while the chat composer is typed in and searches run, then saved (the CPU
 * profiled until then); then the page reloaded and the index restored.
 */
export async function measureIndexing(browser: Browser, url: string, setup: IndexingSetup): Promise<VaultRun> {
	const { probe, throttle, vault, stepTimeoutMs, nameOf, eachTask, progress } = setup;
	// The rendering steps of each long task, when they are listed, come from "devtools.timeline".
	const categories = ["toplevel", "blink.user_timing", ...(eachTask ? ["devtools.timeline"] : [])];
	const traced = await openTracedPage(browser, url, { probe, throttle, categories, stepTimeoutMs });
	try {
		const { page, cdp, layoutReady } = traced;
		progress(`${vault}: indexing, typing in the chat meanwhile`);
		const keyLatencies = await typeUntilIndexed(page, stepTimeoutMs);
		const built = await probeState(page);
		if (built.firstAnswerAt === null || built.completeAt === null)
			throw new Error(`A search for "${PROBE.query}" found nothing in the ${vault} vault.`);
		progress(`${vault}: saving the index`);
		const save = await waitForMeasure(page, "index-save", stepTimeoutMs);
		const saved = save.startTime + save.duration;
		const { profile } = await cdp.send("Profiler.stop");
		const heapMB = await heapAfterGarbageCollection(cdp);
		progress(`${vault}: reloading, restoring the index`);
		if (eachTask) await cdp.send("Profiler.start");
		const reloadReady = await reloadUntilReady(page, stepTimeoutMs);
		const restored = await waitForProbe(
			page,
			(state) => state.completeAt !== null,
			"The index's restore",
			stepTimeoutMs,
		);
		const restoredAt = restored.completeAt ?? Number.NaN;
		const reloadProfile = eachTask ? ((await cdp.send("Profiler.stop")).profile as CpuProfile) : null;
		const { events, tasks, reloadTasks } = await stopTracing(browser, layoutReady, reloadReady);
		const slow = tasks.filter(
			(task) => task.start >= layoutReady && task.start < saved && task.duration > TARGETS.longestTaskMs,
		);
		const printTasks = (what: string, from: PageTask[], at: number, taskProfile: CpuProfile) => {
			for (const task of from) {
				const after = (task.start - at).toFixed(0);
				progress(`${vault}: ${what}, a task of ${task.duration.toFixed(1)} ms, ${after} ms after layout-ready:`);
				for (const { fn, ms } of selfTimeIn(taskProfile, [traceWindow(task)], SLOWEST_SHOWN, nameOf))
					progress(`    ${ms.toFixed(1)} ms  ${fn}`);
				const rendering = renderingIn(events, task);
				if (rendering.length > 0)
					progress(`    of which rendering: ${rendering.map(({ fn, ms }) => `${fn} ${ms.toFixed(1)} ms`).join(", ")}`);
			}
		};
		if (eachTask) {
			printTasks("indexing and saving", slow, layoutReady, profile as CpuProfile);
			const slowRestore = reloadTasks.filter(
				(task) => task.start >= reloadReady && task.start < restoredAt && task.duration > TARGETS.longestTaskMs,
			);
			if (reloadProfile !== null) printTasks("restoring", slowRestore, reloadReady, reloadProfile);
		}
		return {
			figures: {
				longestTaskMs: longestTaskIn(tasks, layoutReady, built.completeAt),
				typingP95Ms: percentile(keyLatencies, 95),
				firstSearchMs: built.firstAnswerAt - layoutReady,
				indexedMs: built.completeAt - layoutReady,
				saveLongestTaskMs: longestTaskIn(tasks, built.completeAt, saved),
				restoreMs: restoredAt - reloadReady,
				restoreLongestTaskMs: longestTaskIn(reloadTasks, reloadReady, restoredAt),
				heapMB,
			},
			slowest: selfTimeIn(profile as CpuProfile, slow.map(traceWindow), SLOWEST_SHOWN, nameOf),
		};
	} finally {
		await traced.close();
	}
}

/** Types in the chat composer, a key every `KEY_INTERVAL_MS`, until the index is complete; each key's latency. */
async function typeUntilIndexed(page: Page, timeoutMs: number): Promise<number[]> {
	// Opened and focused by the page's own DOM calls: Playwright's selector engine would walk the
	// whole page in the middle of the tasks being measured.
	await page.evaluate(async (composer) => {
		const { sandbox } = window as unknown as { sandbox: { plugin: { commands: { id: string; callback(): void }[] } } };
		sandbox.plugin.commands.find((command) => command.id.endsWith(":open-chat"))?.callback();
		for (;;) {
			const input = document.querySelector<HTMLElement>(composer);
			if (input !== null) return input.focus();
			await new Promise((resolve) => setTimeout(resolve, 10));
		}
	}, PROBE.typingTarget);
	const deadline = Date.now() + timeoutMs;
	for (let typed = 0; (await probeState(page)).completeAt === null; typed++) {
		if (Date.now() > deadline) throw new Error("The index was not complete in time.");
		await page.keyboard.press(TYPED[typed % TYPED.length]);
		await new Promise((resolve) => setTimeout(resolve, KEY_INTERVAL_MS));
	}
	return (await probeState(page)).keyLatencies;
}

/** The first `performance.measure` of that name, once the page has made it. */
async function waitForMeasure(
	page: Page,
	name: string,
	timeoutMs: number,
): Promise<{ startTime: number; duration: number }> {
	const handle = await page.waitForFunction(
		(measure) => {
			const entry = performance.getEntriesByName(measure, "measure")[0];
			return entry === undefined ? null : { startTime: entry.startTime, duration: entry.duration };
		},
		name,
		{ timeout: timeoutMs, polling: 100 },
	);
	return (await handle.jsonValue()) as { startTime: number; duration: number };
}

/** The page's JS heap in use once garbage is collected, in MB. */
async function heapAfterGarbageCollection(cdp: CDPSession): Promise<number> {
	await cdp.send("HeapProfiler.collectGarbage");
	const { usedSize } = await cdp.send("Runtime.getHeapUsage");
	return usedSize / 1024 / 1024;
}
