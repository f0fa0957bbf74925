import { ENGINE_NAMES } from "../lib/retrievalBench/engines/searchEngine";
import { cell, textTable } from "../lib/retrievalBench/textTable";
import { checkTargets, checkTurnTargets, type BenchResults, type TurnResults } from "./benchTargets";
import { VAULT_SIZES } from "./benchVaults";
import type { EngineFigures } from "./measureEngine";

type TurnFigures = { readonly prepareMs: number; readonly p95Ms: number };

/**
 * The `--json` object: `{"<engine>": {"<size>": {buildMs, warmStartMs, heapMB, p50Ms, p95Ms, updateMs,
 * storedMB}}, "turn": {"<size>": {prepareMs, p95Ms}}, "rounds": N}`, the turn's when it was measured.
 */
export function benchJson(
	results: BenchResults,
	turns: TurnResults,
	rounds: number,
): Record<string, Record<string, EngineFigures | TurnFigures> | number> {
	const json: Record<string, Record<string, EngineFigures | TurnFigures>> = {};
	for (const [engine, sizes] of Object.entries(results)) {
		json[engine] = {};
		for (const [size, run] of Object.entries(sizes ?? {})) {
			const { buildMs, warmStartMs, heapMB, p50Ms, p95Ms, updateMs, storedMB } = run;
			json[engine][size] = { buildMs, warmStartMs, heapMB, p50Ms, p95Ms, updateMs, storedMB };
		}
	}
	const turnSizes = Object.entries(turns);
	if (turnSizes.length > 0)
		json.turn = Object.fromEntries(turnSizes.map(([size, { prepareMs, p95Ms }]) => [size, { prepareMs, p95Ms }]));
	return { ...json, rounds };
}

export function benchTable(
	results: BenchResults,
	turns: TurnResults,
	notesBySize: ReadonlyMap<string, number>,
	skipped: readonly string[],
	rounds: number,
): string {
	const rows: string[][] = [];
	for (const size of VAULT_SIZES) {
		for (const engine of ENGINE_NAMES) {
			const run = results[engine]?.[size];
			if (run === undefined) continue;
			rows.push([
				size,
				String(notesBySize.get(size) ?? ""),
				engine,
				cell(run.buildMs, 0),
				cell(run.warmStartMs, 1),
				cell(run.heapMB, 1),
				cell(run.storedMB, 1),
				cell(run.p50Ms, 3),
				cell(run.p95Ms, 3),
				`${run.queriesRun}×${run.searches / run.queriesRun}`,
				cell(run.updateMs, 2),
				cell(run.updateMaxMs, 2),
			]);
		}
	}
	const header = [
		"vault",
		"notes",
		"engine",
		"build ms",
		"warm ms",
		"memory MB",
		"saved MB",
		"p50 ms",
		"p95 ms",
		"queries",
		"update ms",
		"upd max",
	];
	const checks = [...checkTargets(results), ...checkTurnTargets(turns)];
	const turnRows = VAULT_SIZES.flatMap((size) => {
		const run = turns[size];
		return run === undefined
			? []
			: [[size, String(notesBySize.get(size) ?? ""), cell(run.prepareMs, 2), cell(run.p95Ms, 2), String(run.turns)]];
	});
	const slowest = Object.entries(results.ours ?? {}).map(
		([size, run]) => `  ${size}: ${run.slowest.map((time) => `"${time.query}" ${time.ms.toFixed(3)}`).join(", ")}`,
	);
	return [
		textTable(header, rows),
		`every figure: the median of ${rounds} round${rounds === 1 ? "" : "s"}, each engine in a fresh process, the engines' order reversed every other round`,
		"build, warm: within a round, median of 3 runs up to 10k notes, 1 run above; warm = persisted index loaded, 1% of notes changed (fuse.js rebuilds)",
		"p50, p95: over every timed search (queries × runs, limit 5, after an untimed pass except fuse.js); update: median of 20 single-note updates",
		...skipped.map((reason) => `skipped: ${reason}`),
		...againstFts5(results),
		"",
		"Our slowest queries (median ms):",
		...slowest,
		...(turnRows.length === 0
			? []
			: [
					"",
					"Cost of a turn: from the user's message to the request leaving (context assembly, the hot layers read, the prompt built)",
					textTable(["vault", "notes", "p50 ms", "p95 ms", "turns"], turnRows),
				]),
		"",
		"Targets:",
		textTable(
			["target", "measured", ""],
			checks.map((check) => [check.target, check.measured, check.met ? "met" : "MISSED"]),
		),
	].join("\n");
}

const COMPARED: readonly {
	readonly figure: Exclude<keyof EngineFigures, "storedMB">;
	readonly label: string;
	readonly digits: number;
}[] = [
	{ figure: "buildMs", label: "build ms", digits: 0 },
	{ figure: "warmStartMs", label: "warm ms", digits: 1 },
	{ figure: "p95Ms", label: "p95 ms", digits: 3 },
	{ figure: "updateMs", label: "update ms", digits: 2 },
	{ figure: "heapMB", label: "memory MB", digits: 1 },
];

/** Ours and FTS5 side by side, with FTS5's figure over ours: above 1, ours is ahead. */
function againstFts5(results: BenchResults): string[] {
	const rows = VAULT_SIZES.flatMap((size) => {
		const ours = results.ours?.[size];
		const fts5 = results.fts5?.[size];
		if (ours === undefined || fts5 === undefined) return [];
		return COMPARED.map(({ figure, label, digits }) => [
			size,
			label,
			cell(ours[figure], digits),
			cell(fts5[figure], digits),
			`${(fts5[figure] / ours[figure]).toFixed(1)}x`,
		]);
	});
	if (rows.length === 0) return [];
	return [
		"",
		"Ours against SQLite FTS5 (FTS5 ÷ ours: above 1x, ours is ahead; FTS5's memory includes its WebAssembly heap):",
		textTable(["vault", "figure", "ours", "fts5", "ratio"], rows),
	];
}
