import type { NoteInput } from "../../src/core/retrieval";
import { createEngine, createRestartedEngine } from "../lib/retrievalBench/engines/engineRegistry";
import type { EngineName, SearchEngine, StoredIndex } from "../lib/retrievalBench/engines/searchEngine";
import { detachedCopy } from "../../headless/metadata/detachedStrings";
import { retainedMemoryMB, timed, timedOnSettledHeap } from "../lib/retrievalBench/measurement";
import { SeededRandom } from "../lib/retrievalBench/seededRandom";
import { percentile } from "../lib/retrievalBench/statistics";
import { BENCH_NOW, editedNote } from "./benchVaults";

/** The figures a benchmark reports, per engine and vault size (the `--json` output). */
export interface EngineFigures {
	readonly buildMs: number;
	readonly warmStartMs: number;
	/**
	 * The memory the built index holds: JavaScript heap, array buffers and, for FTS5, SQLite's
	 * WebAssembly heap. The name is kept from when only the JavaScript heap was counted.
	 */
	readonly heapMB: number;
	readonly p50Ms: number;
	readonly p95Ms: number;
	readonly updateMs: number;
	/** Size of the persisted index, `null` for an engine that rebuilds. */
	readonly storedMB: number | null;
}

/** The figures, with what the table says about how they were taken. */
export interface EngineRun extends EngineFigures {
	readonly queriesRun: number;
	readonly searches: number;
	readonly updateMaxMs: number;
	/** The queries that took longest (median of their runs), slowest first. */
	readonly slowest: readonly QueryTime[];
}

export interface QueryTime {
	readonly query: string;
	readonly ms: number;
}

/**
 * How many times to run the query set: every query `repetitions` times, or, for an engine too
 * slow for that, each query once until `budgetMs` is spent (at least `minimumQueries`).
 */
export interface QueryPlan {
	/** Runs the whole set once untimed first, so that lazily built structures and JIT tiers do not count as query time. */
	readonly untimedPass: boolean;
	readonly repetitions: number;
	readonly budgetMs: number | null;
	readonly minimumQueries: number;
}

const WARM_UP_BUILDS = 3;
const UPDATES = 20;
const CHANGED_SHARE = 0.01;
const RESULT_LIMIT = 5;
/**
 * Cold builds and warm starts are each a single long sample, and the machine is shared: up to
 * 10k notes they run three times and report the median. At 50k one run takes long enough to be stable.
 */
const TIMED_RUNS = 3;
const REPEAT_UP_TO_NOTES = 10_000;
const SLOWEST_REPORTED = 3;
/** Which notes are edited: the same ones on every run and for every engine. */
const UPDATE_SEED = 1;
const CHANGE_SEED = 2;

/**
 * Measures one engine on one vault: the memory an index of it holds (see `indexMemoryMB`), cold
 * build, queries, single-note updates, and a warm start from what the engine persisted, with 1% of
 * the notes changed since. The memory, and builds and warm starts after the first, are each
 * measured in an engine of their own.
 * Every edited note is prepared (metadata included, which Obsidian's cache would hold) before the
 * clock starts: the timings are of the index alone.
 */
export async function measureEngine(
	name: EngineName,
	notes: readonly NoteInput[],
	queries: readonly string[],
	plan: QueryPlan,
): Promise<EngineRun> {
	const runs = notes.length <= REPEAT_UP_TO_NOTES ? TIMED_RUNS : 1;
	const memoryMB = inFreshEngine(name, (fresh) => indexMemoryMB(fresh, notes));
	const engine = createEngine(name, { now: BENCH_NOW });
	const buildTimes = [
		timedOnSettledHeap(() => engine.build(notes)).ms,
		...repeated(runs - 1, () => inFreshEngine(name, (fresh) => timedOnSettledHeap(() => fresh.build(notes)).ms)),
	];
	const stored = engine.save();
	const latencies = queryLatencies(engine, queries, plan);
	const updateTimes = updateLatencies(engine, notes);
	engine.dispose?.();
	const warmStartTimes: number[] = [];
	for (let run = 0; run < runs; run++) warmStartTimes.push(await warmStart(name, stored, notes));
	return {
		buildMs: percentile(buildTimes, 50),
		warmStartMs: percentile(warmStartTimes, 50),
		heapMB: memoryMB,
		p50Ms: percentile(latencies.samples, 50),
		p95Ms: percentile(latencies.samples, 95),
		updateMs: percentile(updateTimes, 50),
		updateMaxMs: Math.max(...updateTimes),
		queriesRun: latencies.queriesRun,
		searches: latencies.samples.length,
		slowest: latencies.slowest,
		storedMB: stored === null ? null : byteLength(stored) / (1024 * 1024),
	};
}

/**
 * The memory an index of `notes` holds, built from copies of their texts that nothing else holds,
 * as Obsidian hands the plugin a text read from disk: whatever the engine keeps of a note's text
 * (a heading cut out of it keeps all of it) counts as the index's. An engine whose index lives in
 * a WebAssembly heap (FTS5) holds it outside the JavaScript heap and its array buffers: SQLite's
 * own count of it is added (WebAssembly memory only ever grows, so its size would say what the
 * warm-up builds needed, not what this index holds).
 */
function indexMemoryMB(engine: SearchEngine, notes: readonly NoteInput[]): number {
	const nativeBefore = engine.nativeBytes?.() ?? 0;
	const { memoryMB } = retainedMemoryMB(() =>
		engine.build(notes.map((note) => ({ ...note, content: detachedCopy(note.content) }))),
	);
	return memoryMB + ((engine.nativeBytes?.() ?? 0) - nativeBefore) / (1024 * 1024);
}

/**
 * Runs the engine's code on another vault first, a few full builds and the query set, so that the
 * measured build is not also the JIT's first. Before the measured vault is even loaded: warmed up
 * on a slice of it instead, MiniSearch's 10k build took two to four times longer (the JIT's early
 * choices stick), which would flatter us.
 */
export function warmUp(name: EngineName, notes: readonly NoteInput[], queries: readonly string[]): void {
	for (let build = 0; build < WARM_UP_BUILDS; build++)
		inFreshEngine(name, (engine) => {
			engine.build(notes);
			for (const query of queries) engine.search(query, RESULT_LIMIT);
		});
}

interface Latencies {
	readonly samples: number[];
	readonly queriesRun: number;
	readonly slowest: QueryTime[];
}

function queryLatencies(engine: SearchEngine, queries: readonly string[], plan: QueryPlan): Latencies {
	if (plan.untimedPass) for (const query of queries) engine.search(query, RESULT_LIMIT);
	const samples: number[] = [];
	const medians: QueryTime[] = [];
	const started = performance.now();
	for (const query of queries) {
		const overBudget = plan.budgetMs !== null && performance.now() - started > plan.budgetMs;
		if (overBudget && medians.length >= plan.minimumQueries) break;
		const times = repeated(plan.repetitions, () => timed(() => engine.search(query, RESULT_LIMIT)).ms);
		samples.push(...times);
		medians.push({ query, ms: percentile(times, 50) });
	}
	const slowest = medians.sort((a, b) => b.ms - a.ms).slice(0, SLOWEST_REPORTED);
	return { samples, queriesRun: medians.length, slowest };
}

function updateLatencies(engine: SearchEngine, notes: readonly NoteInput[]): number[] {
	const edited = pick(notes, UPDATES, UPDATE_SEED).map((note, edit) => editedNote(note, edit));
	return edited.map((note) => timed(() => engine.update(note)).ms);
}

/**
 * A restart in a new engine, as a restarted plugin has it (see `createRestartedEngine`): the
 * persisted index loaded (or the vault rebuilt), 1% of the notes changed meanwhile.
 */
async function warmStart(name: EngineName, stored: StoredIndex | null, notes: readonly NoteInput[]): Promise<number> {
	const changed = new Map(
		pick(notes, Math.max(1, Math.round(notes.length * CHANGED_SHARE)), CHANGE_SEED).map((note, edit) => [
			note.path,
			editedNote(note, edit),
		]),
	);
	const vaultNow = notes.map((note) => changed.get(note.path) ?? note);
	const engine = await createRestartedEngine(name, { now: BENCH_NOW });
	try {
		return timedOnSettledHeap(() => engine.restore(stored, vaultNow)).ms;
	} finally {
		engine.dispose?.();
	}
}

/** `work` on a new engine, disposed of after: an FTS5 database left open would hold its heap for the rest of the run. */
function inFreshEngine<T>(name: EngineName, work: (engine: SearchEngine) => T): T {
	const engine = createEngine(name, { now: BENCH_NOW });
	try {
		return work(engine);
	} finally {
		engine.dispose?.();
	}
}

function repeated<T>(times: number, work: () => T): T[] {
	return Array.from({ length: times }, work);
}

/** `count` distinct notes, the same for the same seed. */
function pick(notes: readonly NoteInput[], count: number, seed: number): NoteInput[] {
	return new SeededRandom(seed).shuffled(notes).slice(0, count);
}

function byteLength(stored: StoredIndex): number {
	return typeof stored === "string" ? Buffer.byteLength(stored, "utf8") : stored.byteLength;
}

/**
 * One run whose every figure is the median of the runs' (rounds of the same engine on the same
 * vault): the query counts and slowest queries are the first run's, which every round shares.
 */
export function medianRun(runs: readonly EngineRun[]): EngineRun {
	const median = (figure: (run: EngineRun) => number) => percentile(runs.map(figure), 50);
	const stored = runs[0].storedMB;
	return {
		...runs[0],
		buildMs: median((run) => run.buildMs),
		warmStartMs: median((run) => run.warmStartMs),
		heapMB: median((run) => run.heapMB),
		p50Ms: median((run) => run.p50Ms),
		p95Ms: median((run) => run.p95Ms),
		updateMs: median((run) => run.updateMs),
		updateMaxMs: median((run) => run.updateMaxMs),
		storedMB: stored === null ? null : median((run) => run.storedMB ?? stored),
	};
}
