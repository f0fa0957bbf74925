import { sha256Hex } from "../../src/core/audit/hash";
import { chunkKeyOf, keyOfHalves } from "../../src/core/retrieval/vectors/embeddingKey";
import { VectorIndex } from "../../src/core/retrieval/vectors/vectorIndex";
import { decodeVectorSnapshot, encodeVectorSnapshot } from "../../src/core/retrieval/vectors/vectorSnapshot";
import { parseArgs, rejectUnknownOptions, UsageError } from "../lib/args";
import { SeededRandom } from "../lib/retrievalBench/seededRandom";
import { ClusteredVectors } from "./vectorCorpus";

/**
 * `npm run bench:vectors -- [--notes 100000] [--queries 200] [--recall-queries 50] [--dims 384,512]`:
 * the vector index on synthetic clustered embeddings (see `ClusteredVectors`) at each dimension,
 * 4.5 chunks a note (450,000 chunks at 100,000 notes, the keyword bench's largest vault):
 * memory per chunk, query time, recall@10 against exact float cosine, snapshot size and time,
 * and the cost of a chunk's key. Figures only: the machine is shared, and CPU time per query is
 * printed beside wall time because other processes stretch the latter.
 */
const SEED = 20_261_207;
const RECALL_AT = 10;

interface Options {
	readonly notes: number;
	readonly queries: number;
	readonly recallQueries: number;
	readonly dims: readonly number[];
}

function main(): void {
	const args = parseArgs(["bench:vectors", ...process.argv.slice(2)]);
	rejectUnknownOptions(args, ["notes", "queries", "recall-queries", "dims"]);
	const options: Options = {
		notes: countOption(args.options.get("notes"), 100_000, "--notes"),
		queries: countOption(args.options.get("queries"), 200, "--queries"),
		recallQueries: countOption(args.options.get("recall-queries"), 50, "--recall-queries"),
		dims: (args.options.get("dims") ?? "384,512").split(",").map((dims) => countOption(dims, 0, "--dims")),
	};
	benchKeys();
	for (const dims of options.dims) benchDimension(dims, options);
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

function benchDimension(dims: number, options: Options): void {
	const corpus = new ClusteredVectors(dims, options.notes, SEED + dims);
	const before = memory();
	let start = performance.now();
	const index = buildIndex(corpus);
	const buildMs = performance.now() - start;
	index.compact();
	const chunks = index.chunkCount;
	const heap = (memory() - before) / chunks;
	const int8PerChunk = (index.byteLength - index.residentCodeBytes) / chunks;
	console.log(
		`\n${dims} dimensions: ${options.notes.toLocaleString("en")} notes, ${chunks.toLocaleString("en")} chunks, built in ${(buildMs / 1000).toFixed(1)} s (vectors drawn included)`,
	);
	console.log(
		`  scanned part (sign codes, keys, key table, notes): ${(index.residentCodeBytes / chunks).toFixed(1)} bytes a chunk`,
	);
	console.log(`  int8 vectors for rescoring: ${int8PerChunk.toFixed(1)} bytes a chunk`);
	console.log(`  whole index as the heap measures it (paths and their map included): ${heap.toFixed(1)} bytes a chunk`);

	const queries = Array.from({ length: options.queries }, (_, query) => corpus.query(query));
	for (const query of queries.slice(0, 20)) index.search(query, { limit: RECALL_AT });
	const wall: number[] = [];
	const cpu: number[] = [];
	for (const query of queries) {
		const usage = process.cpuUsage();
		start = performance.now();
		index.search(query, { limit: RECALL_AT });
		wall.push(performance.now() - start);
		const used = process.cpuUsage(usage);
		cpu.push((used.user + used.system) / 1000);
	}
	console.log(
		`  query (top ${RECALL_AT} notes), ${queries.length} queries: wall p50 ${quantile(wall, 0.5).toFixed(2)} ms, p95 ${quantile(wall, 0.95).toFixed(2)} ms; CPU p50 ${quantile(cpu, 0.5).toFixed(2)} ms, p95 ${quantile(cpu, 0.95).toFixed(2)} ms`,
	);

	const recall = recallAt(index, corpus, options.recallQueries);
	console.log(
		`  recall@${RECALL_AT} against exact float cosine, ${options.recallQueries} queries: ${recall.toFixed(3)}`,
	);

	start = performance.now();
	const bytes = encodeVectorSnapshot(index);
	const encodeMs = performance.now() - start;
	start = performance.now();
	const restored = decodeVectorSnapshot(bytes, { modelId: index.modelId, dims });
	const decodeMs = performance.now() - start;
	if (restored.index === null) throw new Error(`The snapshot did not restore: ${restored.detail}`);
	const restoredIndex = restored.index;
	const same = queries.every((query) => {
		const [saved, back] = [
			index.search(query, { limit: RECALL_AT }),
			restoredIndex.search(query, { limit: RECALL_AT }),
		];
		return JSON.stringify(saved) === JSON.stringify(back);
	});
	if (!same) throw new Error("The restored index answers otherwise than the index it was saved from.");
	console.log(
		`  snapshot: ${(bytes.length / 1e6).toFixed(1)} MB (${(bytes.length / chunks).toFixed(1)} bytes a chunk), encoded in ${encodeMs.toFixed(0)} ms, decoded in ${decodeMs.toFixed(0)} ms`,
	);
}

/** Every note's chunks put as a host puts them, each chunk under a key of its own. */
function buildIndex(corpus: ClusteredVectors): VectorIndex {
	const index = new VectorIndex(`bench ${corpus.dims}`, corpus.dims);
	let key = 0;
	for (let note = 0; note < corpus.notes; note++) {
		const vectors = corpus.chunksOf(note);
		const keys = vectors.map(() => keyOfHalves(SEED, ++key));
		index.putNote(`Notes/${note}.md`, keys, new Map(keys.map((chunkKey, at) => [chunkKey, vectors[at]])));
	}
	return index;
}

/**
 * The share of the exact top notes (each by its best chunk's float cosine) that the index returns
 * among its own top notes. The exact scores are made in one pass over the notes for all queries,
 * the notes' vectors drawn again rather than held.
 */
function recallAt(index: VectorIndex, corpus: ClusteredVectors, queryCount: number): number {
	const queries = Array.from({ length: queryCount }, (_, query) => unit(corpus.query(query)));
	const exact = queries.map(() => [] as { note: number; score: number }[]);
	for (let note = 0; note < corpus.notes; note++) {
		const chunks = corpus.chunksOf(note).map(unit);
		queries.forEach((query, at) => {
			const score = Math.max(...chunks.map((chunk) => dot(query, chunk)));
			const top = exact[at];
			if (top.length === RECALL_AT && score <= top[RECALL_AT - 1].score) return;
			top.push({ note, score });
			top.sort((a, b) => b.score - a.score);
			top.length = Math.min(top.length, RECALL_AT);
		});
	}
	let found = 0;
	queries.forEach((query, at) => {
		const wanted = new Set(exact[at].map((hit) => `Notes/${hit.note}.md`));
		found += index.search(query, { limit: RECALL_AT }).filter((hit) => wanted.has(hit.path)).length;
	});
	return found / (queryCount * RECALL_AT);
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

try {
	main();
} catch (error: unknown) {
	console.error(error instanceof UsageError ? error.message : error);
	process.exitCode = 1;
}
