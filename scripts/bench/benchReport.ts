import { ENGINE_NAMES } from "../lib/retrievalBench/engines/searchEngine";
import { cell, textTable } from "../lib/retrievalBench/textTable";
import { checkTargets, checkTurnTargets, type BenchResults, type TurnResults } from "./benchTargets";
import { VAULT_SIZES } from "./benchVaults";
import type { EngineFigures } from "./measureEngine";

type TurnFigures = { readonly prepareMs: number; readonly p95Ms: number };

/**
 * The `--json` object: `{"<engine>": {"<size>": {buildMs, warmStartMs, heapMB, p50Ms, p95Ms, updateMs}},
 * "turn": {"<size>": {prepareMs, p95Ms}}}`, the turn's when it was measured.
 */
export function benchJson(
	results: BenchResults,
	turns: TurnResults,
): Record<string, Record<string, EngineFigures | TurnFigures>> {
	const json: Record<string, Record<string, EngineFigures | TurnFigures>> = {};
	for (const [engine, sizes] of Object.entries(results)) {
		json[engine] = {};
		for (const [size, run] of Object.entries(sizes ?? {})) {
			const { buildMs, warmStartMs, heapMB, p50Ms, p95Ms, updateMs } = run;
			json[engine][size] = { buildMs, warmStartMs, heapMB, p50Ms, p95Ms, updateMs };
		}
	}
	const turnSizes = Object.entries(turns);
	if (turnSizes.length > 0)
		json.turn = Object.fromEntries(turnSizes.map(([size, { prepareMs, p95Ms }]) => [size, { prepareMs, p95Ms }]));
	return json;
}

export function benchTable(
	results: BenchResults,
	turns: TurnResults,
	notesBySize: ReadonlyMap<string, number>,
	skipped: readonly string[],
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
		"heap MB",
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
		"build, warm: median of 3 runs up to 10k notes, 1 run at 50k; warm = persisted index loaded, 1% of notes changed (fuse.js rebuilds)",
		"p50, p95: over every timed search (queries × runs, limit 5, after an untimed pass except fuse.js); update: median of 20 single-note updates",
		...skipped.map((reason) => `skipped: ${reason}`),
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
