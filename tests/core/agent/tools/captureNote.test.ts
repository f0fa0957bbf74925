import { captureContent, captureTags } from "../../../../src/core/memory/capture";
import { captureFileName, MAX_TITLE_BYTES, safeTitle, uniqueNotePath } from "../../../../src/core/memory/captureName";
import { writeToolsOver } from "./writeToolFixture";

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

/** What no platform or Obsidian link accepts in a file name, or what a file name may not end with. */
function assertSafe(title: string): void {
	expect(title).not.toMatch(/[\\/:*?"<>|#^[\]\u0000-\u001f]/);
	expect(title).not.toMatch(/^[.\s]|[.\s]$/);
	expect(title.split(".", 1)[0]).not.toMatch(/^(con|prn|aux|nul|com\d|lpt\d)$/i);
	expect(utf8Bytes(title)).toBeLessThanOrEqual(MAX_TITLE_BYTES);
	expect(title).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
	expect(title).not.toBe("");
}

describe("capture names", () => {
	it.each([
		["Meeting notes", "Meeting notes"],
		["CON", "CON_"],
		["nul.txt", "nul_.txt"],
		["Com1", "Com1_"],
		["a/b", "a b"],
		['a\\b:c*d?e"f<g>h|i', "a b c d e f g h i"],
		["#tag ^block [[link]]", "tag block link"],
		["..", "Untitled"],
		["../../etc/passwd", "etc passwd"],
		["  .hidden. ", "hidden"],
		["", "Untitled"],
		["line\nbreak\ttab", "line break tab"],
		["Idea 💡 ✨", "Idea 💡 ✨"],
		["研究：城市热岛", "研究：城市热岛"],
		["e\u0301", "é"],
	])("%j becomes %j", (title, safe) => {
		expect(safeTitle(title)).toBe(safe);
		assertSafe(safeTitle(title));
	});

	it("cuts a long title at a character boundary within the byte limit, emoji and CJK included", () => {
		for (const title of [
			"x".repeat(300),
			"研".repeat(300),
			"💡".repeat(300),
			`${"a".repeat(118)}👩‍👩‍👧`,
			`${"a".repeat(119)}é`,
		]) {
			const safe = safeTitle(title);
			assertSafe(safe);
			expect(title.startsWith(safe)).toBe(true);
			expect(utf8Bytes(safe)).toBeGreaterThan(MAX_TITLE_BYTES - 4 - 3 * 2);
		}
	});

	it("is safe for any title: random strings of awkward characters", () => {
		const alphabet = [...'./\\:*?"<>|#^[] \t\n.aZ9研💡\u200d\ufe0f', "\ud83d", "\u0000", "CON", "nul", "..", "é"];
		let seed = 7;
		const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
		for (let i = 0; i < 500; i++) {
			const title = Array.from(
				{ length: Math.floor(next() * 80) },
				() => alphabet[Math.floor(next() * alphabet.length)],
			).join("");
			assertSafe(safeTitle(title));
		}
	});

	it("never collides: the name, then ` 2`, ` 3`, comparing as the file system does", () => {
		const taken = new Set(["inbox/2026-03-15 idea.md", "inbox/2026-03-15 idea 2.md"]);
		const isTaken = (path: string) => taken.has(path.toLowerCase());
		expect(uniqueNotePath("Inbox", captureFileName("2026-03-15", "Other"), isTaken)).toBe("Inbox/2026-03-15 Other.md");
		expect(uniqueNotePath("inbox", captureFileName("2026-03-15", "Idea"), isTaken)).toBe("inbox/2026-03-15 Idea 3.md");
		expect(uniqueNotePath("", "x.md", () => false)).toBe("x.md");
	});

	it("writes the frontmatter Obsidian reads: captured, source, tags quoted where YAML would misread them", () => {
		expect(
			captureContent(
				{ text: "Body\n\n", tags: ["#idea", "two words", "2026", "true", "项目/热岛", "-x", ""], source: "[[Paper]]" },
				"2026-03-15T12:00:00+00:00",
			),
		).toBe(
			'---\ncaptured: 2026-03-15T12:00:00+00:00\nsource: "[[Paper]]"\ntags:\n  - idea\n  - two-words\n  - "true"\n  - 项目/热岛\n  - x\n---\n\nBody\n',
		);
		expect(captureTags(["a", "A", "a"])).toEqual(["a", "A"]);
	});
});

describe("capture_note", () => {
	it("creates a dated note in the inbox with frontmatter, audited, and says how to link it", async () => {
		const { run, vault, records } = await writeToolsOver({});
		const result = await run("capture_note", {
			title: "Heat island: idea?",
			text: "Compare 1990 and 2020.",
			tags: ["idea"],
		});
		expect(result).toEqual({
			isError: false,
			text: "Captured as a new note: Inbox/2026-03-15 Heat island idea.md. Link to it as [[2026-03-15 Heat island idea]].",
			locations: [{ path: "Inbox/2026-03-15 Heat island idea.md" }],
		});
		expect(await vault.read("Inbox/2026-03-15 Heat island idea.md")).toBe(
			"---\ncaptured: 2026-03-15T12:00:00+00:00\nsource: assistant\ntags:\n  - idea\n---\n\nCompare 1990 and 2020.\n",
		);
		expect(records()).toMatchObject([
			{ actor: "assistant", action: "create", path: "Inbox/2026-03-15 Heat island idea.md", sha256Before: null },
		]);
	});

	it("never overwrites: the same title twice, or a title naming an existing note in any case, gets a suffix", async () => {
		const mine = "the user's own note";
		const { run, vault } = await writeToolsOver({ "Inbox/2026-03-15 idea.md": mine });
		await run("capture_note", { title: "Idea", text: "one" });
		await run("capture_note", { title: "IDEA", text: "two" });
		expect(await vault.read("Inbox/2026-03-15 idea.md")).toBe(mine);
		expect(await vault.read("Inbox/2026-03-15 Idea 2.md")).toContain("one");
		expect(await vault.read("Inbox/2026-03-15 IDEA 3.md")).toContain("two");
	});

	it.each(["../../outside", ".obsidian/plugins/x", "/etc/passwd", "C:\\Windows\\x", "%2e%2e%2fx"])(
		"keeps %j inside the inbox",
		async (title) => {
			const { run, vault } = await writeToolsOver({});
			expect((await run("capture_note", { title, text: "x" })).isError).toBe(false);
			const [file] = vault.listFiles();
			expect(file.path.startsWith("Inbox/2026-03-15 ")).toBe(true);
			expect(file.path.split("/")).toHaveLength(2);
		},
	);

	it("is refused when the inbox is a private folder", async () => {
		const { run, vault, records } = await writeToolsOver({}, { excludedFolders: ["Inbox"] });
		expect(await run("capture_note", { title: "x", text: "y" })).toMatchObject({
			isError: true,
			text: expect.stringContaining("marked private") as string,
		});
		expect(vault.listFiles()).toEqual([]);
		expect(records()).toEqual([]);
	});
});
