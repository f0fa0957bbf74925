import "../lib/retrievalBench/utcClock";
import { chosen, parseRunnerArgs, RunnerUsageError } from "../lib/retrievalBench/commandLine";
import type { NoteInput } from "../../src/core/retrieval";
import { CorporaMissingError, HELP_LANGUAGES, helpVaultDir, requireCorpora, type HelpLanguage } from "../lib/retrievalBench/corpus";
import { prepareEngines } from "../lib/retrievalBench/engines/engineRegistry";
import { ENGINE_NAMES } from "../lib/retrievalBench/engines/searchEngine";
import { CachedEmbeddings } from "./embeddingCache";
import { embeddingSetup } from "./embeddingSetup";
import { evalJson, evalText, helpScores } from "./evalReport";
import { EASY_QRELS, loadEvalSet, SET_NAMES } from "./evalSets";
import { questionsSharingNames } from "./hardSetCheck";
import { READS_ALL } from "../../src/core/retrieval/ranking/vectorTrust";
import { evaluateHelp } from "./helpEvaluation";
import { evaluateHybrid } from "./hybridEvaluation";
import { groupScores, hybridText, type SetOutcomes } from "./hybridReport";
import { fusionRankers } from "./fusionRankers";
import { runMemoryChecks } from "./memoryChecks";
import { memoryIndex } from "./memoryWorkspace";
import { loadQrels, QrelsError } from "./qrels";
import { rankingOverrides } from "./rankingOverrides";

/**
 * `npm run eval [-- --json] [--engines ours,minisearch] [--qrels other.json] [--ranking k1=1.4,b=0.6]
 * [--embed-url URL --embed-model NAME [--embed-api openai|ollama] [--embed-reads auto|all|spaced]]
 * [--sets help-easy,help-hard,personal] [--fusion vectorWeight=1,coveredLow=0.5]`:
 * quality on obsidian-help for every engine, the memory-workspace checks of ours, then search by
 * meaning on every set: keyword, vector and hybrid, with the model the flags name.
 */
async function main(): Promise<void> {
	const args = parseRunnerArgs(process.argv.slice(2), {
		engines: ENGINE_NAMES.join(","),
		qrels: "file.json",
		ranking: "k1=1.2,b=0.75,boosts.title=2.5",
		sets: SET_NAMES.join(","),
		"embed-url": "URL",
		"embed-model": "NAME",
		"embed-api": "openai|ollama",
		"embed-reads": "auto|all|spaced",
		fusion: "vectorWeight=1,rankConstant=60,coveredLow=0.5,coveredHigh=0.8",
	});
	const engines = chosen(args, "engines", ENGINE_NAMES);
	const qrels = loadQrels(args.lists.get("qrels")?.[0] ?? EASY_QRELS);
	const ranking = rankingOverrides(args.lists.get("ranking") ?? []);
	const embedding = embeddingSetup(args);
	requireCorpora(HELP_LANGUAGES.map(helpVaultDir));
	await prepareEngines(engines);
	const evaluation = evaluateHelp(qrels, engines, ranking);
	const scores = helpScores(evaluation);
	const memory = runMemoryChecks(() => memoryIndex(ranking));

	const sets = chosen(args, "sets", SET_NAMES).map(loadEvalSet);
	const sharing = sets.filter((set) => set.name !== "help-easy").flatMap((set) => questionsSharingNames(set.qrels, indexedByPath(set.vaults)));
	const embeddings = embedding === null ? null : new CachedEmbeddings(embedding.client);
	const rankers = fusionRankers(args.lists.get("fusion") ?? []);
	const coverage = embedding === null ? READS_ALL : await embedding.coverage();
	const results: SetOutcomes[] = [];
	for (const set of sets) {
		const progress = (message: string) => process.stderr.write(`\r${message}   `);
		results.push({ set, byRanker: await evaluateHybrid(set, rankers, embeddings, coverage, progress) });
	}
	if (embeddings !== null) process.stderr.write("\n");
	const hybrid = groupScores(results);

	if (args.json) console.log(JSON.stringify({ ...evalJson(scores, evaluation, memory), model: embeddings?.modelId ?? null, coverage, hybrid, sharingNames: sharing }, null, 2));
	else {
		console.log(evalText(scores, evaluation, memory));
		console.log(["", hybridText(hybrid, embeddings === null ? null : `${embeddings.modelId}, ${coverage.readsCjk ? "reads Chinese and Japanese" : "reads no Chinese or Japanese"}`)].join("\n"));
		if (sharing.length > 0) console.log(["", "hard questions that share a term with their answer's names (rewrite them):", ...sharing.map((line) => `  ${line}`)].join("\n"));
	}
	if (memory.some((result) => !result.passed) || sharing.length > 0) process.exitCode = 1;
}

function indexedByPath(vaults: ReadonlyMap<HelpLanguage, readonly NoteInput[]>): Map<HelpLanguage, Map<string, NoteInput>> {
	return new Map([...vaults].map(([lang, notes]) => [lang, new Map(notes.map((note) => [note.path, note]))]));
}

main().catch((error: unknown) => {
	if (!(error instanceof RunnerUsageError || error instanceof QrelsError || error instanceof CorporaMissingError)) throw error;
	process.stderr.write(`${error.message}\n`);
	process.exitCode = 1;
});
