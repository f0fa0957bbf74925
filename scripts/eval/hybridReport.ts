import { mean } from "../lib/retrievalBench/statistics";
import { cell, textTable } from "../lib/retrievalBench/textTable";
import type { EvalSet } from "./evalSets";
import { MRR_CUTOFF, RECALL_K, type QueryOutcome } from "./helpEvaluation";

/** One set's outcomes by ranker, as `evaluateHybrid` returns them. */
export interface SetOutcomes {
	readonly set: EvalSet;
	readonly byRanker: ReadonlyMap<string, readonly QueryOutcome[]>;
}

/** Per set and group: the number of questions, then each ranker's recall@5 and MRR@10. */
export interface GroupScores {
	readonly set: string;
	readonly group: string;
	readonly queries: number;
	readonly recallAt5: Readonly<Record<string, number>>;
	readonly mrr: Readonly<Record<string, number>>;
}

export function groupScores(results: readonly SetOutcomes[]): GroupScores[] {
	return results.flatMap(({ set, byRanker }) => {
		const rankers = [...byRanker.keys()];
		const groups = [...[...new Set(set.qrels.flatMap((qrel) => set.groupsOf(qrel)))].sort(), "all"];
		return groups.map((group) => {
			const inGroup = (outcome: QueryOutcome) => group === "all" || set.groupsOf(outcome.qrel).includes(group);
			const of = (ranker: string) => (byRanker.get(ranker) ?? []).filter(inGroup);
			return {
				set: set.name,
				group,
				queries: of(rankers[0]).length,
				recallAt5: Object.fromEntries(rankers.map((ranker) => [ranker, mean(of(ranker).map((outcome) => outcome.recall))])),
				mrr: Object.fromEntries(rankers.map((ranker) => [ranker, mean(of(ranker).map((outcome) => outcome.reciprocalRank))])),
			};
		});
	});
}

/** Two tables (recall@5, then MRR@10), a row per set and group, a column per ranker. */
export function hybridText(scores: readonly GroupScores[], model: string | null): string {
	const rankers = Object.keys(scores[0]?.recallAt5 ?? {});
	const table = (metric: "recallAt5" | "mrr") =>
		textTable(
			["set", "group", "queries", ...rankers],
			scores.map((row) => [row.set, row.group, String(row.queries), ...rankers.map((ranker) => cell(row[metric][ranker], 3))]),
		);
	return [
		`search by meaning, note level${model === null ? " (no --embed-url: keyword search only)" : `, model ${model}`}:`,
		`recall@${RECALL_K}`,
		table("recallAt5"),
		"",
		`MRR@${MRR_CUTOFF}`,
		table("mrr"),
	].join("\n");
}
