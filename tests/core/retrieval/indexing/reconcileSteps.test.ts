import { indexOfVault, noteOf, NOW } from "../vaultFixtures";

describe("comparing the index with the vault's files in steps", () => {
	it("keeps a note renamed between two steps, though the listing, made before, still has its old name", () => {
		const notes: Record<string, string> = { "Notes/lighthouse.md": "The lighthouse keeper." };
		for (let i = 0; i < 1500; i++) notes[`Filler/${i}.md`] = `Filler ${i}`;
		const index = indexOfVault(notes);
		const listing = Object.keys(notes).map((path) => ({ path, ...noteOf(path, notes[path]).stat }));
		const touched = new Set<string>();
		const steps = index.reconcileSteps(listing, (path) => touched.has(path));
		steps.next();
		// The rename event, applied between two steps.
		index.rename("Notes/lighthouse.md", "Archive/lighthouse.md");
		touched.add("Notes/lighthouse.md").add("Archive/lighthouse.md");
		let step = steps.next();
		while (step.done !== true) step = steps.next();
		expect(step.value.map((file) => file.path)).not.toContain("Notes/lighthouse.md");
		expect(index.search("lighthouse", { now: NOW }).map((hit) => hit.path)).toEqual(["Archive/lighthouse.md"]);
	});

	it("forgets a file gone from the listing that no event touched", () => {
		const index = indexOfVault({ "a.md": "alpha", "b.md": "beta" });
		expect(index.reconcile([{ path: "a.md", ...noteOf("a.md", "alpha").stat }])).toEqual([]);
		expect(index.search("beta", { now: NOW })).toEqual([]);
	});
});
