import { keyOfHalves } from "../../../../src/core/retrieval/vectors/embeddingKey";
import { DEFAULT_RESCORED, VectorIndex } from "../../../../src/core/retrieval/vectors/vectorIndex";
import { gathered, type RowBlock, type VectorRowSource } from "../../../../src/core/retrieval/vectors/vectorRows";
import { decodeVectorSnapshot, encodeVectorSnapshot } from "../../../../src/core/retrieval/vectors/vectorSnapshot";
import { vectorOf } from "./vectorFixtures";

const MODEL = "ollama http://127.0.0.1:11434 all-minilm";
const DIMS = 384;
const CHUNKS_PER_NOTE = 5;

/**
 * The rows block of a saved snapshot read as a host reads it where it saved it (a file at
 * offsets, a stored snapshot), each row asked for counted; `hold` keeps the next reads waiting.
 */
class SavedRows implements VectorRowSource {
	readonly asked: number[] = [];
	private held: (() => void)[] | null = null;

	constructor(
		private readonly bytes: Uint8Array,
		private readonly block: RowBlock,
	) {}

	static over(bytes: Uint8Array): { rows: SavedRows | null; index: VectorIndex } {
		let rows: SavedRows | null = null;
		const decoded = decodeVectorSnapshot(
			bytes,
			{ modelId: MODEL, dims: DIMS },
			{ rowsFrom: (block) => (rows = new SavedRows(bytes, block)) },
		);
		if (decoded.index === null) throw new Error(decoded.detail);
		return { rows, index: decoded.index };
	}

	async read(rows: Int32Array): Promise<Int8Array> {
		this.asked.push(...rows);
		if (this.held !== null) await new Promise<void>((resolve) => this.held?.push(resolve));
		const { offset, rowBytes, rowCount } = this.block;
		const block = new Int8Array(this.bytes.buffer, this.bytes.byteOffset + offset, rowBytes * rowCount);
		return gathered(block, rowBytes, rows);
	}

	hold(): void {
		this.held = [];
	}

	release(): void {
		const held = this.held ?? [];
		this.held = null;
		for (const resolve of held) resolve();
	}
}

/** Notes of `CHUNKS_PER_NOTE` chunks in twenty topics, each chunk near its note's others. */
function clusteredIndex(notes: number): VectorIndex {
	const index = new VectorIndex(MODEL, DIMS);
	for (let note = 0; note < notes; note++) {
		const topic = vectorOf(`topic ${note % 20}`, DIMS);
		const own = vectorOf(`note ${note}`, DIMS);
		const keys = Array.from({ length: CHUNKS_PER_NOTE }, (_, chunk) => keyOfHalves(note + 1, chunk + 1));
		const fresh = new Map(
			keys.map((key, chunk) => {
				const noise = vectorOf(`chunk ${note} ${chunk}`, DIMS);
				return [key, topic.map((value, dim) => value + 0.6 * own[dim] + 0.4 * noise[dim])] as const;
			}),
		);
		index.putNote(`Notes/${note}.md`, keys, fresh);
	}
	return index;
}

function queryNear(note: number): Float32Array {
	const topic = vectorOf(`topic ${note % 20}`, DIMS);
	const own = vectorOf(`note ${note}`, DIMS);
	const noise = vectorOf(`query ${note}`, DIMS);
	return topic.map((value, dim) => value + 0.6 * own[dim] + 0.6 * noise[dim]);
}

describe("a restored vector index keeps its int8 vectors where they were saved", () => {
	let bytes: Uint8Array;
	let inMemory: VectorIndex;
	beforeAll(async () => {
		inMemory = clusteredIndex(2000);
		bytes = await encodeVectorSnapshot(inMemory);
	});

	test("it holds at most 64 bytes a chunk at 384 dimensions: codes, keys, key table and notes' rows", () => {
		const { index } = SavedRows.over(bytes);
		expect(index.chunkCount).toBe(2000 * CHUNKS_PER_NOTE);
		expect(index.byteLength / index.chunkCount).toBeLessThanOrEqual(64);
	});

	test("a query reads its candidates' vectors alone, and answers as the index that holds them in memory", async () => {
		const { index, rows } = SavedRows.over(bytes);
		for (const note of [3, 777, 1999]) {
			const asked = rows?.asked.length ?? 0;
			const hits = await index.search(queryNear(note), { limit: 10 });
			expect(hits).toEqual(await inMemory.search(queryNear(note), { limit: 10 }));
			expect(hits[0].path).toBe(`Notes/${note}.md`);
			const read = (rows?.asked.length ?? 0) - asked;
			expect(read).toBeGreaterThan(0);
			expect(read).toBeLessThanOrEqual(DEFAULT_RESCORED);
		}
	});

	test("a note put again reuses its saved vectors without reading them, and the next save carries them", async () => {
		const { index, rows } = SavedRows.over(bytes);
		const keys = Array.from({ length: CHUNKS_PER_NOTE }, (_, chunk) => keyOfHalves(42, chunk + 1));
		// Its chunks in another order: every one kept, none to embed.
		const reordered = [...keys].reverse();
		expect(index.missing(reordered)).toEqual([]);
		expect(index.putNote("Notes/41.md", reordered)).toEqual({ searchable: CHUNKS_PER_NOTE, withoutVector: 0 });
		expect(rows?.asked).toEqual([]);
		const before = await index.search(queryNear(41), { limit: 5 });
		const again = SavedRows.over(await encodeVectorSnapshot(index)).index;
		expect(again.chunkCount).toBe(2000 * CHUNKS_PER_NOTE);
		expect(await again.search(queryNear(41), { limit: 5 })).toEqual(before);
		// Its best chunk is the one it was before the reordering, now at the other end, with the same vector.
		const [held] = await inMemory.search(queryNear(41), { limit: 1 });
		expect(before[0]).toEqual({ path: "Notes/41.md", chunk: CHUNKS_PER_NOTE - 1 - held.chunk, score: held.score });
	});

	test("a note dropped while a query waits for its candidates' vectors is not returned", async () => {
		const { index, rows } = SavedRows.over(bytes);
		rows?.hold();
		const searching = index.search(queryNear(500), { limit: 10 });
		await Promise.resolve();
		index.dropNote("Notes/500.md");
		rows?.release();
		const hits = await searching;
		expect(hits.map((hit) => hit.path)).not.toContain("Notes/500.md");
		expect(hits.length).toBeGreaterThan(0);
	});

	test("saved vectors that cannot be read fail the query rather than rank without them", async () => {
		const failing = decodeVectorSnapshot(
			bytes,
			{ modelId: MODEL, dims: DIMS },
			{ rowsFrom: () => ({ read: () => Promise.reject(new Error("the file is gone")) }) },
		).index;
		await expect(failing?.search(queryNear(1), { limit: 10 })).rejects.toThrow("the file is gone");
		const short = decodeVectorSnapshot(
			bytes,
			{ modelId: MODEL, dims: DIMS },
			{ rowsFrom: () => ({ read: () => Promise.resolve(new Int8Array(DIMS)) }) },
		).index;
		await expect(short?.search(queryNear(1), { limit: 10 })).rejects.toThrow(/bytes for/);
	});
});

/**
 * A snapshot written before the int8 vectors were left out of memory (four notes of 16-dimensional
 * vectors, a chunk without a vector between two with, the last note dropped before the save): the
 * layout is the same, so it restores as it was, nothing embedded again.
 */
const SAVED_BEFORE = [
	"QVdWWAEAAAABAAAAEAAAAAkAAAADAAAAKAAAAB4AAAC0dnKxb2xsYW1hIGh0dHA6Ly8xMjcuMC4wLjE6MTE0MzQgYWxsLW1pbmls",
	"bQoAAAAKAAAACgAAAFNhdmVkLzAubWRTYXZlZC8xLm1kU2F2ZWQvMi5tZAAAAAAAAAMAAAAGAAAACQAAAAkAAAABAAAAAAAAAAAA",
	"AAAJAAAAAgAAAAkAAAADAAAAAAAAAAAAAAAJAAAABAAAAAkAAAAFAAAAAAAAAAAAAAAJAAAABgAAAJnqAAAAAAAAgjgAAHWiAAAA",
	"AAAAyq0AAHcdAAAAAAAAXa4AAA6rwhop1tRY7n23CIwtfxcAAAAAAAAAAAAAAAAAAAAA10HX4ve9iUeTgbIiOh/k2BfYb7pICk+7",
	"ACi/ueFMlH8AAAAAAAAAAAAAAAAAAAAA4HCZA4GhDX9VlktOpAvJTSdpV5YtXUOJN6QSfzfysJoAAAAAAAAAAAAAAAAAAAAAU7Ux",
	"f3eeKtOMUx00whyEQw==",
].join("");

describe("a snapshot saved before the vectors were read where they were saved", () => {
	test("restores its notes and answers with its vectors, read in memory or where it was saved", async () => {
		const bytes = Uint8Array.from(Buffer.from(SAVED_BEFORE, "base64"));
		const expected = { modelId: MODEL, dims: 16 };
		const inMemory = decodeVectorSnapshot(bytes, expected).index;
		let source: SavedRows | null = null;
		const elsewhere = decodeVectorSnapshot(bytes, expected, {
			rowsFrom: (block) => (source = new SavedRows(bytes, block)),
		}).index;
		for (const index of [inMemory, elsewhere]) {
			expect(index?.notePaths()).toEqual(["Saved/0.md", "Saved/1.md", "Saved/2.md"]);
			expect(index?.chunkCount).toBe(6);
			const [hit] = (await index?.search(vectorOf("old 1 b", 16), { limit: 1 })) ?? [];
			expect(hit).toMatchObject({ path: "Saved/1.md", chunk: 2 });
			expect(hit.score).toBeGreaterThan(0.99);
		}
		expect((source as SavedRows | null)?.asked.length).toBeGreaterThan(0);
	});
});
