import { MemoryVault } from "../../../headless/inMemory/memoryVault";
import { checkReadAccess } from "../../../src/core/vault/readAccess";
import { viewOf } from "../../harness/viewOf";
import { privacyView } from "../../../src/core/vault/vaultView";
import { layoutFor } from "../../../src/core/workspace/layout";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

function vaultWith(files: Record<string, string | Uint8Array>): MemoryVault {
	return new MemoryVault({ files: { "Photos/scan.png": PNG, ...files } });
}

describe("an attachment a hidden note links to or embeds", () => {
	it("is hidden everywhere the view answers when its only linker is private", async () => {
		const vault = vaultWith({ "Diary/day.md": "---\nassistant: private\n---\n![[scan.png]]\n" });
		const view = viewOf(vault);
		expect(view.stat("Photos/scan.png")).toBeNull();
		expect(view.listFiles().map((file) => file.path)).not.toContain("Photos/scan.png");
		expect(view.hiddenReason("Photos/scan.png")).toBe("linked-by-hidden-notes");
		expect(view.listFiles((path) => path.endsWith(".png"))).toEqual([]);
		expect(view.hiddenFiles()).toContainEqual({ path: "Photos/scan.png", reason: "linked-by-hidden-notes" });
		expect(view.resolveLink("scan.png", "")).toBeNull();
		await expect(view.readBinary("Photos/scan.png")).rejects.toThrow("File not found");
		// Asked for by name, it is answered as a file that is not there: a refusal would tell it exists.
		expect(checkReadAccess("Photos/scan.png", view).kind).toBe("not-found");
	});

	it("is hidden when its only linker is in an excluded folder, or has an excluded tag", () => {
		const inFolder = viewOf(vaultWith({ "Private/day.md": "See [[scan.png]]" }), { excludedFolders: ["Private"] });
		expect(inFolder.stat("Photos/scan.png")).toBeNull();
		const tagged = viewOf(vaultWith({ "Diary/day.md": "#health ![[scan.png]]" }), { excludedTags: ["health"] });
		expect(tagged.stat("Photos/scan.png")).toBeNull();
	});

	it("stays hidden when a visible note links to it too: a link the assistant could write never opens it", async () => {
		const view = viewOf(
			vaultWith({
				"Diary/day.md": "---\nassistant: private\n---\n![[scan.png]]\n",
				"Assistant/memory.md": "# Memory\n\n- The receipt: [[scan.png]]\n",
			}),
		);
		expect(view.stat("Photos/scan.png")).toBeNull();
		expect(view.listFiles().map((file) => file.path)).not.toContain("Photos/scan.png");
		expect(view.hiddenReason("Photos/scan.png")).toBe("linked-by-hidden-notes");
		await expect(view.readBinary("Photos/scan.png")).rejects.toThrow("File not found");
	});

	it("is visible when only visible notes link to it", async () => {
		const view = viewOf(vaultWith({ "Projects/plan.md": "The receipt: [[scan.png]]" }));
		expect(view.stat("Photos/scan.png")?.path).toBe("Photos/scan.png");
		expect(view.listFiles().map((file) => file.path)).toContain("Photos/scan.png");
		expect(await view.readBinary("Photos/scan.png")).toEqual(PNG);
	});

	it("is visible when no note links to it, and hidden in an excluded folder whatever links to it", () => {
		expect(viewOf(vaultWith({})).stat("Photos/scan.png")).not.toBeNull();
		const excluded = viewOf(vaultWith({ "Projects/plan.md": "[[scan.png]]" }), { excludedFolders: ["Photos"] });
		expect(excluded.stat("Photos/scan.png")).toBeNull();
		expect(excluded.hiddenReason("Photos/scan.png")).toBe("excluded-folder");
	});

	it("is not hidden by the assistant's own files: a chat transcript that links it, or a note of the configuration folder", () => {
		// A chat that mentions [[scan.png]] saves the mention in its transcript: the file must not turn private for it.
		const byTranscript = viewOf(
			vaultWith({ "Assistant/chats/2026-01-01 chat.md": "## You\n\nWhat is in [[scan.png]]?\n" }),
			{},
			layoutFor("Assistant"),
		);
		expect(byTranscript.stat("Photos/scan.png")?.path).toBe("Photos/scan.png");
		expect(byTranscript.hiddenReason("Photos/scan.png")).toBeNull();
		expect(byTranscript.listFiles().map((file) => file.path)).toContain("Photos/scan.png");
		const byConfig = viewOf(vaultWith({ ".obsidian/snippets/readme.md": "![[scan.png]]" }));
		expect(byConfig.stat("Photos/scan.png")?.path).toBe("Photos/scan.png");
		expect(byConfig.listFiles().map((file) => file.path)).toContain("Photos/scan.png");
		// Nor do they make visible a file only a private note embeds.
		const both = viewOf(
			vaultWith({
				"Diary/day.md": "---\nassistant: private\n---\n![[scan.png]]\n",
				"Assistant/chats/2026-01-01 chat.md": "[[scan.png]]",
			}),
			{},
			layoutFor("Assistant"),
		);
		expect(both.stat("Photos/scan.png")).toBeNull();
		expect(both.listFiles().map((file) => file.path)).not.toContain("Photos/scan.png");
	});

	it("is hidden while the metadata cache has not yet resolved every note's links (Obsidian's start): fails closed", () => {
		const vault = vaultWith({ "Projects/plan.md": "plain" });
		const metadata = {
			getMetadata: (path: string) => vault.getMetadata(path),
			resolveLink: (linkpath: string, source: string) => vault.resolveLink(linkpath, source),
			// Empty, as before the cache's first pass: a private note's embed is not in it yet.
			resolvedLinks: {},
			linksResolved: false,
		};
		const view = privacyView({ store: vault, metadata }, viewOf(vault).policy);
		expect(view.stat("Photos/scan.png")).toBeNull();
		expect(view.hiddenReason("Photos/scan.png")).toBe("no-metadata");
		expect(view.listFiles().map((file) => file.path)).toEqual(["Projects/plan.md"]);
		expect(view.stat("Projects/plan.md")?.path).toBe("Projects/plan.md");
	});

	it("follows the note that turned private since, in the next task", async () => {
		const vault = vaultWith({ "Projects/plan.md": "[[scan.png]]" });
		const view = viewOf(vault);
		expect(view.listFiles().map((file) => file.path)).toContain("Photos/scan.png");
		await vault.process("Projects/plan.md", (text) => `---\nassistant: private\n---\n${text}`);
		expect(view.listFiles().map((file) => file.path)).not.toContain("Photos/scan.png");
		expect(view.stat("Photos/scan.png")).toBeNull();
	});

	it("gives a note's text only through read: readBinary refuses a note", async () => {
		const view = viewOf(vaultWith({ "Projects/plan.md": "text" }));
		await expect(view.readBinary("Projects/plan.md")).rejects.toThrow("File not found");
	});

	it("lists a large vault in linear time", () => {
		const files: Record<string, string | Uint8Array> = {};
		for (let index = 0; index < 20_000; index++) {
			files[`Notes/n${index}.md`] =
				index % 2 === 0 ? `![[img${index}.png]]` : "---\nassistant: private\n---\n![[x.png]]";
			files[`Images/img${index}.png`] = PNG;
		}
		const view = viewOf(new MemoryVault({ files }));
		const started = performance.now();
		const listed = view.listFiles();
		for (const file of listed) view.stat(file.path);
		const elapsed = performance.now() - started;
		// The private half of the notes is hidden; every image is linked from a visible note.
		expect(listed.length).toBe(30_000);
		// Quadratic would be 20,000 images × 20,000 notes' links each time: minutes, not this.
		expect(elapsed).toBeLessThan(5_000);
	});
});
