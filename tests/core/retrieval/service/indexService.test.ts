import { MemoryIndexStore } from "../../../harness/memoryIndexStore";
import { policyFor } from "../vaultFixtures";
import { paths, serviceOver, settle, vaultOf } from "./serviceFixture";

const files = {
	"Projects/Atlas.md":
		"---\ntags: [project/atlas]\n---\n# Atlas\nBudget review for the lighthouse.\n## Risks\nSchedule slip.",
	"Notes/harbor.md": "# Harbor\nThe harbor lighthouse was repainted.",
	"Notes/garden.md": "# Garden\nTomatoes and basil.",
	"Private/diary.md": "The lighthouse keeper's secret.",
	"Notes/secret.md": "---\nassistant: private\n---\nLighthouse code: 1234.",
	"attachments/photo.png": { content: null, size: 2048 },
};

describe("the index service", () => {
	it("builds the index once started, reading each note once (a private one not at all), and says how far it got", async () => {
		const vault = vaultOf(files);
		const { service, reads, statuses } = serviceOver(vault, { policy: policyFor({ excludedFolders: ["Private"] }) });
		expect(service.search("lighthouse")).toEqual([]);
		const report = await service.start();
		expect(report).toMatchObject({ notesUpdated: 4, stats: { notes: 3 } });
		expect(reads.sort()).toEqual(["Notes/garden.md", "Notes/harbor.md", "Projects/Atlas.md"]);
		expect(paths(service.search("lighthouse"))).toEqual(["Notes/harbor.md", "Projects/Atlas.md"]);
		expect(service.stats()?.skippedBy).toMatchObject({ "excluded-folder": 1, private: 1, "not-markdown": 1 });
		expect(statuses[0]).toEqual({ phase: "loading" });
		expect(statuses).toContainEqual({ phase: "indexing", done: 0, total: 4, finishing: false });
		expect(statuses.at(-1)).toEqual({ phase: "ready" });
	});

	it("restarts from the saved index without reading an unchanged vault, and reads only what changed", async () => {
		const vault = vaultOf(files);
		const store = new MemoryIndexStore();
		const first = serviceOver(vault, { store });
		await first.service.start();
		first.scheduler.advance(2000);
		await settle();
		expect(store.counts.snapshotSaves).toBe(1);
		await first.stop();

		const second = serviceOver(vault, { store });
		expect(await second.service.start()).toMatchObject({ notesUpdated: 0 });
		expect(second.reads).toEqual([]);
		expect(paths(second.service.search("tomatoes"))).toEqual(["Notes/garden.md"]);
		await second.stop();

		await vault.process("Notes/garden.md", () => "# Garden\nPeppers now.");
		await vault.trash("Notes/harbor.md");
		const third = serviceOver(vault, { store });
		await third.service.start();
		expect(third.reads).toEqual(["Notes/garden.md"]);
		expect(third.service.search("tomatoes")).toEqual([]);
		expect(paths(third.service.search("peppers"))).toEqual(["Notes/garden.md"]);
		expect(paths(third.service.search("harbor"))).toEqual([]);
	});

	it("never holds the main thread for more than 30 ms during a build", async () => {
		const many: Record<string, string> = {};
		for (let i = 0; i < 400; i++) many[`notes/${i}.md`] = `# Note ${i}\nharbor ${i}`;
		const { service, scheduler } = serviceOver(vaultOf(many), { noteCostMs: 3, options: { readAhead: 1 } });
		await service.start();
		expect(scheduler.slices.length).toBeGreaterThan(30);
		expect(Math.max(...scheduler.slices)).toBeLessThanOrEqual(30);
		expect(service.stats()?.notes).toBe(400);
	});

	it("follows edits, renames and deletions without reading any other note", async () => {
		const vault = vaultOf(files);
		const { service, reads } = serviceOver(vault);
		await service.start();
		reads.length = 0;
		await vault.process("Notes/garden.md", () => "# Garden\nPeppers and lighthouse lamps.");
		expect(paths(service.search("peppers"))).toEqual(["Notes/garden.md"]);
		expect(service.search("tomatoes")).toEqual([]);
		await vault.rename("Notes/harbor.md", "Archive/Port.md");
		await settle();
		expect(paths(service.search("port"))).toEqual(["Archive/Port.md"]);
		expect(paths(service.search("harbor lighthouse"))).toContain("Archive/Port.md");
		await vault.trash("Projects/Atlas.md");
		expect(paths(service.search("budget"))).toEqual([]);
		expect(reads).toEqual([]);
	});

	it("keeps an edit made while the build was reading, instead of the older text the build read", async () => {
		const vault = vaultOf(files);
		let diskCatchesUp = () => {};
		const readsWaitFor = new Promise<void>((resolve) => (diskCatchesUp = resolve));
		const { service, reads } = serviceOver(vault, { readsWaitFor });
		const building = service.start();
		await settle();
		expect(reads).toContain("Notes/garden.md"); // read, old text in hand, not yet indexed
		await vault.process("Notes/garden.md", () => "# Garden\nPeppers.");
		await vault.trash("Notes/harbor.md");
		diskCatchesUp();
		await building;
		expect(paths(service.search("peppers"))).toEqual(["Notes/garden.md"]);
		expect(service.search("tomatoes")).toEqual([]);
		expect(service.search("harbor")).toEqual([]);
		expect(service.stats()?.notes).toBe(3);
	});

	it("leaves a note the metadata cache does not know yet unread, and indexes it when its metadata arrives", async () => {
		const vault = vaultOf(files);
		const notReady = new Set(["Notes/garden.md"]);
		const { service, reads } = serviceOver(vault, { notReady });
		await service.start();
		expect(reads).not.toContain("Notes/garden.md");
		expect(service.stats()?.skippedBy["no-metadata"]).toBe(1);
		notReady.clear();
		await vault.process("Notes/garden.md", (text) => `${text}\nBasil.`);
		expect(paths(service.search("tomatoes"))).toEqual(["Notes/garden.md"]);
		expect(service.stats()?.skippedBy["no-metadata"]).toBe(0);
	});

	it("reads a renamed note only when the index never had its content", async () => {
		const vault = vaultOf(files);
		const { service, reads } = serviceOver(vault, { policy: policyFor({ excludedFolders: ["Private"] }) });
		await service.start();
		reads.length = 0;
		await vault.rename("Private/diary.md", "Notes/diary.md");
		await settle();
		expect(reads).toEqual(["Notes/diary.md"]);
		expect(paths(service.search("keeper"))).toEqual(["Notes/diary.md"]);
		await vault.rename("Notes/diary.md", "Private/diary.md");
		expect(service.search("keeper")).toEqual([]);
		expect(reads).toHaveLength(1);
	});

	it("catches up, on resync, with changes no event reported (a folder Obsidian reported alone)", async () => {
		const vault = vaultOf(files);
		const { service, scheduler, reads, unfollow } = serviceOver(vault);
		await service.start();
		unfollow();
		reads.length = 0;
		await vault.rename("Notes", "Archive");
		await vault.trash("Projects/Atlas.md");
		service.resync();
		scheduler.advance(0);
		await settle();
		expect(paths(service.search("tomatoes"))).toEqual(["Archive/garden.md"]);
		expect(service.search("budget")).toEqual([]);
		expect(reads.sort()).toEqual(["Archive/garden.md", "Archive/harbor.md"]);
	});

	it("drops newly excluded notes before the next search, and reads newly included ones", async () => {
		const vault = vaultOf(files);
		const { service, scheduler, reads } = serviceOver(vault, { policy: policyFor({ excludedFolders: ["Private"] }) });
		await service.start();
		reads.length = 0;
		service.setPolicy(policyFor({ excludedFolders: ["Notes"] }));
		expect(paths(service.search("lighthouse"))).toEqual(["Projects/Atlas.md"]);
		scheduler.advance(1000);
		await settle();
		expect(reads).toEqual(["Private/diary.md"]);
		expect(paths(service.search("keeper"))).toEqual(["Private/diary.md"]);
		expect(service.currentStatus()).toEqual({ phase: "ready" });
	});

	it("lets pinned and often opened notes rank higher among matches, but never makes a match", async () => {
		const vault = vaultOf({ "a.md": "sqlite notes", "b.md": "sqlite notes", "c.md": "postgres notes" });
		const { service } = serviceOver(vault);
		await service.start();
		expect(paths(service.search("sqlite"))).toEqual(["a.md", "b.md"]);
		service.setPinned(["b.md", "c.md"]);
		expect(paths(service.search("sqlite"))).toEqual(["b.md", "a.md"]);
		service.setPinned([]);
		for (let i = 0; i < 3; i++) service.noteOpened("b.md");
		service.noteOpened("c.md");
		expect(paths(service.search("sqlite"))).toEqual(["b.md", "a.md"]);
		expect(service.hotSet().openCounts.get("b.md")).toBeCloseTo(3);
	});

	it("keeps the open counts on the device across restarts, and follows renames", async () => {
		const vault = vaultOf({ "a.md": "sqlite", "b.md": "sqlite" });
		const store = new MemoryIndexStore();
		const first = serviceOver(vault, { store });
		await first.service.start();
		first.service.noteOpened("b.md");
		await vault.rename("b.md", "c.md");
		await first.stop();
		const second = serviceOver(vault, { store });
		await second.service.start();
		expect([...second.service.hotSet().openCounts.keys()]).toEqual(["c.md"]);
		expect(paths(second.service.search("sqlite"))).toEqual(["c.md", "a.md"]);
	});

	it("saves a few edits only when closing, and many edits once they add up to 1% of the notes", async () => {
		const many: Record<string, string> = {};
		for (let i = 0; i < 200; i++) many[`notes/${i}.md`] = `Note ${i}`;
		const vault = vaultOf(many);
		const store = new MemoryIndexStore();
		const { service, scheduler, stop } = serviceOver(vault, { store });
		const quiet = async () => {
			scheduler.advance(2000);
			await settle();
		};
		await service.start();
		await quiet();
		expect(store.counts.snapshotSaves).toBe(1);
		await vault.process("notes/1.md", (text) => `${text} edited`);
		await quiet();
		expect(store.counts.snapshotSaves).toBe(1);
		await vault.process("notes/2.md", (text) => `${text} edited`);
		await quiet();
		expect(store.counts.snapshotSaves).toBe(2);
		await vault.process("notes/3.md", (text) => `${text} edited`);
		await quiet();
		expect(store.counts.snapshotSaves).toBe(2);
		await stop();
		expect(store.counts.snapshotSaves).toBe(3);
		expect(scheduler.pendingTimers).toBe(0);
	});

	it("rebuilds from scratch on request, reading every note again", async () => {
		const vault = vaultOf(files);
		const store = new MemoryIndexStore();
		const { service, reads } = serviceOver(vault, { store });
		await service.start();
		reads.length = 0;
		const report = await service.rebuild();
		expect(store.counts.clears).toBe(1);
		expect(report).toMatchObject({ notesUpdated: 5, stats: { notes: 4 } });
		expect(reads).toHaveLength(4);
	});

	it("stops a build that a rebuild replaced", async () => {
		const vault = vaultOf(files);
		const { service } = serviceOver(vault);
		const first = service.start();
		const second = service.rebuild();
		expect(await first).toBeNull();
		expect(await second).toMatchObject({ stats: { notes: 4 } });
	});
});
