import { keyOfHalves } from "../../../../src/core/retrieval/vectors/embeddingKey";
import { VectorIndex } from "../../../../src/core/retrieval/vectors/vectorIndex";
import { decodeVectorSnapshot, encodeVectorSnapshot } from "../../../../src/core/retrieval/vectors/vectorSnapshot";
import { vectorOf } from "./vectorFixtures";

const DIMS = 32;
const MODEL = "model-a";

function put(index: VectorIndex, path: string, seed: number): void {
	const key = keyOfHalves(7, seed);
	index.putNote(path, [key], new Map([[key, vectorOf(`note ${seed}`, DIMS)]]));
}

function pathOf(note: number): string {
	return `Folder ${note % 7}/Note ${note}.md`;
}

describe("the vector index's notes, by path", () => {
	test("through thousands of puts, drops and renames, each path finds its own note and no other", async () => {
		const index = new VectorIndex(MODEL, DIMS);
		// What the host holds, path by path, and the note each was last put as.
		const held = new Map<string, number>();
		let seed = 0;
		for (let round = 0; round < 6000; round++) {
			// 1,499 paths, prime to the five kinds of change: each path sees every kind in turn.
			const path = pathOf(round % 1499);
			if (round % 5 === 3) {
				index.dropNote(path);
				held.delete(path);
			} else if (round % 5 === 4 && held.has(path)) {
				const to = `Renamed/${round}.md`;
				index.renameNote(path, to);
				held.set(to, held.get(path) as number);
				held.delete(path);
			} else {
				put(index, path, ++seed);
				held.set(path, seed);
			}
		}
		expect(new Set(index.notePaths())).toEqual(new Set(held.keys()));
		expect(index.noteCount).toBe(held.size);
		const gone = Array.from({ length: 1499 }, (_, note) => pathOf(note)).filter((path) => !held.has(path));
		expect(gone.length).toBeGreaterThan(100);
		expect([...held.keys()].filter((path) => !index.hasNote(path))).toEqual([]);
		expect(gone.filter((path) => index.hasNote(path))).toEqual([]);
		for (const [path, noteSeed] of [...held].slice(0, 40)) {
			const [hit] = await index.search(vectorOf(`note ${noteSeed}`, DIMS), { limit: 1 });
			expect(hit).toMatchObject({ path, chunk: 0 });
		}
		const restored = decodeVectorSnapshot(await encodeVectorSnapshot(index), { modelId: MODEL, dims: DIMS }).index;
		expect(new Set(restored?.notePaths())).toEqual(new Set(held.keys()));
	});

	test("keepOnly drops the notes the host no longer holds, and keeps the others searchable", async () => {
		const index = new VectorIndex(MODEL, DIMS);
		for (let note = 0; note < 300; note++) put(index, `${note}.md`, note + 1);
		const restored = decodeVectorSnapshot(await encodeVectorSnapshot(index), { modelId: MODEL, dims: DIMS }).index;
		const hostPaths = Array.from({ length: 300 }, (_, note) => `${note}.md`).filter((path) => path !== "42.md");
		expect(restored?.keepOnly(hostPaths)).toBe(1);
		expect(restored?.hasNote("42.md")).toBe(false);
		expect(restored?.noteCount).toBe(299);
		expect((await restored?.search(vectorOf("note 44", DIMS), { limit: 1 }))?.[0].path).toBe("43.md");
		expect((await restored?.search(vectorOf("note 43", DIMS), { limit: 3 }))?.map((hit) => hit.path)).not.toContain(
			"42.md",
		);
	});
});
