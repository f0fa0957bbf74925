import { mkdtempSync, openSync, readFileSync, readSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as nodePath from "node:path";
import { sha256Hex } from "../../src/core/audit/hash";
import { chunkKeyOf, keyOfHalves } from "../../src/core/retrieval/vectors/embeddingKey";
import { DEFAULT_RESCORED, VectorIndex } from "../../src/core/retrieval/vectors/vectorIndex";
import { decodeVectorSnapshot, encodeVectorSnapshot } from "../../src/core/retrieval/vectors/vectorSnapshot";
import { parseArgs, rejectUnknownOptions, UsageError } from "../lib/args";
import { SeededRandom } from "../lib/retrievalBench/seededRandom";
import { ClusteredVectors } from "./vectorCorpus";

/**
 * `npm run bench:vectors -- [--notes 22222,100000] [--queries 200] [--recall-queries 50] [--dims 384] [--rescored 200]`:
 * the vector index on synthetic clustered embeddings (see `ClusteredVectors`) at each dimension
 * and size, 4.5 chunks a note (100,000 chunks at 22,222 notes, 450,000 at 100,000, the keyword
 * bench's largest vault), saved to a file and restored from it as a host does, its int8 vectors
 * left in the file: the memory it keeps per chunk (its arrays, and the heap's growth), query time
 * with the candidates' vectors read from the file, recall@10 and @50 against exact float cosine,
 * snapshot size and time, and the cost of a chunk's key. Figures only: the machine is shared, and
 * CPU time per query is printed beside wall time because other processes stretch the latter.
 */
const SEED = 20_261_207;
const RECALL_AT = 10;
/** The depth hybrid fusion reads the vector list to. */
const FUSED = 50;

interface Options {
	readonly notes: readonly number[];
	readonly queries: number;
	readonly recallQueries: number;
	readonly dims: readonly number[];
	/** Candidates rescored with their int8 vectors, a query. */
	readonly rescored: number;
}

async function main(): Promise<void> {
	const args = parseArgs(["bench:vectors", ...process.argv.slice(2)]);
	rejectUnknownOptions(args, ["notes", "queries", "recall-queries", "dims", "rescored"]);
	const options: Options = {
		notes: (args.options.get("notes") ?? "22222,100000").split(",").map((notes) => countOption(notes, 0, "--notes")),
		queries: countOption(args.options.get("queries"), 200, "--queries"),
		recallQueries: countOption(args.options.get("recall-queries"), 50, "--recall-queries"),
		rescored: countOption(args.options.get("rescored"), DEFAULT_RESCORED, "--rescored"),
		dims: (args.options.get("dims") ?? "384").split(",").map((dims) => countOption(dims, 0, "--dims")),
	};
	benchKeys();
	for (const dims of options.dims) for (const notes of options.notes) await benchSize(dims, notes, options);
}

/** The key of a chunk against SHA-256, on chunk-sized texts of words. */
function benchKeys(): void {
	const random = new SeededRandom(SEED);
	const words = ["garden", "tomato", "数据库", "réunion", "sqlite", "the", "of", "a", "budget", "ノート", "meeting"];
	const texts = Array.from({ length: 20_000 }, () =>
		Array.from({ length: 160 }, () => random.pick(words))
			.join(" ")
			.slice(0, 1_000),
	);
	const characters = texts.reduce((sum, text) => sum + text.length, 0);
	for (const [name, hash] of [
		["chunkKeyOf (64-bit, two lanes)", chunkKeyOf],
		["sha256Hex", sha256Hex],
	] as const) {
		hash(texts[0]);
		const start = performance.now();
		for (const text of texts) hash(text);
		const ms = performance.now() - start;
		const perChunk = (ms * 1000) / texts.length;
		console.log(
			`key of a 1,000-character chunk, ${name}: ${perChunk.toFixed(1)} µs (${(((characters / ms) * 1000) / 1e6).toFixed(0)} M characters/s)`,
		);
	}
}

async function benchSize(dims: number, notes: number, options: Options): Promise<void> {
	const corpus = new ClusteredVectors(dims, notes, SEED + dims);
	let start = performance.now();
	const built = buildIndex(corpus);
	const buildMs = performance.now() - start;
	start = performance.now();
	const snapshot = await encodeVectorSnapshot(built);
	const encodeMs = performance.now() - start;
	const queries = Array.from({ length: options.queries }, (_, query) => corpus.query(query));
	// Queries as hybrid search asks them: the top notes it fuses.
	const asked = { limit: FUSED, rescored: options.rescored };
	const inMemory = await Promise.all(queries.map((query) => built.search(query, asked)));
	const file = nodePath.join(mkdtempSync(nodePath.join(tmpdir(), "aw-vector-bench-")), "vectors.bin");
	writeFileSync(file, snapshot);
	const snapshotBytes = snapshot.byteLength;

	// Restored as a host restores it: the snapshot read, then let go, its vectors read in the file,
	// the paths' strings then taken from the keyword index (here an array of them, made before).
	const keywordPaths = Array.from({ length: notes }, (_, note) => pathOf(note));
	await warmUp(file, corpus.dims, built.modelId, queries[0]);
	const before = memory();
	start = performance.now();
	const index = restore(file, corpus.dims, built.modelId);
	const decodeMs = performance.now() - start;
	const withOwnPaths = memory() - before;
	index.keepOnly(keywordPaths);
	const heap = memory() - before;
	const chunks = index.chunkCount;
	const perChunk = (bytes: number) => `${(bytes / chunks).toFixed(1)} bytes a chunk`;
	console.log(
		`\n${dims} dimensions, ${chunks.toLocaleString("en")} chunks (${notes.toLocaleString("en")} notes), built in ${(buildMs / 1000).toFixed(1)} s (vectors drawn included)`,
	);
	console.log(
		`  resident, measured by the heap after the restore: ${perChunk(heap)} (its own copy of the paths: ${perChunk(withOwnPaths)}); ` +
			`its arrays (sign codes, keys, key table, note table): ${perChunk(index.byteLength)}`,
	);
	console.log(
		`  snapshot: ${(snapshotBytes / 1e6).toFixed(1)} MB (${perChunk(snapshotBytes)}, int8 vectors read from the file by offset), encoded in ${encodeMs.toFixed(0)} ms, restored in ${decodeMs.toFixed(0)} ms`,
	);

	for (const query of queries.slice(0, 20)) await index.search(query, asked);
	const wall: number[] = [];
	const cpu: number[] = [];
	let same = true;
	for (const [at, query] of queries.entries()) {
		const usage = process.cpuUsage();
		start = performance.now();
		const hits = await index.search(query, asked);
		wall.push(performance.now() - start);
		const used = process.cpuUsage(usage);
		cpu.push((used.user + used.system) / 1000);
		same &&= JSON.stringify(hits) === JSON.stringify(inMemory[at]);
	}
	if (!same) throw new Error("The restored index answers otherwise than the index it was saved from.");
	console.log(
		`  query (top ${FUSED} notes, vectors of ${options.rescored} candidates read from the file), ${queries.length} queries: wall p50 ${quantile(wall, 0.5).toFixed(2)} ms, p95 ${quantile(wall, 0.95).toFixed(2)} ms; CPU p50 ${quantile(cpu, 0.5).toFixed(2)} ms, p95 ${quantile(cpu, 0.95).toFixed(2)} ms`,
	);
	const recall = await recallAt(index, corpus, options);
	console.log(
		`  recall against exact float cosine, ${options.recallQueries} queries: @${RECALL_AT} ${recall.at10.toFixed(3)}, @${FUSED} ${recall.at50.toFixed(3)}`,
	);
	rmSync(nodePath.dirname(file), { recursive: true, force: true });
}

/**
 * A restore, a search and a drop of what they made, before the memory is measured: the code they
 * compile, and what the engine keeps for it, is not memory a chunk costs.
 */
async function warmUp(file: string, dims: number, modelId: string, query: Float32Array): Promise<void> {
	const index = restore(file, dims, modelId);
	await index.search(query, { limit: RECALL_AT });
	index.keepOnly([]);
}

/** The index saved in `file`, its int8 vectors left there and read by offset, a query's candidates alone. */
function restore(file: string, dims: number, modelId: string): VectorIndex {
	const fd = openSync(file, "r");
	const decoded = decodeVectorSnapshot(
		readFileSync(file),
		{ modelId, dims },
		{
			rowsFrom: (block) => ({
				read: (rows) => {
					const out = new Int8Array(rows.length * block.rowBytes);
					rows.forEach((row, at) => {
						readSync(fd, out, at * block.rowBytes, block.rowBytes, block.offset + row * block.rowBytes);
					});
					return Promise.resolve(out);
				},
			}),
		},
	);
	if (decoded.index === null) throw new Error(`The snapshot did not restore: ${decoded.detail}`);
	return decoded.index;
}

/** Every note's chunks put as a host puts them, each chunk under a key of its own. */
function buildIndex(corpus: ClusteredVectors): VectorIndex {
	const index = new VectorIndex(`bench ${corpus.dims}`, corpus.dims);
	let key = 0;
	for (let note = 0; note < corpus.notes; note++) {
		const vectors = corpus.chunksOf(note);
		const keys = vectors.map(() => keyOfHalves(SEED, ++key));
		index.putNote(pathOf(note), keys, new Map(keys.map((chunkKey, at) => [chunkKey, vectors[at]])));
	}
	return index;
}

/**
 * The share of the exact top notes (each by its best chunk's float cosine) that the index returns
 * among its own top notes, at 10 and at 50 (what hybrid fusion reads). The exact scores are made
 * in one pass over the notes for all queries, the notes' vectors drawn again rather than held.
 */
async function recallAt(
	index: VectorIndex,
	corpus: ClusteredVectors,
	{ recallQueries: queryCount, rescored }: Options,
): Promise<{ at10: number; at50: number }> {
	const queries = Array.from({ length: queryCount }, (_, query) => unit(corpus.query(query)));
	const exact = queries.map(() => [] as { note: number; score: number }[]);
	for (let note = 0; note < corpus.notes; note++) {
		const chunks = corpus.chunksOf(note).map(unit);
		queries.forEach((query, at) => {
			const score = Math.max(...chunks.map((chunk) => dot(query, chunk)));
			const top = exact[at];
			if (top.length === FUSED && score <= top[FUSED - 1].score) return;
			top.push({ note, score });
			top.sort((a, b) => b.score - a.score);
			top.length = Math.min(top.length, FUSED);
		});
	}
	const found = { at10: 0, at50: 0 };
	for (const [at, query] of queries.entries()) {
		const hits = await index.search(query, { limit: FUSED, rescored });
		for (const [depth, key] of [
			[RECALL_AT, "at10"],
			[FUSED, "at50"],
		] as const) {
			const wanted = new Set(exact[at].slice(0, depth).map((hit) => pathOf(hit.note)));
			found[key] += hits.slice(0, depth).filter((hit) => wanted.has(hit.path)).length / (queryCount * depth);
		}
	}
	return found;
}

function pathOf(note: number): string {
	return `Notes/${note}.md`;
}

function unit(vector: Float32Array): Float32Array {
	const norm = Math.sqrt(dot(vector, vector));
	return vector.map((value) => value / norm);
}

function dot(a: Float32Array, b: Float32Array): number {
	let sum = 0;
	for (let dim = 0; dim < a.length; dim++) sum += a[dim] * b[dim];
	return sum;
}

/**
 * Bytes in use on the JavaScript heap and in array buffers, after collections when they can be
 * asked for (a few: an array buffer's memory is given back a collection after its array's).
 */
function memory(): number {
	for (let collection = 0; collection < 3; collection++) (globalThis as { gc?: () => void }).gc?.();
	const usage = process.memoryUsage();
	return usage.heapUsed + usage.arrayBuffers;
}

function quantile(values: readonly number[], share: number): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))];
}

function countOption(value: string | undefined, fallback: number, name: string): number {
	if (value === undefined) return fallback;
	const count = Number(value);
	if (!Number.isInteger(count) || count < 1) throw new UsageError(`${name} needs a whole number above zero.`);
	return count;
}

main().catch((error: unknown) => {
	console.error(error instanceof UsageError ? error.message : error);
	process.exitCode = 1;
});
