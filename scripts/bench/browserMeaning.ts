import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { defaultPluginData } from "../../src/core/workspace/data/pluginData";
import { percentile } from "../lib/retrievalBench/statistics";
import { cell, textTable } from "../lib/retrievalBench/textTable";
import { TARGETS } from "./browserReport";
import {
	selfTimeIn,
	traceWindow,
	type CpuProfile,
	type FrameNamer,
	type SelfTime,
	type TraceEvent,
	TASK,
} from "./browserTrace";
import { BENCH_EMBEDDING_MODEL } from "./benchEmbeddingServer";
import { waitForProbe } from "./probePage";
import { openTracedPage, reloadUntilReady, stopTracing } from "./tracedPage";

/**
 * The browser bench's search-by-meaning scenario (`npm run bench:browser -- --meaning`): a vault
 * whose `data.json` turns search by meaning on with the user's own Ollama at `baseURL` (the
 * bench's embedding server), opened in a fresh profile. The keyword index is built first (the
 * plugin embeds nothing before it is complete), then every note is embedded in the background
 * while searches run in the "Search memory" modal; the figures are the main thread's tasks
 * over that time, how long it took, what the searches cost meanwhile, and, after a reload, the
 * restore of the saved vectors.
 */

/** What the scenario measures, in milliseconds. */
export interface MeaningFigures {
	/** The keyword index complete to search by meaning ready: every note embedded. */
	readonly embedMs: number;
	/** The longest main-thread task over that time. */
	readonly longestTaskMs: number;
	/** Its tasks over the long-task target. */
	readonly tasksOverTarget: number;
	/** The longest task in the time after ready that a last save of the vectors takes place in. */
	readonly saveLongestTaskMs: number;
	/** While embedding: the keyword answer of a query in the modal (searched and drawn), 95th percentile. */
	readonly keywordSearchP95Ms: number;
	/** While embedding: a query typed to the modal's fused answer, its 300 ms wait included, median and 95th percentile. */
	readonly fusedSearchP50Ms: number;
	readonly fusedSearchP95Ms: number;
	/** Reload: layout-ready to search by meaning ready again from the saved vectors, and its longest task. */
	readonly restoreMs: number;
	readonly restoreLongestTaskMs: number;
	/** Once restored: bytes the vector index holds in memory per chunk (its `byteLength`; the int8 rows stay in IndexedDB). */
	readonly restoredBytesPerChunk: number;
}

export interface MeaningRun {
	readonly figures: MeaningFigures;
	/** Queries searched while embedding, and those the fused answer came back for. */
	readonly searches: { readonly sent: number; readonly fused: number };
	/** The functions that took the time of the tasks over the target while embedding and saving, most first. */
	readonly slowest: readonly SelfTime[];
}

/** Queries searched in turn while embedding: words the synthetic notes use. */
const QUERIES = ["plugin settings", "how to link notes", "sync across devices", "canvas cards", "graph view"];
/** A query every few seconds: more often than a person searches, less than the modal's answer takes at worst. */
const SEARCH_EVERY_MS = 2_000;
/**
 * The vectors are saved at most 120 s after they change (`saveQuietMs`), and a save of 20,000
 * notes' vectors at 4× takes some seconds more: the last save falls in this time, and the reload
 * restores every vector.
 */
const AFTER_READY_MS = 150_000;
const SLOWEST_SHOWN = 12;
/** What a restored index may hold in memory per chunk at 384 dimensions, the int8 rows left where they are stored. */
const RESIDENT_BYTES_PER_CHUNK = 64;
/** The longest tasks over the target listed on stderr one by one, with the functions that took their time. */
const LONGEST_LISTED = 10;
/** Embedding 20,000 notes at 4× takes some ten minutes: anything longer is stuck. */
const EMBED_TIMEOUT_MS = 45 * 60_000;

/** `data.json` with search by meaning on, at `baseURL`, every other field the default (both privacy lists among them). */
export function writeMeaningSettings(vaultDir: string, baseURL: string): void {
	const data = defaultPluginData();
	const settings = {
		...data.settings,
		meaningSearch: "server",
		embeddingApi: "ollama",
		embeddingBaseUrl: baseURL,
		embeddingModel: BENCH_EMBEDDING_MODEL,
	} as const;
	const path = join(vaultDir, ".obsidian", "plugins", "assistant-workspace", "data.json");
	mkdirSync(dirname(path), { recursive: true });
	writeFileSync(path, JSON.stringify({ ...data, settings }, null, 2));
}

/** The probe's settings for this scenario, given the English status text of search by meaning once ready. */
export function meaningProbe(readyText: string): {
	readyText: [string, string];
	queries: string[];
	searchEveryMs: number;
} {
	const [before, after] = readyText.split("{chunks}");
	return { readyText: [before, after], queries: QUERIES, searchEveryMs: SEARCH_EVERY_MS };
}

export interface MeaningSetup {
	readonly probe: string;
	readonly throttle: number;
	readonly stepTimeoutMs: number;
	readonly nameOf: FrameNamer;
	readonly progress: (message: string) => void;
}

/** One run of the scenario in a fresh browser profile, traced and profiled until the vectors are saved. */
export async function measureMeaning(browser: Browser, url: string, setup: MeaningSetup): Promise<MeaningRun> {
	const { probe, throttle, stepTimeoutMs, nameOf, progress } = setup;
	const traced = await openTracedPage(browser, url, {
		probe,
		throttle,
		categories: ["toplevel", "blink.user_timing"],
		stepTimeoutMs,
	});
	try {
		const { page, cdp, layoutReady } = traced;
		progress("meaning: building the keyword index");
		const indexed = await waitForProbe(page, (state) => state.completeAt !== null, "The keyword index", stepTimeoutMs);
		const from = indexed.completeAt as number;
		progress("meaning: embedding every note, searching meanwhile");
		const embedded = await waitForProbe(
			page,
			(state) => state.meaningReadyAt !== null,
			"Search by meaning ready",
			EMBED_TIMEOUT_MS,
			(state) => progress(`meaning: ${state.meaningStatus}`),
		);
		const readyAt = embedded.meaningReadyAt as number;
		progress(`meaning: ready after ${((readyAt - from) / 1000).toFixed(0)} s; waiting for the vectors' save`);
		await page.waitForTimeout(AFTER_READY_MS);
		const { profile } = await cdp.send("Profiler.stop");
		progress("meaning: reloading, restoring the vectors");
		const reloadReady = await reloadUntilReady(page, stepTimeoutMs);
		const restored = await waitForProbe(
			page,
			(state) => state.meaningReadyAt !== null,
			"The vectors' restore",
			stepTimeoutMs,
		);
		const restoredAt = restored.meaningReadyAt as number;
		const restoredBytesPerChunk = await residentBytesPerChunk(page);
		const { tasks, reloadTasks } = await stopTracing(browser, layoutReady, reloadReady, taskOrMark);
		const during = (list: typeof tasks, start: number, end: number) =>
			list.filter((task) => task.start >= start && task.start < end);
		// Tens of thousands of tasks: too many to spread into `Math.max`'s arguments.
		const longest = (list: typeof tasks) => list.reduce((most, task) => Math.max(most, task.duration), 0);
		const embedding = during(tasks, from, readyAt);
		const slow = during(tasks, from, readyAt + AFTER_READY_MS).filter((task) => task.duration > TARGETS.longestTaskMs);
		const windows = slow.map(traceWindow);
		for (const task of [...slow].sort((a, b) => b.duration - a.duration).slice(0, LONGEST_LISTED)) {
			const where = selfTimeIn(profile as CpuProfile, [traceWindow(task)], 3, nameOf);
			progress(
				`meaning: a task of ${task.duration.toFixed(1)} ms, ${((task.start - from) / 1000).toFixed(1)} s after the keyword index: ` +
					where.map(({ fn, ms }) => `${fn} ${ms.toFixed(1)} ms`).join(", "),
			);
		}
		return {
			figures: {
				embedMs: readyAt - from,
				longestTaskMs: longest(embedding),
				tasksOverTarget: embedding.filter((task) => task.duration > TARGETS.longestTaskMs).length,
				saveLongestTaskMs: longest(during(tasks, readyAt, readyAt + AFTER_READY_MS)),
				keywordSearchP95Ms: percentile(embedded.keywordSearchMs, 95),
				fusedSearchP50Ms: percentile(embedded.fusedSearchMs, 50),
				fusedSearchP95Ms: percentile(embedded.fusedSearchMs, 95),
				restoreMs: restoredAt - reloadReady,
				restoreLongestTaskMs: longest(during(reloadTasks, reloadReady, restoredAt)),
				restoredBytesPerChunk,
			},
			searches: { sent: embedded.keywordSearchMs.length, fused: embedded.fusedSearchMs.length },
			slowest: selfTimeIn(profile as CpuProfile, windows, SLOWEST_SHOWN, nameOf),
		};
	} finally {
		await traced.close();
	}
}

/**
 * Only the main thread's tasks and the page's marks are kept of the trace: minutes of embedding
 * trace millions of other events.
 */
function taskOrMark(event: TraceEvent): boolean {
	return event.name === TASK || event.cat.includes("blink.user_timing");
}

/**
 * The bytes a chunk the plugin's vector index holds in memory, read in the page through the
 * sandbox's plugin (its settings tab holds the indexer); NaN when the page holds none.
 */
async function residentBytesPerChunk(page: Page): Promise<number> {
	return page.evaluate(`(() => {
		const tab = window.sandbox.plugin.settingTabs[0];
		const vectors = tab?.context?.indexer?.meaning?.index?.index;
		return vectors ? vectors.byteLength / vectors.chunkCount : Number.NaN;
	})()`);
}

const LABELS: Readonly<Record<keyof MeaningFigures, string>> = {
	embedMs: "keyword index complete to every note embedded (ms)",
	longestTaskMs: "longest task while embedding (ms)",
	tasksOverTarget: `tasks over ${TARGETS.longestTaskMs} ms while embedding`,
	saveLongestTaskMs: "longest task after, the vectors saved (ms)",
	keywordSearchP95Ms: "search while embedding: keyword answer p95 (ms)",
	fusedSearchP50Ms: "search while embedding: fused answer p50, 300 ms wait included (ms)",
	fusedSearchP95Ms: "search while embedding: fused answer p95, 300 ms wait included (ms)",
	restoreMs: "reload: layout-ready to vectors restored (ms)",
	restoreLongestTaskMs: "longest task while restoring (ms)",
	restoredBytesPerChunk: "restored: vector index in memory, bytes a chunk",
};
const TARGETED: Partial<Record<keyof MeaningFigures, number>> = {
	longestTaskMs: TARGETS.longestTaskMs,
	tasksOverTarget: 0,
	saveLongestTaskMs: TARGETS.longestTaskMs,
	restoreLongestTaskMs: TARGETS.longestTaskMs,
	restoredBytesPerChunk: RESIDENT_BYTES_PER_CHUNK,
};

/** The scenario's figures as a table, each beside its target and marked MISSED where it is over. */
export function meaningTable(throttle: number, vault: string, run: MeaningRun, notes: number, texts: number): string {
	const rows = (Object.keys(LABELS) as (keyof MeaningFigures)[]).map((figure) => {
		const target = TARGETED[figure];
		const value = run.figures[figure];
		const shown = cell(value, figure === "tasksOverTarget" ? 0 : 1);
		return [
			LABELS[figure],
			target === undefined ? "" : `≤ ${target}`,
			target !== undefined && value > target ? `${shown} MISSED` : shown,
		];
	});
	const slowest =
		run.slowest.length === 0
			? ""
			: [
					"",
					`Where the tasks over ${TARGETS.longestTaskMs} ms spent their time while embedding and saving (self time, CPU profile):`,
					...run.slowest.map(({ fn, ms }) => `  ${cell(ms, 1).padStart(8)} ms  ${fn}`),
				].join("\n");
	return (
		[
			`Search by meaning, CPU throttled ${throttle}×: ${notes} notes, ${texts} passages embedded by the bench's server; ` +
				`${run.searches.sent} searches while embedding, ${run.searches.fused} of them answered fused`,
			textTable(["", "target", vault], rows),
		].join("\n") + slowest
	);
}
