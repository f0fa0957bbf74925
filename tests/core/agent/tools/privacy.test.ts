import { NO_MATCHES } from "../../../../src/core/agent/tools";
import { toolsOver } from "./toolFixture";

/** Every private note below holds this word, and nothing else in the vault does. */
const SECRET = "quetzal4471";

const files = {
	"Notes/public.md": "# Zebras\nThe zebra migration happens in July. See [[flagged]] and [[diary]].",
	"Notes/flagged.md": `---\nassistant: private\n---\nThe zebra code is ${SECRET}.`,
	"Notes/tagged.md": `Zebra notes ${SECRET} #secret`,
	"Notes/nested tag.md": `---\ntags: [secret/work]\n---\nZebra ${SECRET}`,
	"Private/diary.md": `Zebra diary ${SECRET}`,
	"chats/2026-03-14 chat.md": `Zebra chat ${SECRET}`,
	"logs/audit.md": `Zebra audit ${SECRET}`,
	".obsidian/plugins/assistant-workspace/audit.jsonl": `{"reason":"zebra ${SECRET}"}`,
	"memory.md": "# Memory\n- Likes zebras.",
	"memory/daily/2026-03-15.md": `---\nassistant: private\n---\n# 2026-03-15\n\n## Log\n- Zebra ${SECRET}`,
	"memory/daily/2026-03-14.md": "# 2026-03-14\n\n## Log\n- Saw zebras at the zoo.",
};
const settings = { excludedFolders: ["Private"], excludedTags: ["secret"], auditLogPath: "logs/audit.md" };

describe("private notes are never returned by any tool", () => {
	it("memory_search finds only what may be read, and nothing for a private word", async () => {
		const { run } = await toolsOver(files, settings);
		const found = await run("memory_search", { query: "zebra", limit: 20 });
		expect(found.isError).toBe(false);
		expect(found.text).not.toContain(SECRET);
		const paths = [...found.text.matchAll(/^\d+\. (.+?):\d+ /gm)].map((match) => match[1]).sort();
		expect(paths).toEqual(["Notes/public.md", "memory.md", "memory/daily/2026-03-14.md"]);
		expect((await run("memory_search", { query: SECRET })).text).toBe(NO_MATCHES);
	});

	it.each(["Notes/flagged.md", "Notes/tagged.md", "Notes/nested tag.md", "memory/daily/2026-03-15.md"])(
		"memory_get %j answers as for a note that is not there: hidden by what it says of itself, it is not even known to exist",
		async (path) => {
			const { run } = await toolsOver(files, settings);
			const result = await run("memory_get", { path });
			expect(result).toEqual({
				text: `Error: no note at "${path}". Paths are vault paths as memory_search gives them, e.g. "Projects/Atlas.md".`,
				isError: true,
			});
		},
	);

	it.each(["Private/diary.md", "private/Diary.md", "Private/no such note.md"])(
		"memory_get %j, in a private folder, answers as for a path where nothing is",
		async (path) => {
			const { run } = await toolsOver(files, settings);
			expect(await run("memory_get", { path })).toEqual({
				text: `Error: no note at "${path}". Paths are vault paths as memory_search gives them, e.g. "Projects/Atlas.md".`,
				isError: true,
			});
		},
	);

	it.each([
		["chats/2026-03-14 chat.md", "assistant-internal"],
		["logs/audit.md", "assistant-internal"],
		[".obsidian/plugins/assistant-workspace/audit.jsonl", "config"],
	])("memory_get %j answers Access denied: %s and nothing of the note", async (path, rule) => {
		const { run } = await toolsOver(files, settings);
		const result = await run("memory_get", { path });
		expect(result).toEqual({
			text: expect.stringMatching(new RegExp(`^Access denied: ${rule}\\. `)) as string,
			isError: true,
		});
		expect(result.text).not.toContain(SECRET);
		expect(result.text).not.toMatch(/zebra/i);
	});

	it.each(["[[flagged]]", "flagged"])(
		"memory_get %j finds no note: a link to a hidden note resolves to nothing",
		async (path) => {
			const { run } = await toolsOver(files, settings);
			const result = await run("memory_get", { path });
			expect(result).toEqual({ text: expect.stringMatching(/^Error: no note at /) as string, isError: true });
			expect(result.text).not.toContain(SECRET);
		},
	);

	it("memory_get lists a link to a private note as a link to nothing, without its path", async () => {
		const { run } = await toolsOver(files, settings);
		const { text } = await run("memory_get", { path: "Notes/public.md" });
		expect(text).toContain("- [[flagged]] (no such note)");
		expect(text).toContain("- [[diary]] (no such note)");
		expect(text).not.toContain("Notes/flagged.md");
		expect(text).not.toContain("Private/");
	});

	it("memory_recent leaves a private day out, and shows none of it", async () => {
		const { run } = await toolsOver(files, settings);
		const { text, isError } = await run("memory_recent", { days: 2 });
		expect(isError).toBe(false);
		expect(text).not.toContain(SECRET);
		expect(text).not.toContain("### 2026-03-15");
		expect(text).toContain("Saw zebras at the zoo.");
	});

	it("memory_recent withholds long-term memory that the user marked private", async () => {
		const { run } = await toolsOver({ "memory.md": `---\nassistant: private\n---\n${SECRET}` });
		const { text } = await run("memory_recent", {});
		// Absent from the view, a private memory.md is as good as none.
		expect(text).toContain("None yet: there is no memory.md.");
		expect(text).not.toContain(SECRET);
	});
});

describe("paths out of the assistant's reach", () => {
	it.each([
		["../outside.md", "parent"],
		["Notes/../../outside.md", "parent"],
		["%2e%2e%2fouside.md", "parent"],
		["..\\outside.md", "parent"],
		["/etc/passwd", "absolute"],
		["C:\\Windows\\win.ini", "absolute"],
		["file:///etc/passwd", "absolute"],
		["~/notes.md", "home"],
		["Notes/public.md\0", "nul"],
		[".OBSIDIAN/app.json", "config"],
		["%2eobsidian/app.json", "config"],
		[".trash/old.md", "trash"],
	])("memory_get %j is denied by the %s rule, without repeating the path", async (path, rule) => {
		const { run } = await toolsOver(files, settings);
		const result = await run("memory_get", { path });
		expect(result.isError).toBe(true);
		expect(result.text).toMatch(new RegExp(`^Access denied: ${rule}\\. `));
		expect(result.text).not.toContain(path);
	});
});

describe("an index that lags behind the vault", () => {
	it("never lets memory_search show a note that turned private since it was indexed", async () => {
		const { vault, run } = await toolsOver({ "a.md": "zebra crossing", "b.md": "zebra stripes" });
		await vault.process("a.md", (text) => `---\nassistant: private\n---\n${text} ${SECRET}`);
		const { text } = await run("memory_search", { query: "zebra" });
		expect(text).toMatch(/^1\. b\.md:1 {2}\(\d+\.\d\d\)\n {3}zebra stripes$/);
	});
});
