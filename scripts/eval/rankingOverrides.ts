import { DEFAULT_RANKING, type FieldBoosts, type RankingParams } from "../../src/core/retrieval";
import { RunnerUsageError } from "../lib/retrievalBench/commandLine";

/**
 * Ranking parameters from `--ranking k1=1.4,b=0.6,boosts.title=3`, to try values on the
 * evaluation without editing the engine's defaults.
 */
export function rankingOverrides(assignments: readonly string[]): Partial<RankingParams> {
	const params: Record<string, number> = {};
	const boosts: Record<string, number> = {};
	for (const assignment of assignments) {
		const [key, text] = assignment.split("=");
		const value = Number(text);
		if (text === undefined || text.trim() === "" || !Number.isFinite(value)) throw new RunnerUsageError(`--ranking: ${assignment} is not key=number`);
		const boost = /^boosts\.(\w+)$/.exec(key);
		if (boost !== null && boost[1] in DEFAULT_RANKING.boosts) boosts[boost[1]] = value;
		else if (key in DEFAULT_RANKING && typeof DEFAULT_RANKING[key as keyof RankingParams] === "number") params[key] = value;
		else throw new RunnerUsageError(`--ranking: no numeric parameter ${key} (see src/core/retrieval/ranking/rankingParams.ts)`);
	}
	const overrides: Partial<RankingParams> = params;
	return Object.keys(boosts).length === 0 ? overrides : { ...overrides, boosts: { ...DEFAULT_RANKING.boosts, ...(boosts as Partial<FieldBoosts>) } };
}
