import "../lib/retrievalBench/utcClock";
import { chosen, parseRunnerArgs, RunnerUsageError } from "../lib/retrievalBench/commandLine";
import { allCorpusDirs, CorporaMissingError, requireCorpora } from "../lib/retrievalBench/corpus";
import { ENGINE_NAMES, type EngineName } from "../lib/retrievalBench/engines/searchEngine";
import { benchJson, benchTable } from "./benchReport";
import type { BenchResults, TurnResults } from "./benchTargets";
import { VAULT_SIZES, type VaultSize } from "./benchVaults";
import { IsolatedRunner } from "./isolatedRun";

/** fuse.js at 50k notes would take minutes of queries; the trend is clear by 10k. */
const FUSE_SKIPPED_SIZES: readonly VaultSize[] = ["50k"];

/**
 * `npm run bench [-- --json] [--sizes 1k,10k,50k,hub] [--engines ours,minisearch,fuse] [--turn 10k]`:
 * every engine on every vault, then the cost of a chat turn (on the 10k vault when it is among the
 * sizes, or on the vaults `--turn` names), each in a process of its own (see `isolatedRun.ts`),
 * then one table.
 */
function main(): void {
	const args = parseRunnerArgs(process.argv.slice(2), {
		sizes: VAULT_SIZES.join(","),
		engines: ENGINE_NAMES.join(","),
		turn: "10k",
	});
	const sizes = chosen(args, "sizes", VAULT_SIZES);
	const engines = chosen(args, "engines", ENGINE_NAMES);
	const turnSizes = args.lists.has("turn") ? chosen(args, "turn", VAULT_SIZES) : sizes.filter((size) => size === "10k");
	// Every size is drawn from the public vaults, the synthetic ones too.
	requireCorpora(allCorpusDirs());
	const runner = new IsolatedRunner();
	const results: BenchResults = {};
	const turns: TurnResults = {};
	const notesBySize = new Map<string, number>();
	const skipped: string[] = [];
	try {
		for (const size of sizes) {
			for (const engine of engines) {
				if (engine === "fuse" && FUSE_SKIPPED_SIZES.includes(size)) {
					skipped.push(`fuse at ${size} (a query takes seconds; see 1k and 10k)`);
					continue;
				}
				const { notes, run } = runner.measure(size, engine);
				notesBySize.set(size, notes);
				resultsFor(results, engine)[size] = run;
				progress(`${size} ${engine}: build ${run.buildMs.toFixed(0)} ms, p95 ${run.p95Ms.toFixed(3)} ms`);
			}
		}
		for (const size of turnSizes) {
			const { notes, turn } = runner.measureTurn(size);
			notesBySize.set(size, notes);
			turns[size] = turn;
			progress(`${size} turn: prepare p50 ${turn.prepareMs.toFixed(2)} ms, p95 ${turn.p95Ms.toFixed(2)} ms`);
		}
	} finally {
		runner.dispose();
	}
	console.log(
		args.json ? JSON.stringify(benchJson(results, turns), null, 2) : benchTable(results, turns, notesBySize, skipped),
	);
}

function resultsFor(results: BenchResults, engine: EngineName) {
	return (results[engine] ??= {});
}

/** Progress on stderr, so that `--json` output stays one JSON object. */
function progress(message: string): void {
	process.stderr.write(`${message}\n`);
}

try {
	main();
} catch (error) {
	if (!(error instanceof RunnerUsageError || error instanceof CorporaMissingError)) throw error;
	process.stderr.write(`${error.message}\n`);
	process.exitCode = 1;
}
