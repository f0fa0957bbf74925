/**
 * @jest-environment ./tests/harness/jsdomWithFetch.cjs
 */
import type { Editor as ObsidianEditor, MarkdownFileInfo } from "obsidian";
import { Editor, Menu, Notice, type App } from "../../../sandbox/obsidianApi";
import type { Plugin as MockPlugin } from "../../../sandbox/obsidianApi/plugin";
import { textReply, useFakeAnthropic } from "../../harness/fakeAnthropic";
import { until } from "../pluginFixture";
import { inView, openChatOn, resetChatTest, sentMessages } from "./chatFixture";

jest.setTimeout(20_000);

const fake = useFakeAnthropic();
const TRIP = "# Trip\n\nDay one: Paris.\nDay two: Lyon.\nDay three: Nice.\n";
const DIARY = "---\nassistant: private\n---\n\nDay two was hard.\n";

beforeEach(resetChatTest);

/** An editor on `text` with `selected` selected (nothing when it is empty). */
function editorOn(text: string, selected: string): ObsidianEditor {
	const editor = new Editor();
	editor.setValue(text);
	const at = text.indexOf(selected);
	editor.setSelection(editor.offsetToPos(at), editor.offsetToPos(at + selected.length));
	return editor as unknown as ObsidianEditor;
}

function infoOf(app: App, path: string): MarkdownFileInfo {
	return { file: app.vault.getFileByPath(path) } as unknown as MarkdownFileInfo;
}

/** Runs an editor command as the palette does: only when it says it can run. */
function runEditorCommand(mock: MockPlugin, id: string, editor: ObsidianEditor, info: MarkdownFileInfo): boolean {
	const command = mock.commands.find((candidate) => candidate.id === `assistant-workspace:${id}`);
	const check = command?.editorCheckCallback;
	if (check === undefined) throw new Error(`no editor command ${id}`);
	if (check(true, editor, info) !== true) return false;
	check(false, editor, info);
	return true;
}

async function chat() {
	return openChatOn(fake(), { "Notes/Trip.md": TRIP, "Private/Diary.md": DIARY });
}

describe("the editor's selection, attached to a message", () => {
	it("offers the commands only while text is selected", async () => {
		const { app, mock } = await chat();
		const info = infoOf(app, "Notes/Trip.md");
		expect(runEditorCommand(mock, "edit-selection", editorOn(TRIP, ""), info)).toBe(false);
		expect(runEditorCommand(mock, "ask-selection", editorOn(TRIP, ""), info)).toBe(false);
	});

	it("attaches the selection as a chip (the note and its lines); Edit begins the message; the message carries it, once", async () => {
		const { app, mock, view } = await chat();
		const editor = editorOn(TRIP, "Day two: Lyon.\nDay three: Nice.");
		expect(runEditorCommand(mock, "edit-selection", editor, infoOf(app, "Notes/Trip.md"))).toBe(true);
		const chip = () => inView(view, ".assistant-chat-selection");
		await until(() => chip()?.style.display !== "none", "the selection's chip");
		expect(chip()?.querySelector(".assistant-chat-selection-label")?.textContent).toBe("Trip, lines 4–5");
		expect(chip()?.getAttribute("title")).toBe("Day two: Lyon.\nDay three: Nice.");
		const input = inView(view, ".assistant-chat-input") as HTMLTextAreaElement;
		expect(input.value).toBe("Edit the selection: ");

		fake().enqueue(textReply("Shorter: Lyon, then Nice."), textReply("Nothing selected now."));
		await view.send("Edit the selection: make it one line");
		// The model is told the note, the lines and the text, beside the message.
		const sent = JSON.stringify(fake().messageBodies[0]);
		expect(sent).toContain("<selected-text>\\nDay two: Lyon.\\nDay three: Nice.\\n</selected-text>");
		expect(sent).toContain("lines 4-5");
		expect(sentMessages(fake(), 0).at(-1)).toBe("Edit the selection: make it one line");
		expect(chip()?.style.display).toBe("none");
		await view.send("And now?");
		expect(JSON.stringify(fake().messageBodies[1])).not.toContain("<selected-text>");
	});

	it("Ask attaches the selection without writing the message; the chip's button takes it off", async () => {
		const { app, mock, view } = await chat();
		runEditorCommand(mock, "ask-selection", editorOn(TRIP, "Day one: Paris."), infoOf(app, "Notes/Trip.md"));
		const chip = () => inView(view, ".assistant-chat-selection");
		await until(() => chip()?.style.display !== "none", "the selection's chip");
		expect(chip()?.textContent).toBe("Trip, line 3");
		expect((inView(view, ".assistant-chat-input") as HTMLTextAreaElement).value).toBe("");
		const remove = chip()?.querySelector<HTMLButtonElement>(".assistant-chat-selection-remove");
		expect(remove?.getAttribute("aria-label")).toBe("Remove the selection from the message");
		remove?.click();
		expect(chip()?.style.display).toBe("none");
	});

	it("attaches nothing from a note the assistant may not read, and says so", async () => {
		const { app, mock, view } = await chat();
		runEditorCommand(mock, "edit-selection", editorOn(DIARY, "Day two was hard."), infoOf(app, "Private/Diary.md"));
		expect(Notice.messages).toContain("This note is private: the assistant does not read it.");
		expect(inView(view, ".assistant-chat-selection")?.style.display).toBe("none");
	});

	it("is in the editor's context menu while text is selected", async () => {
		const { app, view } = await chat();
		const titles = (editor: ObsidianEditor) => {
			const menu = new Menu();
			app.workspace.trigger("editor-menu", menu, editor, infoOf(app, "Notes/Trip.md"));
			return menu;
		};
		expect(titles(editorOn(TRIP, "")).items).toEqual([]);
		const menu = titles(editorOn(TRIP, "Day one: Paris."));
		expect(menu.items.map((item) => item.title)).toEqual([
			"Edit selection with the assistant",
			"Ask about the selection",
		]);
		void menu.items[0].callback?.(new MouseEvent("click"));
		await until(() => inView(view, ".assistant-chat-selection")?.style.display !== "none", "the selection's chip");
	});
});
