/**
 * @jest-environment ./tests/harness/jsdomWithFetch.cjs
 */
import { MarkdownView, Notice, type App } from "../../../sandbox/obsidianApi";
import { DEFAULT_MODEL } from "../../../src/core/model/defaultModel";
import { errorReply, textReply, useFakeAnthropic } from "../../harness/fakeAnthropic";
import { command, until } from "../pluginFixture";
import { inView, openChatOn, resetChatTest, sentMessages } from "../chat/chatFixture";

jest.setTimeout(20_000);

const fake = useFakeAnthropic();

const FILES = {
	"Prompts/Improve writing.md":
		"---\ndescription: Clearer and shorter\nmodel: claude-haiku-4-5\ninsert: cursor\n---\nImprove, on {{date}}:\n\n{{selection}}\n",
	"Prompts/Summarize.md": "---\ndescription: A short summary\n---\nSummarize this note:\n\n{{note}}\n",
	"Prompts/Private idea.md": "---\ntags: [secret]\n---\nLeak me\n",
	"Notes/Trip.md": "# Trip\n\nWe leave on Friday, the bags are packed.\n",
	"Private/Diary.md": "# Diary\n\nThe diary's secret.\n",
};

const SETTINGS = { excludedFolders: ["Private"], excludedTags: ["secret"] };

beforeEach(() => {
	resetChatTest();
	Notice.messages.length = 0;
});

/** `path` open in an editor of the main area, `selected` selected in it. */
function editing(app: App, path: string, text: string, selected = ""): MarkdownView {
	const leaf = app.workspace.getLeaf(true);
	const view = new MarkdownView(leaf);
	leaf.view = view;
	view.file = app.vault.getFileByPath(path);
	view.editor.setValue(text);
	const from = selected === "" ? text.length : text.indexOf(selected);
	view.editor.setSelection(view.editor.offsetToPos(from), view.editor.offsetToPos(from + selected.length));
	app.workspace.getMostRecentLeaf = () => leaf;
	return view;
}

const userMessages = (app: { view: Parameters<typeof inView>[0] }) =>
	Array.from(app.view.contentEl.querySelectorAll(".assistant-chat-message.is-user"));

describe("prompts kept as notes, with the real SDK against the fake server", () => {
	it("runs a prompt from the palette: the filled selection and today sent on the prompt's model, the answer inserted after the selection", async () => {
		fake().enqueue(textReply("We leave Friday; bags packed."));
		const chat = await openChatOn(fake(), FILES, { settings: SETTINGS });
		const text = FILES["Notes/Trip.md"];
		const editor = editing(chat.app, "Notes/Trip.md", text, "We leave on Friday, the bags are packed.");
		await until(() => chat.mock.commands.some((c) => c.id.endsWith(":run-prompt-improve-writing")), "the command");

		await command(chat.mock, "run-prompt-improve-writing")();
		await until(() => editor.editor.getValue() !== text, "the answer inserted");

		const body = fake().messageBodies[0] as { model: string };
		expect(body.model).toBe("claude-haiku-4-5");
		const sent = sentMessages(fake(), 0).at(-1) ?? "";
		expect(sent).toContain(
			`Improve, on ${new Date().toISOString().slice(0, 10)}:\n\nWe leave on Friday, the bags are packed.`,
		);
		expect(sent).not.toContain("{{");
		// After the selection, never over it.
		expect(editor.editor.getValue()).toBe(
			"# Trip\n\nWe leave on Friday, the bags are packed.\n\nWe leave Friday; bags packed.\n",
		);
		// The chat shows the command, the filled text folded under it.
		const bubble = userMessages(chat).at(-1);
		expect(bubble?.firstChild?.textContent).toBe("/Improve writing");
		expect(bubble?.querySelector(".assistant-chat-sent-text-body")?.textContent).toBe(sent.trim());
	});

	it("runs /name from the composer, the user's words after the filled note, on the settings' model", async () => {
		fake().enqueue(textReply("A trip on Friday."));
		const chat = await openChatOn(fake(), FILES, { settings: SETTINGS });
		editing(chat.app, "Notes/Trip.md", FILES["Notes/Trip.md"]);
		await until(() => chat.mock.commands.some((c) => c.id.endsWith(":run-prompt-summarize")), "the prompts");

		await chat.view.send("/summarize in one line");
		const body = fake().messageBodies[0] as { model: string };
		expect(body.model).toBe(DEFAULT_MODEL);
		expect(sentMessages(fake(), 0).at(-1)).toContain(
			"Summarize this note:\n\n# Trip\n\nWe leave on Friday, the bags are packed.\n\nin one line",
		);
		expect(userMessages(chat).at(-1)?.firstChild?.textContent).toBe("/Summarize in one line");
	});

	it("fills nothing of a hidden note and says so; a private prompt is no command and no /name", async () => {
		fake().enqueue(textReply("Nothing to summarize."), textReply("Plain answer."));
		const chat = await openChatOn(fake(), FILES, { settings: SETTINGS });
		editing(chat.app, "Private/Diary.md", FILES["Private/Diary.md"], "The diary's secret.");
		await until(() => chat.mock.commands.some((c) => c.id.endsWith(":run-prompt-summarize")), "the prompts");
		expect(chat.mock.commands.some((c) => c.id.includes("private-idea"))).toBe(false);

		await command(chat.mock, "run-prompt-summarize")();
		await until(() => fake().messageBodies.length === 1, "the request");
		expect(JSON.stringify(fake().messageBodies[0])).not.toContain("diary's secret");
		expect(Notice.messages).toContain(
			"The open note is hidden from the assistant, so the prompt ran without its text.",
		);
		await until(() => inView(chat.view, ".assistant-chat-send")?.textContent === "Send", "the turn's end");

		await chat.view.send("/Private idea");
		expect(JSON.stringify(fake().messageBodies[1])).not.toContain("Leak me");
		expect(sentMessages(fake(), 1).at(-1)).toContain("/Private idea");
	});

	it("inserts no answer into a note hidden from the assistant: it stays in the chat", async () => {
		fake().enqueue(textReply("A haiku."));
		const files = { ...FILES, "Prompts/Haiku.md": "---\ninsert: cursor\n---\nWrite a haiku\n" };
		const chat = await openChatOn(fake(), files, { settings: SETTINGS });
		const text = FILES["Private/Diary.md"];
		const editor = editing(chat.app, "Private/Diary.md", text);
		await until(() => chat.mock.commands.some((c) => c.id.endsWith(":run-prompt-haiku")), "the prompt");

		await command(chat.mock, "run-prompt-haiku")();
		await until(() => inView(chat.view, ".assistant-chat-send")?.textContent === "Send", "the turn's end");
		await until(() => Notice.messages.length > 0, "the notice");
		expect(editor.editor.getValue()).toBe(text);
		expect(Notice.messages).toContain(
			"The note the prompt was run from is hidden from the assistant: the answer is only in the chat.",
		);
	});

	it("inserts nothing when a prompt that works on a selection is run without one: its answer stays in the chat", async () => {
		fake().enqueue(textReply("Please select the text to improve."));
		const chat = await openChatOn(fake(), FILES, { settings: SETTINGS });
		const text = FILES["Notes/Trip.md"];
		const editor = editing(chat.app, "Notes/Trip.md", text);
		await until(() => chat.mock.commands.some((c) => c.id.endsWith(":run-prompt-improve-writing")), "the prompt");

		await command(chat.mock, "run-prompt-improve-writing")();
		await until(() => fake().messageBodies.length === 1, "the request");
		await until(() => inView(chat.view, ".assistant-chat-send")?.textContent === "Send", "the turn's end");
		expect(editor.editor.getValue()).toBe(text);
		expect(Notice.messages).toContain(
			"The prompt Improve writing works on selected text, and none was selected: it ran without, its answer only in the chat.",
		);
	});

	it("keeps the palette's commands in step with the folder: added, renamed, deleted", async () => {
		const chat = await openChatOn(fake(), FILES, { settings: SETTINGS });
		const ids = () => chat.mock.commands.map((c) => c.id).filter((id) => id.includes("run-prompt-"));
		await until(() => ids().length === 2, "the first listing");

		await chat.app.vault.create("Prompts/Plan my day.md", "Plan {{date}}");
		await until(() => ids().includes("assistant-workspace:run-prompt-plan-my-day"), "the new prompt's command");
		const file = chat.app.vault.getFileByPath("Prompts/Summarize.md");
		if (file === null) throw new Error("no Summarize");
		await chat.app.fileManager.renameFile(file, "Prompts/Digest.md");
		await until(() => ids().includes("assistant-workspace:run-prompt-digest"), "the renamed prompt's command");
		expect(ids()).not.toContain("assistant-workspace:run-prompt-summarize");
		const plan = chat.app.vault.getFileByPath("Prompts/Plan my day.md");
		if (plan === null) throw new Error("no plan");
		await chat.app.fileManager.trashFile(plan);
		await until(
			() => !ids().includes("assistant-workspace:run-prompt-plan-my-day"),
			"the deleted prompt's command gone",
		);
		expect(chat.mock.commands.find((c) => c.id.endsWith(":run-prompt-digest"))?.name).toBe("Run prompt: Digest");
	});

	it("says that a model a prompt chose is unknown to the API, and that the prompt note is where to change it", async () => {
		fake().enqueue(errorReply(404, { message: "model: claude-nonesuch" }));
		const files = { ...FILES, "Prompts/Odd model.md": "---\nmodel: claude-nonesuch\n---\nPlan {{date}}\n" };
		const chat = await openChatOn(fake(), files, { settings: SETTINGS });
		await until(() => chat.mock.commands.some((c) => c.id.endsWith(":run-prompt-odd-model")), "the prompt");

		await command(chat.mock, "run-prompt-odd-model")();
		await until(() => inView(chat.view, ".assistant-chat-error")?.textContent !== "", "the error");
		expect((fake().messageBodies[0] as { model: string }).model).toBe("claude-nonesuch");
		expect(inView(chat.view, ".assistant-chat-error")?.textContent).toContain(
			"The model claude-nonesuch, which the prompt's properties choose, is not available.",
		);
	});

	it("falls back to the assistant folder's Prompts from a prompts folder in the configuration folder, and says so", async () => {
		const files = { ...FILES, ".obsidian/snippets/Steal.md": "Send {{note}}" };
		const chat = await openChatOn(fake(), files, { settings: { ...SETTINGS, promptsFolder: ".obsidian/snippets" } });
		await until(() => chat.mock.commands.some((c) => c.id.endsWith(":run-prompt-summarize")), "the fallback's prompts");
		expect(chat.mock.commands.some((c) => c.id.endsWith(":run-prompt-steal"))).toBe(false);
		expect(Notice.messages).toContain(
			"The prompts folder cannot be used: Refused: the assistant never writes in the configuration folder. Prompts are read from Prompts.",
		);
	});
});
