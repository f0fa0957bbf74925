import { captureToInbox } from "../../../src/core/memory/capture";
import { captureSelection } from "../../../src/core/memory/captureSelection";
import { memoryFixture } from "./fixture";

const NOW = "2026-11-28T10:00:00.000Z";

describe("capture to the inbox", () => {
	it("never collides: the same title three times, and a name taken in another case, give new notes beside the old", async () => {
		const fixture = memoryFixture({ "Inbox/2026-11-28 idea.md": "mine" }, NOW);
		const paths: string[] = [];
		for (let i = 0; i < 3; i++)
			paths.push(
				(
					await captureToInbox(fixture.deps, "Inbox", {
						title: "Idea",
						text: `take ${i}`,
						source: "user",
						actor: "user",
					})
				).path,
			);
		expect(paths).toEqual(["Inbox/2026-11-28 Idea 2.md", "Inbox/2026-11-28 Idea 3.md", "Inbox/2026-11-28 Idea 4.md"]);
		expect(await fixture.vault.read("Inbox/2026-11-28 idea.md")).toBe("mine");
	});

	it("never leaves the inbox, whatever the title", async () => {
		const fixture = memoryFixture({}, NOW);
		for (const title of [
			"../../etc/passwd",
			"/abs",
			"..\\..\\x",
			".obsidian/app",
			"~/home",
			"a/b/c",
			"CON",
			"  ..  ",
		]) {
			const { path } = await captureToInbox(fixture.deps, "Inbox", { title, text: "x", source: "user", actor: "user" });
			expect(path).toMatch(/^Inbox\/2026-11-28 [^/]+\.md$/);
		}
		expect(fixture.vault.listFiles().every((file) => file.path.startsWith("Inbox/"))).toBe(true);
	});

	it("captures a selection with a backlink to its note in `source`, titled from its first line", async () => {
		const fixture = memoryFixture({ "Notes/Sleep.md": "# Sleep\nDeep sleep consolidates memory.\nMore.\n" }, NOW);
		const { path } = await captureSelection(fixture.deps, "Inbox", {
			sourcePath: "Notes/Sleep.md",
			selection: "Deep sleep consolidates memory.\nMore.",
			actor: "user",
		});
		expect(path).toBe("Inbox/2026-11-28 Deep sleep consolidates memory.md");
		expect(await fixture.vault.read(path)).toBe(
			'---\ncaptured: 2026-11-28T10:00:00+00:00\nsource: "[[Notes/Sleep|Sleep]]"\n---\n\nDeep sleep consolidates memory.\nMore.\n',
		);
		// Obsidian counts the frontmatter link: the source note lists the capture among its backlinks.
		expect(fixture.vault.resolvedLinks[path]).toEqual({ "Notes/Sleep.md": 1 });
	});

	it("keeps a selection taken from a hidden note hidden: the capture is marked private and the assistant cannot see it", async () => {
		const fixture = memoryFixture(
			{
				"Private/Plan.md": "# Plan\nokapi-folder\n",
				"Diary/Day.md": "---\nassistant: private\n---\nokapi-flag\n",
				"Notes/Open.md": "okapi-open\n",
			},
			NOW,
			["Private"],
		);
		const captured = [];
		for (const [sourcePath, selection] of [
			["Private/Plan.md", "okapi-folder"],
			["Diary/Day.md", "okapi-flag"],
			["Notes/Open.md", "okapi-open"],
		]) {
			captured.push((await captureSelection(fixture.deps, "Inbox", { sourcePath, selection, actor: "user" })).path);
		}
		const seen = fixture.deps.vault.listFiles().map((file) => file.path);
		expect(captured.map((path) => seen.includes(path))).toEqual([false, false, true]);
		expect(await fixture.vault.read(captured[0])).toContain("\nassistant: private\n---\n\nokapi-folder\n");
		expect(await fixture.vault.read(captured[2])).not.toContain("assistant: private");
	});
});
