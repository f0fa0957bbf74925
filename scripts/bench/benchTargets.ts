import type { EngineName } from "../lib/retrievalBench/engines/searchEngine";
import type { VaultSize } from "./benchVaults";
import type { TurnRun } from "./isolatedRun";
import type { EngineRun } from "./measureEngine";

export type BenchResults = Partial<Record<EngineName, Partial<Record<VaultSize, EngineRun>>>>;
/** The cost of a chat turn, by vault. */
export type TurnResults = Partial<Record<VaultSize, TurnRun>>;

export interface TargetCheck {
	readonly target: string;
	readonly measured: string;
	readonly met: boolean;
}

/** An absolute target: our figure at a size, at most `limit`. */
interface Limit {
	readonly size: VaultSize;
	readonly figure: "buildMs" | "warmStartMs" | "p95Ms" | "updateMs" | "heapMB";
	readonly limit: number;
	readonly unit: string;
}

const LIMITS: readonly Limit[] = [
	{ size: "10k", figure: "buildMs", limit: 1500, unit: "ms" },
	{ size: "10k", figure: "warmStartMs", limit: 150, unit: "ms" },
	{ size: "10k", figure: "p95Ms", limit: 1, unit: "ms" },
	{ size: "10k", figure: "updateMs", limit: 5, unit: "ms" },
	{ size: "10k", figure: "heapMB", limit: 40, unit: "MB" },
	{ size: "50k", figure: "buildMs", limit: 8000, unit: "ms" },
	{ size: "50k", figure: "p95Ms", limit: 5, unit: "ms" },
	// A large vault on this machine (about 450k chunks): a phone is slower still, measured by bench:browser.
	{ size: "100k", figure: "buildMs", limit: 10_000, unit: "ms" },
	{ size: "100k", figure: "p95Ms", limit: 8, unit: "ms" },
	{ size: "100k", figure: "updateMs", limit: 1, unit: "ms" },
	{ size: "100k", figure: "heapMB", limit: 130, unit: "MB" },
	{ size: "100k", figure: "warmStartMs", limit: 1500, unit: "ms" },
];
/** The strongest peer a plugin could pick: on every figure, ours must be no worse than FTS5's at the same size. */
const AGAINST_FTS5: readonly Limit["figure"][] = ["buildMs", "warmStartMs", "p95Ms", "updateMs", "heapMB"];
const BUILD_SPEEDUP_OVER_MINISEARCH = 5;
const P95_SPEEDUP_OVER_FUSE = 100;
/** From the user's message to the request leaving, on the 10k-note vault: well below what a user would notice. */
const TURN_LIMIT = { size: "10k", limitMs: 50 } as const;

/** The target for the cost of a turn, when the run measured it: every turn measured (p95) within the limit. */
export function checkTurnTargets(turns: TurnResults): TargetCheck[] {
	const run = turns[TURN_LIMIT.size];
	if (run === undefined) return [];
	return [
		{
			target: `${TURN_LIMIT.size} turn prepare p95 <= ${TURN_LIMIT.limitMs} ms`,
			measured: `${run.p95Ms.toFixed(2)} ms`,
			met: run.p95Ms <= TURN_LIMIT.limitMs,
		},
	];
}

/** The performance targets, for every size the run measured. */
export function checkTargets(results: BenchResults): TargetCheck[] {
	const ours = results.ours ?? {};
	const checks: TargetCheck[] = [];
	for (const { size, figure, limit, unit } of LIMITS) {
		const value = ours[size]?.[figure];
		if (value === undefined || value === null) continue;
		checks.push({
			target: `${size} ${figure} <= ${limit} ${unit}`,
			measured: `${value.toFixed(2)} ${unit}`,
			met: value <= limit,
		});
	}
	for (const [size, run] of Object.entries(ours) as [VaultSize, EngineRun][]) {
		const fts5 = results.fts5?.[size];
		if (fts5 !== undefined)
			for (const figure of AGAINST_FTS5)
				checks.push(ratioCheck(`${size} ${figure} no worse than FTS5's`, fts5[figure] / run[figure], 1));
		const mini = results.minisearch?.[size];
		if (mini !== undefined)
			checks.push(
				ratioCheck(
					`${size} build >= ${BUILD_SPEEDUP_OVER_MINISEARCH}x faster than MiniSearch`,
					mini.buildMs / run.buildMs,
					BUILD_SPEEDUP_OVER_MINISEARCH,
				),
			);
		const fuse = results.fuse?.[size];
		if (fuse !== undefined)
			checks.push(
				ratioCheck(
					`${size} p95 >= ${P95_SPEEDUP_OVER_FUSE}x faster than fuse.js`,
					fuse.p95Ms / run.p95Ms,
					P95_SPEEDUP_OVER_FUSE,
				),
			);
	}
	return checks;
}

function ratioCheck(target: string, ratio: number, atLeast: number): TargetCheck {
	return { target, measured: `${ratio.toFixed(1)}x`, met: ratio >= atLeast };
}
