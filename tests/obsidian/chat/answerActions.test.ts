/**
 * @jest-environment ./tests/harness/jsdomWithFetch.cjs
 */
import { MarkdownView, Notice, WorkspaceLeaf, type App } from "../../../sandbox/obsidianApi";
import { textReply, useFakeAnthropic } from "../../harness/fakeAnthropic";
import { until } from "../pluginFixture";
import { inView, openChatOn, resetChatTest } from "./chatFixture";

jest.setTimeout(20_000);

const fake = useFakeAnthropic();
const AUDIT = ".obsidian/plugins/assistant-workspace/audit.jsonl";
const ANSWER = "Zebras cross the **Mara** in July.";

beforeEach(resetChatTest);

/** A note open in an editor in the main area, its cursor after `before`. */
function editing(app: App, text: string, before: string): MarkdownView {
	const leaf = new WorkspaceLeaf(app);
	const view = new MarkdownView(leaf);
	leaf.view = view;
	view.file = app.vault.getFileByPath("Notes/Trip.md");
	view.editor.setValue(text);
	view.editor.setCursor(view.editor.offsetToPos(text.indexOf(before) + before.length));
	app.workspace.getMostRecentLeaf = () => leaf;
	return view;
}

async function answered(files: Record<string, string> = {}) {
	fake().enqueue(textReply(ANSWER));
	const chat = await openChatOn(fake(), { "Notes/Trip.md": "# Trip\n\nPlan:\n\nEnd.\n", ...files });
	await chat.view.send("When do zebras migrate?");
	const button = (cls: string) => inView(chat.view, `.assistant-chat-message.is-assistant .${cls}`);
	return { ...chat, button };
}

describe("an answer's buttons: insert into the note being edited, save as a new note", () => {
	it("inserts the answer at the cursor of the note last edited, as an edit of its editor", async () => {
		const { app, button } = await answered();
		const view = editing(app, "# Trip\n\nPlan:\n\nEnd.\n", "Plan:\n");
		button("assistant-chat-insert")?.click();
		expect(view.editor.getValue()).toBe(`# Trip\n\nPlan:\n${ANSWER}\nEnd.\n`);
		expect(Notice.messages).toContain("Inserted the answer into Trip. Ctrl+Z in the note takes it back.");
		// An edit of the editor, not a write of the file: the note's undo history holds it.
		await expect(app.vault.read(app.vault.getFileByPath("Notes/Trip.md")!)).resolves.toBe("# Trip\n\nPlan:\n\nEnd.\n");
	});

	it("says so when no note is open in an editor", async () => {
		const { button } = await answered();
		button("assistant-chat-insert")?.click();
		expect(Notice.messages).toContain("Open a note in editing view to insert the answer into it.");
	});

	it("saves the answer as a new note named after the question, where new notes go, audited, never over a note", async () => {
		const { app, button } = await answered({ "Notes/When do zebras migrate.md": "The user's own note." });
		app.fileManager.newFileLocation = { location: "folder", folder: "Notes" };
		button("assistant-chat-save-note")?.click();
		await until(() => app.vault.getFileByPath("Notes/When do zebras migrate 2.md") !== null, "the saved note");
		await expect(app.vault.read(app.vault.getFileByPath("Notes/When do zebras migrate 2.md")!)).resolves.toBe(
			`${ANSWER}\n`,
		);
		await expect(app.vault.read(app.vault.getFileByPath("Notes/When do zebras migrate.md")!)).resolves.toBe(
			"The user's own note.",
		);
		expect(app.vault.adapter.hidden.get(AUDIT)).toContain(
			'"action":"create","path":"Notes/When do zebras migrate 2.md"',
		);
		expect(app.vault.adapter.hidden.get(AUDIT)).toContain('"actor":"user"');
	});

	it("saves at the vault root when Obsidian puts new notes there", async () => {
		const { app, button } = await answered();
		button("assistant-chat-save-note")?.click();
		await until(() => app.vault.getFileByPath("When do zebras migrate.md") !== null, "the saved note");
	});

	it("keeps the buttons on earlier answers, and Retry on the last one only", async () => {
		fake().enqueue(textReply("Second."));
		const { view } = await answered();
		await view.send("And wildebeest?");
		const answers = Array.from(view.contentEl.querySelectorAll(".assistant-chat-message.is-assistant"));
		expect(
			answers.map((answer) => answer.querySelectorAll(".assistant-chat-insert, .assistant-chat-save-note").length),
		).toEqual([2, 2]);
		expect(answers.map((answer) => answer.querySelectorAll(".assistant-chat-retry").length)).toEqual([0, 1]);
		expect(answers[0].querySelector(".assistant-chat-save-note")?.getAttribute("title")).toBe(
			"Save this answer as a new note, named after your question, where new notes go",
		);
	});
});
