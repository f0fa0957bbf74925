import type { RankingParams } from "../../src/core/retrieval";
import { helpVaultDir, loadVault, type HelpLanguage } from "../lib/retrievalBench/corpus";
import { createEngine } from "../lib/retrievalBench/engines/engineRegistry";
import type { EngineName } from "../lib/retrievalBench/engines/searchEngine";
import { hitAt, recallAt, reciprocalRank } from "./metrics";
import { unknownPaths, type Qrel } from "./qrels";

export const RECALL_K = 5;
export const MRR_CUTOFF = 10;
/** The help vault has no daily notes: the clock only has to be fixed. */
const EVAL_NOW = new Date("2026-08-20T12:00:00Z");
const EVAL_MTIME = Date.UTC(2026, 7, 20);

/** How one engine did on one judged query. */
export interface QueryOutcome {
	readonly qrel: Qrel;
	/** The engine's notes, best first, up to `MRR_CUTOFF`. */
	readonly ranking: readonly string[];
	readonly recall: number;
	readonly hit: number;
	readonly reciprocalRank: number;
}

export interface HelpEvaluation {
	readonly outcomes: ReadonlyMap<EngineName, readonly QueryOutcome[]>;
	/** Judged paths that are not in the vault (mistakes in the qrels). */
	readonly unknownPaths: readonly string[];
}

/** Each language folder of obsidian-help as its own vault, indexed by each engine and asked its judged queries. */
export function evaluateHelp(qrels: readonly Qrel[], engines: readonly EngineName[], ranking: Partial<RankingParams>): HelpEvaluation {
	const outcomes = new Map<EngineName, QueryOutcome[]>(engines.map((engine) => [engine, []]));
	const notesByLang = new Map<HelpLanguage, ReadonlySet<string>>();
	for (const lang of new Set(qrels.map((qrel) => qrel.lang))) {
		const notes = loadVault(helpVaultDir(lang), EVAL_MTIME);
		notesByLang.set(lang, new Set(notes.map((note) => note.path)));
		for (const name of engines) {
			const engine = createEngine(name, { now: EVAL_NOW, ranking });
			engine.build(notes);
			for (const qrel of qrels.filter((candidate) => candidate.lang === lang)) {
				outcomes.get(name)?.push(outcomeOf(qrel, engine.search(qrel.query, MRR_CUTOFF)));
			}
			engine.dispose?.();
		}
	}
	return { outcomes, unknownPaths: unknownPaths(qrels, notesByLang) };
}

export function outcomeOf(qrel: Qrel, ranking: readonly string[]): QueryOutcome {
	return {
		qrel,
		ranking,
		recall: recallAt(ranking, qrel.relevant, RECALL_K),
		hit: hitAt(ranking, qrel.relevant, RECALL_K),
		reciprocalRank: reciprocalRank(ranking, qrel.relevant, MRR_CUTOFF),
	};
}
