import { RetrievalIndex, SNAPSHOT_VERSION, type IndexSnapshot } from "../../../src/core/retrieval";
import { PIECE_BYTES } from "../../../src/core/retrieval/indexing/snapshotPieces";
import { restoreInSlices } from "../../../src/core/retrieval/service/snapshotRestoring";
import { IndexedDbIndexStore } from "../../../src/obsidian/retrieval/indexedDbIndexStore";
import { FakeScheduler } from "../../harness/fakeScheduler";
import { indexOfVault, NOW, policyFor } from "../../core/retrieval/vaultFixtures";
import { NAME, records, useFakeDevice, write } from "./fakeDevice";

/** Enough notes for a snapshot of several pieces. */
function snapshotOf(notes: number, word: string): IndexSnapshot {
	const files: Record<string, string> = {};
	for (let i = 0; i < notes; i++)
		files[`Notes/${i}.md`] =
			`# ${word} ${i}\n${word} harbor ${i} lighthouse ${i % 13} keeper-${i * 7919} ${"tide ".repeat(i % 40)}`;
	return indexOfVault(files, { policy }).toSnapshot();
}

const policy = policyFor();
const first = snapshotOf(3000, "atlas");
const second = snapshotOf(2500, "borealis");

useFakeDevice();

async function saved(snapshot: IndexSnapshot): Promise<void> {
	const store = new IndexedDbIndexStore(NAME);
	await store.saveSnapshot(snapshot);
	await store.close();
}

async function loaded(): Promise<IndexSnapshot | null> {
	const store = new IndexedDbIndexStore(NAME);
	const { snapshot } = await store.load();
	await store.close();
	return snapshot;
}

const pieceKeys = (all: Map<string, unknown>) => [...all.keys()].filter((key) => key.includes("/"));
const bytesOf = (value: unknown) =>
	typeof value === "string" ? value.length * 2 : ArrayBuffer.isView(value) ? value.buffer.byteLength : 0;
const results = (index: RetrievalIndex) =>
	["atlas 12", "lighthouse keeper", "harbor"].map((q) => index.search(q, { now: NOW }));

describe("the index snapshot in IndexedDB", () => {
	it("comes back as saved, from pieces no larger than a piece", async () => {
		await saved(first);
		const all = await records();
		expect(pieceKeys(all).length).toBeGreaterThan(4);
		for (const key of pieceKeys(all)) expect(bytesOf(all.get(key))).toBeLessThanOrEqual(PIECE_BYTES);
		const snapshot = await loaded();
		expect(snapshot).toEqual(first);
		const original = RetrievalIndex.fromSnapshot(first, policy);
		expect(results(RetrievalIndex.fromSnapshot(snapshot as IndexSnapshot, policy))).toEqual(results(original));
	});

	it("replaces the snapshot saved before, leaving none of its pieces", async () => {
		await saved(first);
		await saved(second);
		expect(await loaded()).toEqual(second);
		const smaller = snapshotOf(40, "cirrus");
		await saved(smaller);
		expect(await loaded()).toEqual(smaller);
		expect(pieceKeys(await records())).toEqual([]);
	});

	it("is none when a piece is missing or damaged, and the index is then built anew", async () => {
		await saved(first);
		const keys = pieceKeys(await records());
		await write((store) => store.delete(keys[keys.length - 1]));
		expect(await loaded()).toBeNull();
		await saved(first);
		await write((store) => store.put(new Float64Array(3), keys[2]));
		expect(await loaded()).toBeNull();
		const store = new IndexedDbIndexStore(NAME);
		const scheduler = new FakeScheduler();
		const slicing = { sliceMs: 15, now: () => scheduler.now(), yieldToHost: () => scheduler.yieldToHost() };
		const restored = await restoreInSlices((await store.load()).snapshot, policy, scheduler, slicing);
		await store.close();
		expect(restored.index.stats().notes).toBe(0);
		expect(restored.asSaved).toBe(false);
	});

	it("keeps the snapshot saved before when a save fails midway (a full disk)", async () => {
		await saved(first);
		const put = IDBObjectStore.prototype.put;
		let puts = 0;
		const spy = jest.spyOn(IDBObjectStore.prototype, "put").mockImplementation(function (
			this: IDBObjectStore,
			...args
		) {
			if (++puts === 8) throw new DOMException("The disk is full.", "QuotaExceededError");
			return put.apply(this, args);
		});
		const store = new IndexedDbIndexStore(NAME);
		await expect(store.saveSnapshot(second)).rejects.toMatchObject({ name: "QuotaExceededError" });
		spy.mockRestore();
		await store.close();
		expect(puts).toBe(8);
		expect(await loaded()).toEqual(first);
	});

	it("finishes a save under way when the store is closed", async () => {
		await saved(first);
		const store = new IndexedDbIndexStore(NAME);
		const saving = store.saveSnapshot(second);
		await store.close();
		await saving;
		expect(await loaded()).toEqual(second);
	});

	it("loads, during a save, the snapshot before it or after it, whole", async () => {
		await saved(first);
		const saver = new IndexedDbIndexStore(NAME);
		const loader = new IndexedDbIndexStore(NAME);
		const [, during] = await Promise.all([saver.saveSnapshot(second), loader.load()]);
		await Promise.all([saver.close(), loader.close()]);
		expect([first, second]).toContainEqual(during.snapshot);
	});

	it("ignores a snapshot an earlier version saved as one record, and removes it with the next save", async () => {
		const older = `snapshot-${SNAPSHOT_VERSION}`;
		await write((store) => store.put(first, older));
		expect(await loaded()).toBeNull();
		await saved(second);
		const all = await records();
		expect(all.has(older)).toBe(false);
		expect(await loaded()).toEqual(second);
	});

	it("keeps the open counts apart from the snapshot", async () => {
		const store = new IndexedDbIndexStore(NAME);
		expect(await store.load()).toEqual({ snapshot: null, opens: null });
		const opens = [{ path: "Notes/1.md", weight: 2, at: 5 }];
		await store.saveOpens(opens);
		await store.saveSnapshot(second);
		expect(await store.load()).toEqual({ snapshot: second, opens });
		await store.clear();
		expect(await store.load()).toEqual({ snapshot: null, opens: null });
		await store.close();
	});
});
