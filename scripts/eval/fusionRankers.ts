import { DEFAULT_FUSION, type FusionParams } from "../../src/core/retrieval/ranking/hybridFusion";
import { DEFAULT_TRUST, type TrustParams } from "../../src/core/retrieval/ranking/vectorTrust";
import { RunnerUsageError } from "../lib/retrievalBench/commandLine";
import { guardedFusion, lexicalRanker, naiveFusion, vectorRanker, type Ranker } from "./hybridEvaluation";

/**
 * The rankers the eval compares: keyword alone, vectors alone, and each fusion method both naive
 * (every vector trusted, nothing kept first) and guarded as the product fuses; `--fusion
 * vectorWeight=0.8,coveredLow=0.4` tries other parameters without editing the defaults.
 */
export function fusionRankers(assignments: readonly string[]): Ranker[] {
	const fusion: Record<string, number> = { vectorWeight: DEFAULT_FUSION.vectorWeight, rankConstant: DEFAULT_FUSION.rankConstant };
	const trust: Record<string, number> = { ...DEFAULT_TRUST };
	for (const assignment of assignments) {
		const [key, text] = assignment.split("=");
		const value = Number(text);
		if (text === undefined || text.trim() === "" || !Number.isFinite(value)) throw new RunnerUsageError(`--fusion: ${assignment} is not key=number`);
		if (key in fusion) fusion[key] = value;
		else if (key in trust) trust[key] = value;
		else throw new RunnerUsageError(`--fusion: no parameter ${key} (one of ${[...Object.keys(fusion), ...Object.keys(trust)].join(", ")})`);
	}
	const rrf: FusionParams = { ...DEFAULT_FUSION, ...fusion, method: "reciprocal-rank" };
	const score: FusionParams = { ...DEFAULT_FUSION, ...fusion, method: "normalized-score" };
	const guard = trust as unknown as TrustParams;
	return [
		lexicalRanker,
		vectorRanker,
		naiveFusion("rrf naive", rrf),
		guardedFusion("rrf", rrf, guard),
		naiveFusion("score naive", score),
		guardedFusion("score", score, guard),
	];
}
