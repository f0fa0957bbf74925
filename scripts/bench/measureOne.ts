/**
 * One engine on one vault, in a process of its own (`isolatedRun.ts` starts it): prints a
 * `MeasuredRun` as JSON on stdout. Usage: `node --expose-gc measureOne.cjs <size> <engine>`.
 */
import "../lib/retrievalBench/utcClock";
import { isEngineName, prepareEngines } from "../lib/retrievalBench/engines/engineRegistry";
import { BENCH_QUERIES } from "./benchQueries";
import { BenchVaults, isVaultSize } from "./benchVaults";
import type { MeasuredRun } from "./isolatedRun";
import { measureEngine, warmUp, type QueryPlan } from "./measureEngine";

/** Every query five times after an untimed pass: over 200 samples, enough for a stable p95. */
const FULL_PLAN: QueryPlan = { untimedPass: true, repetitions: 5, budgetMs: null, minimumQueries: 0 };
/** fuse.js takes seconds a query on large vaults: each query once, for 20 s at most. */
const FUSE_PLAN: QueryPlan = { untimedPass: false, repetitions: 1, budgetMs: 20_000, minimumQueries: 4 };
const FUSE_WARM_UP_QUERIES = 4;

async function main(): Promise<void> {
	const [size, engine] = process.argv.slice(2);
	if (!isVaultSize(size) || !isEngineName(engine))
		throw new Error(`usage: measureOne <size> <engine>, not ${process.argv.slice(2).join(" ")}`);
	await prepareEngines([engine]);
	const vaults = new BenchVaults();
	// fuse.js takes a quarter of a second a query even at 1k notes: a few queries warm it up.
	warmUp(
		engine,
		vaults.notesOf("1k"),
		engine === "fuse" ? BENCH_QUERIES.slice(0, FUSE_WARM_UP_QUERIES) : BENCH_QUERIES,
	);
	const notes = vaults.notesOf(size);
	const measured: MeasuredRun = {
		notes: notes.length,
		run: await measureEngine(engine, notes, BENCH_QUERIES, engine === "fuse" ? FUSE_PLAN : FULL_PLAN),
	};
	process.stdout.write(JSON.stringify(measured));
}

void main();
