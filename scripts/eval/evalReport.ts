import { HELP_LANGUAGES } from "../lib/retrievalBench/corpus";
import type { EngineName } from "../lib/retrievalBench/engines/searchEngine";
import { mean } from "../lib/retrievalBench/statistics";
import { cell, textTable } from "../lib/retrievalBench/textTable";
import { MRR_CUTOFF, RECALL_K, type HelpEvaluation, type QueryOutcome } from "./helpEvaluation";
import type { CheckResult } from "./memoryChecks";

export interface Scores {
	readonly queries: number;
	readonly recallAt5: number;
	readonly hitAt5: number;
	readonly mrr: number;
}

/** Per engine, per language and `all`: the means over the judged queries. */
export type HelpScores = Record<string, Record<string, Scores>>;

export function helpScores(evaluation: HelpEvaluation): HelpScores {
	const scores: HelpScores = {};
	for (const [engine, outcomes] of evaluation.outcomes) {
		scores[engine] = {};
		for (const lang of HELP_LANGUAGES) {
			const ofLang = outcomes.filter((outcome) => outcome.qrel.lang === lang);
			if (ofLang.length > 0) scores[engine][lang] = scoresOf(ofLang);
		}
		scores[engine].all = scoresOf(outcomes);
	}
	return scores;
}

function scoresOf(outcomes: readonly QueryOutcome[]): Scores {
	return {
		queries: outcomes.length,
		recallAt5: mean(outcomes.map((outcome) => outcome.recall)),
		hitAt5: mean(outcomes.map((outcome) => outcome.hit)),
		mrr: mean(outcomes.map((outcome) => outcome.reciprocalRank)),
	};
}

export function evalJson(scores: HelpScores, evaluation: HelpEvaluation, memory: readonly CheckResult[]) {
	return { help: scores, unknownPaths: evaluation.unknownPaths, memory };
}

export function evalText(scores: HelpScores, evaluation: HelpEvaluation, memory: readonly CheckResult[]): string {
	const rows = Object.entries(scores).flatMap(([engine, byLang]) =>
		Object.entries(byLang).map(([lang, s]) => [engine, lang, String(s.queries), cell(s.recallAt5, 3), cell(s.hitAt5, 3), cell(s.mrr, 3)]),
	);
	const lines = [
		"obsidian-help, note level (each language folder its own vault):",
		textTable(["engine", "lang", "queries", `recall@${RECALL_K}`, `hit@${RECALL_K}`, `MRR@${MRR_CUTOFF}`], rows),
	];
	if (evaluation.unknownPaths.length > 0) lines.push("", "judged paths not in the vault (qrels mistakes):", ...evaluation.unknownPaths.map((path) => `  ${path}`));
	lines.push("", ...missesOf(evaluation, "ours"));
	lines.push("", "memory workspace (our engine):", ...memory.map((result) => `  ${result.passed ? "pass" : "FAIL"}  ${result.check}${result.passed ? "" : `\n        ${result.detail}`}`));
	return lines.join("\n");
}

/** Our engine's queries with a relevant note missing from the top k: what to look at when tuning. */
function missesOf(evaluation: HelpEvaluation, engine: EngineName): string[] {
	const misses = (evaluation.outcomes.get(engine) ?? []).filter((outcome) => outcome.recall < 1);
	if (misses.length === 0) return [`${engine}: every relevant note in the top ${RECALL_K}`];
	return [
		`${engine}: queries with a relevant note outside the top ${RECALL_K} (${misses.length}):`,
		...misses.map(({ qrel, ranking, recall }) => {
			const missing = qrel.relevant.filter((path) => !ranking.slice(0, RECALL_K).includes(path));
			const rankOf = (path: string) => (ranking.includes(path) ? `#${ranking.indexOf(path) + 1}` : `>${MRR_CUTOFF}`);
			return `  ${qrel.id} [${qrel.lang}, ${qrel.kind}] "${qrel.query}" recall ${recall.toFixed(2)}; missing ${missing.map((path) => `${path} (${rankOf(path)})`).join(", ")}; top: ${ranking.slice(0, 3).join(" | ")}`;
		}),
	];
}
