import { RetrievalIndex, type IndexSnapshot } from "../../../../src/core/retrieval";
import { NOTES_PER_STEP } from "../../../../src/core/retrieval/indexing/indexSnapshot";
import { FakeScheduler } from "../../../harness/fakeScheduler";
import { MemoryIndexStore } from "../../../harness/memoryIndexStore";
import { lettersWord, policyFor } from "../vaultFixtures";
import { paths, serviceOver, settle, vaultOf } from "./serviceFixture";

/** Every look at the clock costs a millisecond: work that looks at it between steps is seen to take time. */
class TickingScheduler extends FakeScheduler {
	override now(): number {
		this.spend(1);
		return super.now();
	}
}

const NOTES = 1200;
const files: Record<string, string> = {};
for (let i = 0; i < NOTES; i++)
	files[`${i % 2 === 0 ? "Notes" : "Archive"}/${i}.md`] = `# Note ${i}\nharbor ${i}, lighthouse ${i % 13}`;

/** A store holding the index of `vault`, as the last session left it. */
async function savedIndexOf(vault: ReturnType<typeof vaultOf>): Promise<MemoryIndexStore> {
	const store = new MemoryIndexStore();
	const first = serviceOver(vault, { store });
	await first.service.start();
	await first.stop();
	return store;
}

/** Steps of at most `NOTES_PER_STEP` notes, one per slice of a 1 ms budget. */
const stepsFor = (notes: number) => Math.floor(notes / NOTES_PER_STEP);

describe("the saved index in time slices", () => {
	it("is restored in slices, and saved again in slices once edits add up", async () => {
		const vault = vaultOf(files);
		const store = await savedIndexOf(vault);
		const scheduler = new TickingScheduler();
		const { service, reads } = serviceOver(vault, { store, scheduler, options: { sliceMs: 1 } });
		expect(await service.start()).toMatchObject({ notesUpdated: 0, stats: { notes: NOTES } });
		expect(reads).toEqual([]);
		expect(scheduler.slices.length).toBeGreaterThanOrEqual(stepsFor(NOTES));
		for (let i = 0; i < NOTES / 100; i++) await vault.process(`Notes/${i * 2}.md`, (text) => `${text} edited`);
		const before = scheduler.slices.length;
		scheduler.advance(2000);
		await settle();
		expect(store.counts.snapshotSaves).toBe(1);
		await until(() => store.counts.snapshotSaves === 2, scheduler);
		expect(scheduler.slices.length - before).toBeGreaterThanOrEqual(stepsFor(NOTES));
	});

	it("never lets an older snapshot land after a newer one", async () => {
		const vault = vaultOf(files);
		const store = await savedIndexOf(vault);
		const { service, scheduler, stop } = serviceOver(vault, {
			store,
			scheduler: new TickingScheduler(),
			options: { sliceMs: 1 },
		});
		await service.start();
		for (let i = 0; i < NOTES / 100; i++) await vault.process(`Notes/${i * 2}.md`, (text) => `${text} edited`);
		scheduler.advance(2000); // a save of every note begins, in slices
		const gone = Object.keys(files).filter((path) => path.startsWith("Archive/"));
		for (const path of gone) service.noteDeleted(path);
		await stop(); // the closing save, of half the notes, is quicker to make, but comes after
		for (let i = 0; i < 1000; i++) await Promise.resolve(); // a save still under way would land now
		const saved = (await store.load()).snapshot;
		expect(saved !== null && RetrievalIndex.fromSnapshot(saved, policyFor()).stats().notes).toBe(NOTES - gone.length);
	});

	it("is dropped when of an older format: every note is read again, and saved anew", async () => {
		const vault = vaultOf({ "a.md": "harbor", "b.md": "lighthouse" });
		const store = new MemoryIndexStore();
		const older = { version: 2, settings: "{}", vocabulary: ["harbor"], notes: [{ path: "a.md", mtime: 0, size: 6 }] };
		await store.saveSnapshot(older as unknown as IndexSnapshot);
		const first = serviceOver(vault, { store });
		expect(await first.service.start()).toMatchObject({ notesUpdated: 2, stats: { notes: 2 } });
		first.scheduler.advance(2000);
		await settle();
		expect(store.counts.snapshotSaves).toBe(2);
		await first.stop();
		const second = serviceOver(vault, { store });
		await second.service.start();
		expect(second.reads).toEqual([]);
		expect(paths(second.service.search("lighthouse"))).toEqual(["b.md"]);
	});

	it("makes the typo index of a restored vocabulary in slices: a query with a typo meanwhile does not do it", async () => {
		// Thousands of words before "daily": the typo index of this vocabulary takes several steps.
		const glossary = Array.from({ length: 6000 }, (_, n) => lettersWord(n));
		const vault = vaultOf({ "glossary.md": glossary.join(" "), "journal.md": "The daily review of the harbor." });
		const store = await savedIndexOf(vault);
		const scheduler = new TickingScheduler();
		const { service } = serviceOver(vault, { store, scheduler, options: { sliceMs: 1 } });
		const started = service.start();
		await until(() => service.search("harbor").length > 0, scheduler);
		expect(paths(service.search("dialy"))).toEqual([]);
		await started;
		await until(() => paths(service.search("dialy")).length > 0, scheduler);
		expect(paths(service.search("dialy"))).toEqual(["journal.md"]);
	});

	it("carries the index over to new settings in slices when no search comes first", async () => {
		const vault = vaultOf(files);
		const scheduler = new TickingScheduler();
		const { service, reads } = serviceOver(vault, {
			scheduler,
			policy: policyFor({ excludedFolders: ["Archive"] }),
			options: { sliceMs: 1 },
		});
		await service.start();
		reads.length = 0;
		service.setPolicy(policyFor({ excludedFolders: ["Notes"] }));
		const before = scheduler.slices.length;
		scheduler.advance(1000);
		// Carried over in slices before the build that follows reads its first note.
		await until(() => reads.length > 0, scheduler);
		expect(scheduler.slices.length - before).toBeGreaterThanOrEqual(stepsFor(NOTES / 2));
		await until(() => service.currentStatus().phase === "ready" && reads.length === NOTES / 2, scheduler);
		expect(reads.every((path) => path.startsWith("Archive/"))).toBe(true);
		expect(paths(service.search("harbor 3"))[0]).toBe("Archive/3.md");
		expect(paths(service.search("harbor 2", { limit: 20 })).filter((path) => path.startsWith("Notes/"))).toEqual([]);
	});
});

/** Lets the service's slices run (each yield is a resolved promise) until `done`. */
async function until(done: () => boolean, scheduler: FakeScheduler): Promise<void> {
	for (let round = 0; round < 10_000 && !done(); round++) {
		scheduler.advance(0);
		await Promise.resolve();
	}
	expect(done()).toBe(true);
}
