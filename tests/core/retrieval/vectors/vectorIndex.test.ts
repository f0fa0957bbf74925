import { chunkKeyOf, embeddingTextOf, keyOfHalves } from "../../../../src/core/retrieval/vectors/embeddingKey";
import { VectorIndex, VectorShapeError } from "../../../../src/core/retrieval/vectors/vectorIndex";
import { decodeVectorSnapshot, encodeVectorSnapshot } from "../../../../src/core/retrieval/vectors/vectorSnapshot";
import { CountingEmbedder, putContent, vectorOf } from "./vectorFixtures";

const DIMS = 64;
const MODEL = "ollama http://127.0.0.1:11434 bge-m3";

const GARDEN = "# Garden\nTomatoes need full sun and deep watering.\n## Pests\nAphids gather under the leaves in June.";
const KITCHEN = "# Kitchen\nA cast iron pan keeps its seasoning when dried at once.";

function cosine(a: Float32Array, b: Float32Array): number {
	let [dot, aa, bb] = [0, 0, 0];
	for (let dim = 0; dim < a.length; dim++) [dot, aa, bb] = [dot + a[dim] * b[dim], aa + a[dim] ** 2, bb + b[dim] ** 2];
	return dot / Math.sqrt(aa * bb);
}

describe("the vector index reuses what did not change", () => {
	test("a chunk's key is its heading trail and text: the note's title and path are not in it", async () => {
		expect(embeddingTextOf({ headingTrail: "Garden > Pests", text: " Aphids.\n" })).toBe("Garden > Pests\n\nAphids.");
		expect(embeddingTextOf({ headingTrail: "", text: "  " })).toBeNull();
		expect(chunkKeyOf("Aphids.")).toBe(chunkKeyOf("Aphids."));
		expect(chunkKeyOf("Aphids.")).toMatch(/^[0-9a-f]{16}$/);
		expect(chunkKeyOf("Aphids.")).not.toBe(chunkKeyOf("Aphids!"));
	});

	test("an edit to one section re-embeds that section alone", async () => {
		const embedder = new CountingEmbedder(DIMS);
		const index = new VectorIndex(MODEL, DIMS);
		putContent(index, embedder, "Garden.md", GARDEN);
		const first = embedder.embedded.length;
		putContent(index, embedder, "Garden.md", GARDEN.replace("June", "July"));
		expect(embedder.embedded.slice(first)).toEqual(["Garden > Pests\n\nAphids gather under the leaves in July."]);
	});

	test("after a restart from the snapshot, a renamed note re-embeds nothing and is found at its new path", async () => {
		const embedder = new CountingEmbedder(DIMS);
		const index = new VectorIndex(MODEL, DIMS);
		putContent(index, embedder, "Garden.md", GARDEN);
		putContent(index, embedder, "Kitchen.md", KITCHEN);
		const restored = decodeVectorSnapshot(await encodeVectorSnapshot(index), { modelId: MODEL, dims: DIMS });
		if (restored.index === null) throw new Error(restored.detail);
		const embeddedBefore = embedder.embedded.length;
		// The host sees a rename as the old path gone and the new one read.
		restored.index.dropNote("Garden.md");
		putContent(restored.index, embedder, "Outdoors/Vegetables.md", GARDEN);
		expect(embedder.embedded.length).toBe(embeddedBefore);
		const query = vectorOf("Garden > Pests\n\nAphids gather under the leaves in June.", DIMS);
		const hits = await restored.index.search(query, { limit: 5 });
		expect(hits[0]).toMatchObject({ path: "Outdoors/Vegetables.md", chunk: 1 });
		expect(hits[0].score).toBeGreaterThan(0.99);
		expect(hits.map((hit) => hit.path)).not.toContain("Garden.md");
	});

	test("renameNote moves a note's chunks without asking for any vector", async () => {
		const embedder = new CountingEmbedder(DIMS);
		const index = new VectorIndex(MODEL, DIMS);
		const keys = putContent(index, embedder, "Kitchen.md", KITCHEN);
		index.renameNote("Kitchen.md", "Home/Kitchen.md");
		expect(index.missing(keys)).toEqual([]);
		const hits = await index.search(
			vectorOf("Kitchen\n\nA cast iron pan keeps its seasoning when dried at once.", DIMS),
			{
				limit: 3,
			},
		);
		expect(hits.map((hit) => hit.path)).toEqual(["Home/Kitchen.md"]);
	});

	test("vectors of chunk texts no note has any more are dropped at save", async () => {
		const embedder = new CountingEmbedder(DIMS);
		const index = new VectorIndex(MODEL, DIMS);
		const keys = putContent(index, embedder, "Kitchen.md", KITCHEN);
		index.dropNote("Kitchen.md");
		// Until the save, a note put back at once (a rename) finds its vectors still here.
		expect(index.missing(keys)).toEqual([]);
		const restored = decodeVectorSnapshot(await encodeVectorSnapshot(index), { modelId: MODEL, dims: DIMS });
		expect(restored.index?.missing(keys)).toEqual(keys.filter((key) => key !== null));
	});
});

describe("the vector index takes a note's vectors as they come", () => {
	test("a note embedded in part is found by the chunks that have vectors, and later puts ask only for the rest", async () => {
		const index = new VectorIndex(MODEL, DIMS);
		const keys = ["00000000000000d1", "00000000000000d2", null];
		const first = index.putNote("Long.md", keys, new Map([["00000000000000d1", vectorOf("first", DIMS)]]));
		expect(first).toEqual({ searchable: 1, withoutVector: 2 });
		expect(index.missing(keys)).toEqual(["00000000000000d2"]);
		expect((await index.search(vectorOf("second", DIMS), { limit: 5, rescored: 5 })).map((hit) => hit.chunk)).toEqual([
			0,
		]);
		index.putNote("Long.md", keys, new Map([["00000000000000d2", vectorOf("second", DIMS)]]));
		expect(index.missing(keys)).toEqual([]);
		expect((await index.search(vectorOf("second", DIMS), { limit: 5 }))[0]).toMatchObject({
			path: "Long.md",
			chunk: 1,
		});
	});

	test("a save leaves dropped notes behind, and the index restored from it answers as before", async () => {
		const embedder = new CountingEmbedder(DIMS);
		const index = new VectorIndex(MODEL, DIMS);
		for (let note = 0; note < 50; note++)
			putContent(index, embedder, `${note}.md`, `# Note ${note}\nText number ${note}.`);
		for (let note = 0; note < 50; note += 2) index.dropNote(`${note}.md`);
		expect(index.droppedRows).toBe(25);
		const query = vectorOf("Note 7\n\nText number 7.", DIMS);
		const before = await index.search(query, { limit: 10 });
		const restored = decodeVectorSnapshot(await encodeVectorSnapshot(index), { modelId: MODEL, dims: DIMS }).index;
		expect(restored?.droppedRows).toBe(0);
		expect(restored?.liveNotes().rowCount).toBe(25);
		expect(await restored?.search(query, { limit: 10 })).toEqual(before);
		expect(before[0]).toMatchObject({ path: "7.md", chunk: 0 });
	});

	test("a note hidden while a save runs is counted as a change: the host keeps its index, not the one saved", async () => {
		const index = new VectorIndex(MODEL, DIMS);
		for (let note = 0; note < 5000; note++) {
			const key = keyOfHalves(1, note + 1);
			index.putNote(`${note}.md`, [key], new Map([[key, vectorOf(`${note}`, DIMS)]]));
		}
		const version = index.version;
		const saving = encodeVectorSnapshot(index);
		index.dropNote("42.md");
		const saved = decodeVectorSnapshot(await saving, { modelId: MODEL, dims: DIMS }).index;
		// The snapshot is of the moment the save began: the note is in it, and the index says it changed since.
		expect(saved?.hasNote("42.md")).toBe(true);
		expect(index.version).not.toBe(version);
		expect((await index.search(vectorOf("42", DIMS), { limit: 3 })).map((hit) => hit.path)).not.toContain("42.md");
	});
});

describe("the vector index never returns a note it must not", () => {
	function twoNotes(): VectorIndex {
		const index = new VectorIndex(MODEL, DIMS);
		index.putNote("Secret.md", ["00000000000000a1"], new Map([["00000000000000a1", vectorOf("secret", DIMS)]]));
		index.putNote("Open.md", ["00000000000000b2"], new Map([["00000000000000b2", vectorOf("open", DIMS)]]));
		return index;
	}

	test("a dropped note (hidden, or removed) is not found, even by its own vector", async () => {
		const index = twoNotes();
		index.dropNote("Secret.md");
		const hits = await index.search(vectorOf("secret", DIMS), { limit: 10 });
		expect(hits.map((hit) => hit.path)).toEqual(["Open.md"]);
	});

	test("a note the caller does not accept is not found, and the caller is asked about near notes only", async () => {
		const index = twoNotes();
		const asked: string[] = [];
		const accept = (path: string) => {
			asked.push(path);
			return path !== "Secret.md";
		};
		const hits = await index.search(vectorOf("secret", DIMS), { limit: 10, accept });
		expect(hits.map((hit) => hit.path)).toEqual(["Open.md"]);
		expect(new Set(asked)).toEqual(new Set(["Secret.md", "Open.md"]));
	});

	test("a vector of another dimension, or not finite, is refused and changes nothing", async () => {
		const index = twoNotes();
		expect(() =>
			index.putNote("Bad.md", ["00000000000000c3"], new Map([["00000000000000c3", new Float32Array(8)]])),
		).toThrow(VectorShapeError);
		const notFinite = vectorOf("nan", DIMS);
		notFinite[3] = NaN;
		expect(() => index.putNote("Open.md", ["00000000000000c3"], new Map([["00000000000000c3", notFinite]]))).toThrow(
			VectorShapeError,
		);
		expect(index.hasNote("Bad.md")).toBe(false);
		expect((await index.search(vectorOf("open", DIMS), { limit: 1 }))[0].path).toBe("Open.md");
		expect(await index.search(new Float32Array(DIMS + 1).fill(1), { limit: 5 })).toEqual([]);
	});
});

describe("the vector index ranks as exact cosine does", () => {
	test("on a few hundred notes, the top ten are the exact cosine's top ten, each scored within 0.01 of it", async () => {
		const index = new VectorIndex(MODEL, DIMS);
		const vectors = new Map<string, Float32Array>();
		for (let note = 0; note < 300; note++) {
			const path = `Notes/${note}.md`;
			// Notes in ten topics, so that neighbours are near and the ranking is not a matter of noise.
			const topic = vectorOf(`topic ${note % 10}`, DIMS);
			const own = vectorOf(path, DIMS);
			const vector = topic.map((value, dim) => value + 0.6 * own[dim]);
			vectors.set(path, vector);
			index.putNote(path, [chunkKeyOf(path)], new Map([[chunkKeyOf(path), vector]]));
		}
		for (let query = 0; query < 5; query++) {
			const topic = vectorOf(`topic ${query}`, DIMS);
			const noise = vectorOf(`query ${query}`, DIMS);
			const vector = topic.map((value, dim) => value + 0.7 * noise[dim]);
			const exact = [...vectors]
				.map(([path, stored]) => ({ path, score: cosine(vector, stored) }))
				.sort((a, b) => b.score - a.score)
				.slice(0, 10);
			const hits = await index.search(vector, { limit: 10 });
			// int8 vectors may swap two notes whose cosines differ by less than their rounding.
			expect(new Set(hits.map((hit) => hit.path))).toEqual(new Set(exact.map((hit) => hit.path)));
			for (const hit of hits) {
				const stored = vectors.get(hit.path) as Float32Array;
				expect(Math.abs(hit.score - cosine(vector, stored))).toBeLessThan(0.01);
			}
		}
	});
});

describe("a vector snapshot restores only what it can trust", () => {
	async function snapshot(): Promise<Uint8Array> {
		const index = new VectorIndex(MODEL, DIMS);
		putContent(index, new CountingEmbedder(DIMS), "Garden.md", GARDEN);
		return await encodeVectorSnapshot(index);
	}

	test("as saved, it restores the notes and their vectors", async () => {
		const restored = decodeVectorSnapshot(await snapshot(), { modelId: MODEL, dims: DIMS });
		expect(restored.refusal).toBeNull();
		expect(restored.index?.noteCount).toBe(1);
		expect(restored.index?.chunkCount).toBe(2);
	});

	test("restored, an index of thousands of chunks answers every query as it did before", async () => {
		const index = new VectorIndex(MODEL, DIMS);
		for (let note = 0; note < 3000; note++) {
			const key = keyOfHalves(2, note + 1);
			const topic = vectorOf(`topic ${note % 30}`, DIMS);
			const own = vectorOf(`own ${note}`, DIMS);
			index.putNote(`${note}.md`, [key], new Map([[key, topic.map((value, dim) => value + 0.5 * own[dim])]]));
		}
		const restored = decodeVectorSnapshot(await encodeVectorSnapshot(index), { modelId: MODEL, dims: DIMS }).index;
		for (let query = 0; query < 10; query++) {
			const vector = vectorOf(`topic ${query}`, DIMS);
			expect(await restored?.search(vector, { limit: 10 })).toEqual(await index.search(vector, { limit: 10 }));
		}
	});

	test("a damaged, cut or foreign snapshot restores nothing and says why", async () => {
		const bytes = await snapshot();
		const flipped = bytes.slice();
		flipped[flipped.length - 5] ^= 0x10;
		expect(decodeVectorSnapshot(flipped, { modelId: MODEL })).toMatchObject({ index: null, refusal: "damaged" });
		expect(decodeVectorSnapshot(bytes.slice(0, bytes.length - 64), { modelId: MODEL })).toMatchObject({
			index: null,
			refusal: "truncated",
		});
		expect(decodeVectorSnapshot(bytes.slice(0, 10), { modelId: MODEL })).toMatchObject({ refusal: "truncated" });
		expect(
			decodeVectorSnapshot(new TextEncoder().encode("<html>502 Bad Gateway</html>!!!!!!!!!!!!"), { modelId: MODEL }),
		).toMatchObject({
			refusal: "not-a-snapshot",
		});
		const detail = decodeVectorSnapshot(flipped, { modelId: MODEL });
		expect(detail.index === null && detail.detail).toMatch(/checksum/);
	});

	test("another model's snapshot, or another dimension's, is never taken in: two models are never mixed", async () => {
		const bytes = await snapshot();
		const otherModel = decodeVectorSnapshot(bytes, { modelId: "ollama http://127.0.0.1:11434 nomic-embed-text" });
		expect(otherModel).toMatchObject({ index: null, refusal: "other-model" });
		expect(decodeVectorSnapshot(bytes, { modelId: MODEL, dims: 768 })).toMatchObject({ refusal: "other-dimensions" });
	});

	test("a snapshot handed back as a view into a larger buffer restores as the bytes themselves do", async () => {
		const bytes = await snapshot();
		for (const offset of [3, 8]) {
			const larger = new Uint8Array(bytes.length + offset + 5);
			larger.set(bytes, offset);
			const restored = decodeVectorSnapshot(larger.subarray(offset, offset + bytes.length), {
				modelId: MODEL,
				dims: DIMS,
			});
			expect(restored.refusal).toBeNull();
			expect(restored.index?.chunkCount).toBe(2);
			const query = vectorOf("Garden > Pests\n\nAphids gather under the leaves in June.", DIMS);
			expect((await restored.index?.search(query, { limit: 1 }))?.[0]).toMatchObject({ path: "Garden.md", chunk: 1 });
		}
	});
});

describe("chunks with nothing to embed", () => {
	it("are held without a vector: a note put again unchanged adds no row, and leaves no dropped row", async () => {
		const index = new VectorIndex("model-a", 4);
		const key = chunkKeyOf("A passage in English.");
		// Each note has a chunk the model does not read (no key) beside one it does.
		const putAll = () => {
			for (let note = 0; note < 3000; note++)
				index.putNote(`Notes/${note}.md`, [null, key], new Map([[key, [1, 0, 0, 0]]]));
		};
		putAll();
		expect(index.chunkCount).toBe(3000);
		putAll();
		expect(index.droppedRows).toBe(0);
		expect(index.liveNotes().rowCount).toBe(6000);
		expect(await index.search([1, 0, 0, 0], { limit: 3 })).toHaveLength(3);
	});
});
