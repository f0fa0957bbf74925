import {
	SaveOvertakenError,
	type SavedVectors,
	type VectorsToSave,
} from "../../../src/core/retrieval/service/indexStore";
import { keyOfHalves } from "../../../src/core/retrieval/vectors/embeddingKey";
import { VectorIndex } from "../../../src/core/retrieval/vectors/vectorIndex";
import { SavedRowsError } from "../../../src/core/retrieval/vectors/vectorRows";
import { decodeVectorSnapshot, encodeVectorSnapshotParts } from "../../../src/core/retrieval/vectors/vectorSnapshot";
import { IndexedDbIndexStore } from "../../../src/obsidian/retrieval/indexedDbIndexStore";
import { vectorOf } from "../../core/retrieval/vectors/vectorFixtures";
import { NAME, records, useFakeDevice, write } from "./fakeDevice";

const MODEL = "ollama:http://127.0.0.1:11434#all-minilm";
const DIMS = 384;
const CHUNKS_PER_NOTE = 4;

useFakeDevice();

const TOPICS = Array.from({ length: 20 }, (_, topic) => vectorOf(`topic ${topic}`, DIMS));
const CHUNK_NOISE = Array.from({ length: CHUNKS_PER_NOTE }, (_, chunk) => vectorOf(`chunk ${chunk}`, DIMS));

/** Notes of a few chunks in twenty topics, `word` making another vault's notes of the same names. */
function indexOf(notes: number, word = "note"): VectorIndex {
	const index = new VectorIndex(MODEL, DIMS);
	for (let note = 0; note < notes; note++) {
		const topic = TOPICS[note % 20];
		const own = vectorOf(`${word} ${note}`, DIMS);
		const keys = Array.from({ length: CHUNKS_PER_NOTE }, (_, chunk) => keyOfHalves(note + 1, chunk + 1 + word.length));
		const fresh = new Map(
			keys.map((key, chunk) => {
				const noise = CHUNK_NOISE[chunk];
				return [key, topic.map((value, dim) => value + 0.6 * own[dim] + 0.4 * noise[dim])] as const;
			}),
		);
		index.putNote(`Notes/${note}.md`, keys, fresh);
	}
	return index;
}

function queryNear(note: number, word = "note"): Float32Array {
	const own = vectorOf(`${word} ${note}`, DIMS);
	const noise = vectorOf(`query ${note}`, DIMS);
	return TOPICS[note % 20].map((value, dim) => value + 0.6 * own[dim] + 0.3 * noise[dim]);
}

/** What the plugin saves of `index`, its rows handed over as they are made; `rows` may stand between. */
function toSave(
	index: VectorIndex,
	rows: (piece: Int8Array) => Promise<void> = () => Promise.resolve(),
	versions: readonly (readonly [string, string])[] = [["Notes/0.md", "1700000000000:120"]],
	stillWanted = () => true,
): VectorsToSave {
	return {
		dims: DIMS,
		coverage: { readsCjk: false },
		versions,
		write: (store) => encodeVectorSnapshotParts(index, async (piece) => (await rows(piece), await store(piece))),
		stillWanted,
	};
}

/** A save that stops before its first piece of rows is stored, until `open` is called. */
function heldSave(index: VectorIndex, stillWanted?: () => boolean) {
	let open: () => void = () => undefined;
	const gate = new Promise<void>((resolve) => (open = resolve));
	let pieces = 0;
	const saving = toSave(
		index,
		async () => {
			if (++pieces === 1) await gate;
		},
		undefined,
		stillWanted,
	);
	return { saving, open };
}

/** The index a saved snapshot restores, its rows read from the store. */
function restored(saved: SavedVectors | { bytes: Uint8Array; rowsFrom: SavedVectors["rowsFrom"] } | null): VectorIndex {
	if (saved === null) throw new Error("nothing saved");
	const decoded = decodeVectorSnapshot(saved.bytes, { modelId: MODEL, dims: DIMS }, { rowsFrom: saved.rowsFrom });
	if (decoded.index === null) throw new Error(decoded.detail);
	return decoded.index;
}

async function sameAnswers(index: VectorIndex, expected: VectorIndex, notes: readonly number[], word = "note") {
	for (const note of notes) {
		const hits = await index.search(queryNear(note, word), { limit: 10 });
		expect(hits).toEqual(await expected.search(queryNear(note, word), { limit: 10 }));
		expect(hits[0].path).toBe(`Notes/${note}.md`);
	}
}

/** The keys of the row records, in the order of their rows. */
const rowKeys = (all: Map<string, unknown>) =>
	[...all.keys()]
		.filter((key) => /\/r\/\d+$/.test(key))
		.sort((a, b) => Number(a.split("/").pop()) - Number(b.split("/").pop()));
const generations = (all: Map<string, unknown>) =>
	[...new Set([...all.keys()].flatMap((key) => /^meaning-1\/(\d+)\//.exec(key)?.[1] ?? []))].sort();

describe("the vectors of search by meaning in IndexedDB", () => {
	const first = indexOf(600);
	const second = indexOf(600, "other");

	it("restore their head alone, and answer a query as the index in memory does, its rows read from small records", async () => {
		const store = new IndexedDbIndexStore(NAME);
		await store.saveVectors(MODEL, toSave(first));
		await store.close();
		const all = await records();
		const rows = rowKeys(all);
		expect(rows.length).toBe(Math.ceil((600 * CHUNKS_PER_NOTE) / Math.floor((16 * 1024) / DIMS)));
		for (const key of rows) expect((all.get(key) as Uint8Array).byteLength).toBeLessThanOrEqual(16 * 1024 + 4);
		const again = new IndexedDbIndexStore(NAME);
		const saved = await again.loadVectors(MODEL);
		expect(saved?.versions).toEqual(new Map([["Notes/0.md", "1700000000000:120"]]));
		expect(saved?.coverage).toEqual({ readsCjk: false });
		const index = restored(saved);
		// What stays in memory is what a query scans: the codes, keys and notes, not the int8 rows (64 bytes
		// a chunk on a large vault: the key table's slack weighs more on a small one).
		expect(index.byteLength / index.chunkCount).toBeLessThan(70);
		await sameAnswers(index, first, [0, 311, 599]);
		expect(await again.loadVectors("ollama:http://127.0.0.1:11434#bge-m3")).toBeNull();
		await again.close();
	});

	it("keep the snapshot saved before when a save is cut short, midway through its rows or at its last step", async () => {
		const store = new IndexedDbIndexStore(NAME);
		await store.saveVectors(MODEL, toSave(first));
		let pieces = 0;
		const cut = toSave(second, async () => {
			if (++pieces === 1) throw new Error("The window closed.");
		});
		await expect(store.saveVectors(MODEL, cut)).rejects.toThrow("The window closed.");
		// A version that cannot be stored aborts the last transaction, the one naming the new records.
		const uncloneable = [["Notes/0.md", (() => "1:2") as unknown as string]] as const;
		await expect(store.saveVectors(MODEL, toSave(second, undefined, uncloneable))).rejects.toThrow();
		await store.close();
		const again = new IndexedDbIndexStore(NAME);
		await sameAnswers(restored(await again.loadVectors(MODEL)), first, [5, 404]);
		await again.close();
	});

	it("answer a query during a save from the rows saved before, and remove them only once let go", async () => {
		const store = new IndexedDbIndexStore(NAME);
		(await store.saveVectors(MODEL, toSave(first))).release();
		const saved = await store.loadVectors(MODEL);
		const reading = restored(saved);
		let release: () => void = () => undefined;
		const held = new Promise<void>((resolve) => (release = resolve));
		let written = 0;
		const saving = store.saveVectors(
			MODEL,
			toSave(second, async () => {
				if (++written === 2) await held;
			}),
		);
		await new Promise((resolve) => setTimeout(resolve, 50));
		// Midway: some of the new rows are written, none in place of the old ones.
		await sameAnswers(reading, first, [1, 250]);
		release();
		const stored = await saving;
		await sameAnswers(reading, first, [2, 480]);
		await sameAnswers(restored(stored), second, [3, 333], "other");
		// A third save keeps the rows still read; once they are let go, the next save removes them.
		await store.saveVectors(MODEL, toSave(second));
		await sameAnswers(reading, first, [4]);
		expect(generations(await records())).toHaveLength(3);
		saved?.release();
		stored.release();
		await store.saveVectors(MODEL, toSave(first));
		expect(generations(await records())).toHaveLength(2);
		await store.close();
	});

	it("keep a save whole when another window's plugin saves at the same time: the one that comes second is given up", async () => {
		const store = new IndexedDbIndexStore(NAME);
		(await store.saveVectors(MODEL, toSave(first))).release();
		// The plugin reloaded while its last save runs: the old instance and the new one save at once.
		const other = new IndexedDbIndexStore(NAME);
		const held = heldSave(first);
		const late = store.saveVectors(MODEL, held.saving);
		await new Promise((resolve) => setTimeout(resolve, 50));
		(await other.saveVectors(MODEL, toSave(second))).release();
		held.open();
		await expect(late).rejects.toThrow(SaveOvertakenError);
		await Promise.all([store.close(), other.close()]);
		const again = new IndexedDbIndexStore(NAME);
		await sameAnswers(restored(await again.loadVectors(MODEL)), second, [7, 123, 598], "other");
		await again.close();
	});

	it("never make current a save from which a note was dropped while it was written, a private note perhaps", async () => {
		const store = new IndexedDbIndexStore(NAME);
		(await store.saveVectors(MODEL, toSave(first))).release();
		let dropped = false;
		const held = heldSave(second, () => !dropped);
		const saving = store.saveVectors(MODEL, held.saving);
		await new Promise((resolve) => setTimeout(resolve, 50));
		dropped = true;
		held.open();
		await expect(saving).rejects.toThrow(SaveOvertakenError);
		await sameAnswers(restored(await store.loadVectors(MODEL)), first, [8, 222]);
		// Nothing of the given-up save is left behind.
		expect(generations(await records())).toHaveLength(1);
		await store.close();
	});

	it("fail a query closed when a row record is damaged or missing: never a wrong vector", async () => {
		const store = new IndexedDbIndexStore(NAME);
		await store.saveVectors(MODEL, toSave(first));
		const index = restored(await store.loadVectors(MODEL));
		const all = await records();
		const rows = rowKeys(all);
		const [firstRows, lastRows] = [rows[0], rows[rows.length - 1]];
		await write((records) => records.delete(firstRows));
		await expect(index.search(queryNear(0), { limit: 10 })).rejects.toBeInstanceOf(SavedRowsError);
		const flipped = (all.get(lastRows) as Uint8Array).slice();
		flipped[7] ^= 0x20;
		await write((records) => records.put(flipped, lastRows));
		await expect(index.search(queryNear(599), { limit: 10 })).rejects.toThrow(/damaged/);
		// The same rows under another record's key fail too: each record's checksum names its place.
		await write((records) => records.put(all.get(firstRows), lastRows));
		await expect(index.search(queryNear(599), { limit: 10 })).rejects.toThrow(/damaged/);
		await write((records) => {
			records.put(all.get(firstRows), firstRows);
			records.put(all.get(lastRows), lastRows);
		});
		await sameAnswers(index, first, [0, 599]);
		await store.close();
		// Closed for good: a query late for the plugin's unload is refused, and opens no connection anew.
		await expect(index.search(queryNear(0), { limit: 10 })).rejects.toThrow("closed");
	});

	it("are replaced whole by another model's, and kept when the index is cleared for a rebuild", async () => {
		const store = new IndexedDbIndexStore(NAME);
		await store.saveVectors(MODEL, toSave(first));
		const other = new VectorIndex("model-b", DIMS);
		other.putNote("Notes/b.md", [keyOfHalves(9, 9)], new Map([[keyOfHalves(9, 9), vectorOf("b", DIMS)]]));
		await store.saveVectors("model-b", { ...toSave(other), versions: [] });
		await store.clear();
		expect(await store.loadVectors(MODEL)).toBeNull();
		const kept = await store.loadVectors("model-b");
		expect(kept?.versions).toEqual(new Map());
		const decoded = decodeVectorSnapshot(kept!.bytes, { modelId: "model-b" }, { rowsFrom: kept!.rowsFrom }).index;
		expect(await decoded?.search(vectorOf("b", DIMS), { limit: 1 })).toMatchObject([{ path: "Notes/b.md" }]);
		await store.close();
	});

	it("are none when their layout is damaged or a piece of their head is missing, and an earlier version's are removed", async () => {
		await write((records) => {
			records.put({ modelId: MODEL, pieces: 1, coverage: { readsCjk: false }, versions: new Map() }, "vectors");
			records.put(new Uint8Array(8), "vectors/0");
		});
		const store = new IndexedDbIndexStore(NAME);
		expect(await store.loadVectors(MODEL)).toBeNull();
		await store.saveVectors(MODEL, toSave(first));
		await store.close();
		const all = await records();
		expect([...all.keys()].filter((key) => key.startsWith("vectors"))).toEqual([]);
		const head = [...all.keys()].find((key) => /\/h\/0+$/.test(key)) as string;
		await write((records) => records.delete(head));
		expect(await new IndexedDbIndexStore(NAME).loadVectors(MODEL)).toBeNull();
		await write((records) => records.put({ modelId: MODEL, generation: "one" }, "meaning-1"));
		expect(await new IndexedDbIndexStore(NAME).loadVectors(MODEL)).toBeNull();
	});
});
