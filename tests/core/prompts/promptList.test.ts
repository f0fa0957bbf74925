import {
	listPrompts,
	MAX_FILLED_CHARS,
	MAX_PROMPTS,
	MAX_PROMPT_BYTES,
	preparePrompt,
	promptsFolderOf,
	promptsMatching,
	slashCommandOf,
	type PromptEntry,
} from "../../../src/core/prompts";
import { layoutFor } from "../../../src/core/workspace/layout";
import { MemoryVault } from "../../../headless/inMemory/memoryVault";
import { viewOf } from "../../harness/viewOf";
import { promptReader } from "../../harness/promptReader";

const LAYOUT = layoutFor("Assistant");
const CONTEXT = { notePath: null, selection: "", today: "2026-03-16", rest: "" };

function vaultWith(
	files: Record<string, string>,
	settings: { excludedFolders?: string[]; excludedTags?: string[] } = {},
) {
	const vault = new MemoryVault({ files });
	return viewOf(vault, settings, LAYOUT);
}

function entry(view: ReturnType<typeof vaultWith>, name: string): PromptEntry {
	const found = listPrompts(view, "Assistant/Prompts", LAYOUT).prompts.find((prompt) => prompt.name === name);
	if (found === undefined) throw new Error(`No prompt ${name}`);
	return found;
}

describe("the prompts of a folder", () => {
	it("are its notes and its subfolders', named by file name, with their descriptions", () => {
		const view = vaultWith({
			"Assistant/Prompts/Summarize.md": "---\ndescription: Short summary\n---\nSummarize {{note}}",
			"Assistant/Prompts/Work/Plan my day.md": "Plan {{date}}",
			"Assistant/Prompts/cover.png": "",
			"Assistant/Other.md": "not a prompt",
		});
		expect(listPrompts(view, "Assistant/Prompts", LAYOUT)).toEqual({
			prompts: [
				{
					name: "Summarize",
					path: "Assistant/Prompts/Summarize.md",
					commandId: "run-prompt-summarize",
					description: "Short summary",
				},
				{ name: "Plan my day", path: "Assistant/Prompts/Work/Plan my day.md", commandId: "run-prompt-plan-my-day" },
			],
			shadowed: [],
		});
	});

	it("never include a note the assistant may not see: a private folder, a private tag", () => {
		const view = vaultWith(
			{
				"Assistant/Prompts/Visible.md": "Ask",
				"Assistant/Prompts/Private/Secret.md": "Leak {{note}}",
				"Assistant/Prompts/Tagged.md": "---\ntags: [private]\n---\nLeak",
			},
			{ excludedFolders: ["Assistant/Prompts/Private"], excludedTags: ["private"] },
		);
		expect(listPrompts(view, "Assistant/Prompts", LAYOUT).prompts.map((prompt) => prompt.name)).toEqual(["Visible"]);
	});

	it("have one prompt per name whatever its case; command ids stay safe and unique", () => {
		const view = vaultWith({
			"Assistant/Prompts/Summarize.md": "A",
			"Assistant/Prompts/Sub/summarize.md": "B",
			"Assistant/Prompts/a:b c.md": "C",
			"Assistant/Prompts/a b-c.md": "D",
			"Assistant/Prompts/总结 🙂.md": "E",
			"Assistant/Prompts/🙂.md": "F",
		});
		const listing = listPrompts(view, "Assistant/Prompts", LAYOUT);
		expect(listing.shadowed).toEqual(["Assistant/Prompts/Sub/summarize.md"]);
		expect(listing.prompts.map((prompt) => [prompt.name, prompt.commandId])).toEqual([
			["Summarize", "run-prompt-summarize"],
			["a b-c", "run-prompt-a-b-c"],
			["a:b c", "run-prompt-a-b-c-2"],
			["总结 🙂", "run-prompt-总结"],
			["🙂", "run-prompt-unnamed"],
		]);
		for (const { commandId } of listing.prompts) expect(commandId).not.toMatch(/[:\s/]/);
	});
});

describe("the notes the assistant writes", () => {
	it("are never prompts, even in a prompts folder that holds them: their text is the model's, not the user's", () => {
		// A prompt is sent as the user's own message: a note the model wrote could make its words the user's.
		const view = vaultWith({
			"Assistant/Ask.md": "Ask",
			"Assistant/memory.md": "Remember",
			"Assistant/soul.md": "Be kind",
			"Assistant/memory/daily/2026-03-16.md": "Today",
			"Assistant/chats/2026-03-16 Chat.md": "A chat",
			"Assistant/Inbox/2026-03-16 Captured.md": "---\nsource: assistant\n---\nCaptured",
			"Assistant/inbox/2026-03-17 Captured.md": "---\nsource: assistant\n---\nCaptured",
			"Assistant/Chats/2026-03-17 Chat.md": "A chat",
		});
		const names = listPrompts(view, "Assistant", LAYOUT).prompts.map((prompt) => prompt.name);
		expect(names).toEqual(["Ask"]);
	});
});

describe("a prompts folder of thousands of notes", () => {
	it("lists the first prompts only, the folder's own before its subfolders'", () => {
		const files = Object.fromEntries(
			Array.from({ length: MAX_PROMPTS + 50 }, (_, index) => [`Assistant/Prompts/Sub/Note ${index}.md`, "x"]),
		);
		const view = vaultWith({ ...files, "Assistant/Prompts/Top.md": "Ask" });
		const { prompts } = listPrompts(view, "Assistant/Prompts", LAYOUT);
		expect(prompts).toHaveLength(MAX_PROMPTS);
		expect(prompts[0].name).toBe("Top");
	});
});

describe("a /command in the chat", () => {
	const prompts: PromptEntry[] = [
		{ name: "Plan", path: "P/Plan.md", commandId: "run-prompt-plan" },
		{ name: "Plan my day", path: "P/Plan my day.md", commandId: "run-prompt-plan-my-day" },
	];

	it("calls the prompt of the longest name it begins with, in any case, the rest being the user's words", () => {
		expect(slashCommandOf(prompts, "/plan my day  after lunch")).toEqual({ prompt: prompts[1], rest: "after lunch" });
		expect(slashCommandOf(prompts, "/Plan")).toEqual({ prompt: prompts[0], rest: "" });
		expect(slashCommandOf(prompts, "/Planning")).toBeNull();
		expect(slashCommandOf(prompts, "Plan my day")).toBeNull();
	});

	it("suggests the names that begin with what was typed first", () => {
		expect(promptsMatching(prompts, "day").map((prompt) => prompt.name)).toEqual(["Plan my day"]);
		expect(promptsMatching(prompts, "").map((prompt) => prompt.name)).toEqual(["Plan", "Plan my day"]);
	});
});

describe("preparing a prompt to run", () => {
	it("fills the active note, its selection and today, and adds the user's words", async () => {
		const view = vaultWith({
			"Assistant/Prompts/Fix.md":
				"---\ninsert: cursor\nmodel: claude-haiku-4-5\n---\nFix {{selection}} in:\n{{note}}\n{{date}}",
			"Projects/Thesis.md": "# Thesis\n\nLyon opens at nine.\n",
		});
		const prepared = await preparePrompt(
			view,
			entry(view, "Fix"),
			{
				notePath: "Projects/Thesis.md",
				selection: "opens",
				today: "2026-03-16",
				rest: "keep it short",
			},
			promptReader(view, LAYOUT),
		);
		expect(prepared).toEqual({
			prompt: expect.objectContaining({ insert: "cursor", model: "claude-haiku-4-5" }),
			text: "Fix opens in:\n# Thesis\n\nLyon opens at nine.\n\n2026-03-16\n\nkeep it short",
			notices: [],
			// What came from the note, by its path: withheld from the turn's later requests if it turns private.
			fromNote: [
				{ path: "Projects/Thesis.md", text: "opens" },
				{ path: "Projects/Thesis.md", text: "# Thesis\n\nLyon opens at nine." },
			],
		});
	});

	it("fills nothing of a hidden note, its selection included, and says so", async () => {
		const view = vaultWith(
			{
				"Assistant/Prompts/Summarize.md": "Summarize {{note}} and {{selection}}",
				"Private/Diary.md": "my secret",
			},
			{ excludedFolders: ["Private"] },
		);
		const prepared = await preparePrompt(
			view,
			entry(view, "Summarize"),
			{
				...CONTEXT,
				notePath: "Private/Diary.md",
				selection: "my secret",
			},
			promptReader(view, LAYOUT),
		);
		expect(prepared).toEqual({
			prompt: expect.anything(),
			text: "Summarize  and",
			notices: ["note-hidden"],
			fromNote: [],
		});
	});

	it("says when a prompt that works on a selection is run without one", async () => {
		const view = vaultWith({ "Assistant/Prompts/Fix.md": "Fix:\n\n{{selection}}", "Notes/Trip.md": "A trip" });
		expect(
			await preparePrompt(
				view,
				entry(view, "Fix"),
				{ ...CONTEXT, notePath: "Notes/Trip.md" },
				promptReader(view, LAYOUT),
			),
		).toMatchObject({
			text: "Fix:",
			notices: ["no-selection"],
		});
	});

	it("says when no note is open for a prompt that needs one", async () => {
		const view = vaultWith({ "Assistant/Prompts/Summarize.md": "Summarize: {{note}}" });
		expect(await preparePrompt(view, entry(view, "Summarize"), CONTEXT, promptReader(view, LAYOUT))).toMatchObject({
			text: "Summarize:",
			notices: ["no-note"],
		});
	});

	it("refuses a prompt note too large, or made hidden since it was listed", async () => {
		const view = vaultWith({
			"Assistant/Prompts/Huge.md": `Ask ${"x".repeat(5 * 1024 * 1024)}`,
			"Assistant/Prompts/Gone.md": "Ask",
		});
		await expect(preparePrompt(view, entry(view, "Huge"), CONTEXT, promptReader(view, LAYOUT))).resolves.toEqual({
			refused: "too-large",
		});
		expect(MAX_PROMPT_BYTES).toBeLessThan(5 * 1024 * 1024);
		const gone = entry(view, "Gone");
		const later = vaultWith({ "Assistant/Prompts/Gone.md": "Ask" }, { excludedFolders: ["Assistant/Prompts"] });
		await expect(preparePrompt(later, gone, CONTEXT, promptReader(later, LAYOUT))).resolves.toEqual({
			refused: "missing",
		});
	});

	it("runs a prompt whose properties are of the wrong kind with the defaults, reporting them", async () => {
		const view = vaultWith({ "Assistant/Prompts/Odd.md": "---\ninsert: sideways\nmodel: 42\n---\nAsk {{date}}" });
		await expect(preparePrompt(view, entry(view, "Odd"), CONTEXT, promptReader(view, LAYOUT))).resolves.toEqual({
			prompt: { name: "Odd", insert: "chat", template: "Ask {{date}}" },
			text: "Ask 2026-03-16",
			notices: ["invalid-model", "invalid-insert"],
			fromNote: [],
		});
	});

	it("refuses a prompt whose properties cannot be read at all: it might be private", async () => {
		const view = vaultWith({ "Assistant/Prompts/Broken.md": "---\ntags: [private\nmodel: : :\n---\nLeak" });
		const listed = listPrompts(view, "Assistant/Prompts", LAYOUT).prompts;
		if (listed.length === 0) return; // The view already hides it: nothing to run.
		await expect(preparePrompt(view, listed[0], CONTEXT, promptReader(view, LAYOUT))).resolves.toEqual({
			refused: "unreadable",
		});
	});

	it("cuts a very long note, and says so", async () => {
		const view = vaultWith({
			"Assistant/Prompts/Summarize.md": "{{note}}",
			"Long.md": "y".repeat(MAX_FILLED_CHARS + 10),
		});
		const prepared = await preparePrompt(
			view,
			entry(view, "Summarize"),
			{ ...CONTEXT, notePath: "Long.md" },
			promptReader(view, LAYOUT),
		);
		expect(prepared).toMatchObject({ notices: ["note-cut"] });
		expect("text" in prepared && prepared.text.length).toBe(MAX_FILLED_CHARS);
	});

	it("refuses a prompt with nothing to send", async () => {
		const view = vaultWith({ "Assistant/Prompts/Empty.md": "---\ndescription: nothing\n---\n" });
		await expect(preparePrompt(view, entry(view, "Empty"), CONTEXT, promptReader(view, LAYOUT))).resolves.toEqual({
			refused: "empty",
		});
	});
});

describe("the prompts folder", () => {
	const policy = { configDir: ".obsidian", excludedFolders: ["Private"] };

	it("is the assistant folder's Prompts when the setting is empty, and the folder named otherwise", () => {
		expect(layoutFor("").promptsFolder).toBe("Prompts");
		expect(layoutFor("Assistant", "", " /My prompts/ ").promptsFolder).toBe("My prompts");
		expect(promptsFolderOf(layoutFor("Assistant"), policy)).toEqual({ folder: "Assistant/Prompts", refused: null });
	});

	it.each(["../x", ".obsidian/prompts", "Private/prompts", "C:/prompts", "~/prompts", "%2e%2e/x"])(
		"falls back to the assistant folder's own from a refused %s, saying why",
		(folder) => {
			const resolved = promptsFolderOf(layoutFor("Assistant", "", folder), policy);
			expect(resolved.folder).toBe("Assistant/Prompts");
			expect(resolved.refused).not.toBeNull();
		},
	);
});
