import "../lib/retrievalBench/utcClock";
import * as nodePath from "node:path";
import { chosen, parseRunnerArgs, RunnerUsageError } from "../lib/retrievalBench/commandLine";
import { CorporaMissingError, HELP_LANGUAGES, helpVaultDir, requireCorpora } from "../lib/retrievalBench/corpus";
import { prepareEngines } from "../lib/retrievalBench/engines/engineRegistry";
import { ENGINE_NAMES } from "../lib/retrievalBench/engines/searchEngine";
import { evalJson, evalText, helpScores } from "./evalReport";
import { evaluateHelp } from "./helpEvaluation";
import { runMemoryChecks } from "./memoryChecks";
import { memoryIndex } from "./memoryWorkspace";
import { loadQrels, QrelsError } from "./qrels";
import { rankingOverrides } from "./rankingOverrides";

const DEFAULT_QRELS = nodePath.join(__dirname, "..", "..", "eval", "obsidian-help.qrels.json");

/**
 * `npm run eval [-- --json] [--engines ours,minisearch] [--qrels other.json] [--ranking k1=1.4,b=0.6]`:
 * quality on obsidian-help for every engine, then the memory-workspace checks of ours.
 */
async function main(): Promise<void> {
	const args = parseRunnerArgs(process.argv.slice(2), { engines: ENGINE_NAMES.join(","), qrels: "file.json", ranking: "k1=1.2,b=0.75,boosts.title=2.5" });
	const engines = chosen(args, "engines", ENGINE_NAMES);
	const qrels = loadQrels(args.lists.get("qrels")?.[0] ?? DEFAULT_QRELS);
	const ranking = rankingOverrides(args.lists.get("ranking") ?? []);
	requireCorpora(HELP_LANGUAGES.map(helpVaultDir));
	await prepareEngines(engines);
	const evaluation = evaluateHelp(qrels, engines, ranking);
	const scores = helpScores(evaluation);
	const memory = runMemoryChecks(() => memoryIndex(ranking));
	console.log(args.json ? JSON.stringify(evalJson(scores, evaluation, memory), null, 2) : evalText(scores, evaluation, memory));
	if (memory.some((result) => !result.passed)) process.exitCode = 1;
}

main().catch((error: unknown) => {
	if (!(error instanceof RunnerUsageError || error instanceof QrelsError || error instanceof CorporaMissingError)) throw error;
	process.stderr.write(`${error.message}\n`);
	process.exitCode = 1;
});
