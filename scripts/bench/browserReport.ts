import type { SelfTime } from "./browserTrace";
import { percentile } from "../lib/retrievalBench/statistics";
import { cell, textTable } from "../lib/retrievalBench/textTable";

/** What `npm run bench:browser` measures in one vault, each in milliseconds but the heap. */
export interface VaultFigures {
	/** The longest main-thread task from layout-ready until the index is complete. */
	readonly longestTaskMs: number;
	/** The 95th percentile of key press to next paint in the chat composer while the index builds. */
	readonly typingP95Ms: number;
	/** Layout-ready to the first search with hits. */
	readonly firstSearchMs: number;
	/** Layout-ready to a complete index. */
	readonly indexedMs: number;
	/** The longest task while the snapshot is made and written to IndexedDB. */
	readonly saveLongestTaskMs: number;
	/** Layout-ready to a complete index on a reload, from the saved snapshot. */
	readonly restoreMs: number;
	/** The longest task of that restore (in the table, not in the JSON object). */
	readonly restoreLongestTaskMs: number;
	/** The page's JS heap once the index is built and saved, after a garbage collection, in MB. */
	readonly heapMB: number;
}

/** The object `--json` prints. */
export interface BrowserBenchResult {
	readonly throttle: number;
	readonly vaults: Readonly<Record<string, VaultFigures>>;
	/** `main.js` evaluation + `onload`, unthrottled, then throttled. */
	readonly loadMs: number;
	readonly loadThrottledMs: number;
}

/** The figures of the `--json` object, in its order. */
const JSON_FIGURES = [
	"longestTaskMs",
	"typingP95Ms",
	"firstSearchMs",
	"indexedMs",
	"saveLongestTaskMs",
	"restoreMs",
	"heapMB",
] as const;
const FIGURES: readonly (keyof VaultFigures)[] = [...JSON_FIGURES.slice(0, 6), "restoreLongestTaskMs", "heapMB"];

/** The targets (issue 18, section 3): at most this much. */
export const TARGETS = {
	longestTaskMs: 50,
	typingP95Ms: 50,
	loadMs: 30,
	loadThrottledMs: 120,
} as const;

const LABELS: Readonly<Record<keyof VaultFigures | "loadMs" | "loadThrottledMs", string>> = {
	longestTaskMs: "longest task while indexing (ms)",
	typingP95Ms: "typing p95, key to paint (ms)",
	firstSearchMs: "layout-ready to first search answer (ms)",
	indexedMs: "layout-ready to complete index (ms)",
	saveLongestTaskMs: "longest task while saving (ms)",
	restoreMs: "reload: layout-ready to restored index (ms)",
	restoreLongestTaskMs: "longest task while restoring (ms)",
	heapMB: "JS heap after indexing (MB)",
	loadMs: "main.js evaluate + onload (ms)",
	loadThrottledMs: "main.js evaluate + onload, throttled (ms)",
};

/** The median of each figure over several runs of a vault. */
export function medianFigures(runs: readonly VaultFigures[]): VaultFigures {
	const median = (figure: keyof VaultFigures) =>
		percentile(
			runs.map((run) => run[figure]),
			50,
		);
	return Object.fromEntries(FIGURES.map((figure) => [figure, median(figure)])) as unknown as VaultFigures;
}

/** The longest of the tasks that started in [from, to), 0 when none did. */
export function longestTaskIn(tasks: readonly { start: number; duration: number }[], from: number, to: number): number {
	return Math.max(0, ...tasks.filter((task) => task.start >= from && task.start < to).map((task) => task.duration));
}

/**
 * The figures as two tables, each figure beside its target and marked MISSED where it is over:
 * the vaults' (a column each), and the plugin's load (on the example vault).
 */
export function browserTable(result: BrowserBenchResult): string {
	const vaults = Object.keys(result.vaults);
	const shown = (value: number, target: number | undefined) =>
		target !== undefined && value > target ? `${cell(value, 1)} MISSED` : cell(value, 1);
	const targetOf = (figure: keyof VaultFigures): number | undefined =>
		figure in TARGETS ? TARGETS[figure as keyof typeof TARGETS] : undefined;
	const vaultRows = FIGURES.map((figure) => {
		const target = targetOf(figure);
		return [
			LABELS[figure],
			target === undefined ? "" : `≤ ${target}`,
			...vaults.map((vault) => shown(result.vaults[vault][figure], target)),
		];
	});
	const loadRows = (["loadMs", "loadThrottledMs"] as const).map((figure) => [
		LABELS[figure],
		`≤ ${TARGETS[figure]}`,
		shown(result[figure], TARGETS[figure]),
	]);
	return [
		`CPU throttled ${result.throttle}×`,
		textTable(["", "target", ...vaults], vaultRows),
		"",
		textTable(["", "target", "example vault"], loadRows),
	].join("\n");
}

/** The `--json` object, figures to a tenth of a millisecond (a megabyte for the heap). */
export function browserJson(result: BrowserBenchResult): string {
	const round = (value: number) => Math.round(value * 10) / 10;
	const vaults = Object.fromEntries(
		Object.entries(result.vaults).map(([name, figures]) => [
			name,
			Object.fromEntries(JSON_FIGURES.map((figure) => [figure, round(figures[figure])])),
		]),
	);
	return JSON.stringify({
		throttle: result.throttle,
		vaults,
		loadMs: round(result.loadMs),
		loadThrottledMs: round(result.loadThrottledMs),
	});
}

/** Where the time of each vault's tasks over the target went, the functions that took the most first; empty when no task was over. */
export function slowestReport(slowest: Readonly<Record<string, readonly SelfTime[]>>): string {
	return Object.entries(slowest)
		.filter(([, functions]) => functions.length > 0)
		.map(([vault, functions]) =>
			[
				`${vault}: where the tasks over ${TARGETS.longestTaskMs} ms spent their time while indexing and saving (self time, CPU profile;`,
				"  (program) is the browser's own work outside JS: style, layout, paint, IndexedDB's cloning):",
				...functions.map(({ fn, ms }) => `  ${cell(ms, 1).padStart(8)} ms  ${fn}`),
			].join("\n"),
		)
		.join("\n\n");
}
