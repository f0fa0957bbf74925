import "../lib/retrievalBench/utcClock";
import { chosen, parseRunnerArgs, RunnerUsageError } from "../lib/retrievalBench/commandLine";
import { allCorpusDirs, CorporaMissingError, requireCorpora } from "../lib/retrievalBench/corpus";
import { ENGINE_NAMES } from "../lib/retrievalBench/engines/searchEngine";
import { benchJson, benchTable } from "./benchReport";
import type { BenchResults, TurnResults } from "./benchTargets";
import { VAULT_SIZES, type VaultSize } from "./benchVaults";
import { IsolatedRunner } from "./isolatedRun";
import { medianRun, type EngineRun } from "./measureEngine";

/** fuse.js at 50k notes would take minutes of queries; the trend is clear by 10k. */
const FUSE_SKIPPED_SIZES: readonly VaultSize[] = ["50k", "100k"];
/**
 * The machine is shared and its load changes by the minute: every engine is measured this many
 * times, the order of the engines reversed every other round, and each figure is the median.
 */
const DEFAULT_ROUNDS = 3;

/**
 * `npm run bench [-- --json] [--sizes 1k,10k,50k,100k,hub] [--engines ours,fts5,minisearch,fuse]
 * [--rounds 3] [--turn 10k]`: every engine on every vault, `--rounds` times with the engines
 * alternated, then the cost of a chat turn (on the 10k vault when it is among the sizes, or on the
 * vaults `--turn` names), each in a process of its own (see `isolatedRun.ts`), then one table.
 */
function main(): void {
	const args = parseRunnerArgs(process.argv.slice(2), {
		sizes: VAULT_SIZES.join(","),
		engines: ENGINE_NAMES.join(","),
		rounds: String(DEFAULT_ROUNDS),
		turn: "10k",
	});
	const sizes = chosen(args, "sizes", VAULT_SIZES);
	const engines = chosen(args, "engines", ENGINE_NAMES);
	const rounds = roundsOf(args.lists.get("rounds"));
	const turnSizes = args.lists.has("turn") ? chosen(args, "turn", VAULT_SIZES) : sizes.filter((size) => size === "10k");
	// Every size is drawn from the public vaults, the synthetic ones too.
	requireCorpora(allCorpusDirs());
	const runner = new IsolatedRunner();
	const samples = new Map<string, EngineRun[]>();
	const turns: TurnResults = {};
	const notesBySize = new Map<string, number>();
	const skipped = new Set<string>();
	try {
		for (let round = 1; round <= rounds; round++) {
			const order = round % 2 === 1 ? engines : [...engines].reverse();
			for (const size of sizes) {
				for (const engine of order) {
					if (engine === "fuse" && FUSE_SKIPPED_SIZES.includes(size)) {
						skipped.add(`fuse at ${size} (a query takes seconds; see 1k and 10k)`);
						continue;
					}
					const { notes, run } = runner.measure(size, engine);
					notesBySize.set(size, notes);
					samples.set(`${engine} ${size}`, [...(samples.get(`${engine} ${size}`) ?? []), run]);
					progress(
						`round ${round}/${rounds} ${size} ${engine}: build ${run.buildMs.toFixed(0)} ms, p95 ${run.p95Ms.toFixed(3)} ms`,
					);
				}
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
	const results: BenchResults = {};
	for (const engine of engines)
		for (const size of sizes) {
			const runs = samples.get(`${engine} ${size}`);
			if (runs !== undefined) (results[engine] ??= {})[size] = medianRun(runs);
		}
	console.log(
		args.json
			? JSON.stringify(benchJson(results, turns, rounds), null, 2)
			: benchTable(results, turns, notesBySize, [...skipped], rounds),
	);
}

function roundsOf(given: readonly string[] | undefined): number {
	if (given === undefined) return DEFAULT_ROUNDS;
	const rounds = Number(given[0]);
	if (given.length !== 1 || !Number.isInteger(rounds) || rounds < 1)
		throw new RunnerUsageError(`--rounds needs a whole number of rounds, not ${given.join(",")}`);
	return rounds;
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
