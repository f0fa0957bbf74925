/**
 * @jest-environment jsdom
 */
import type { Editor, MarkdownView } from "obsidian";
import { Notice } from "../../../sandbox/obsidianApi";
import { click, commandPlugin, field, modalTitled, resetCommandTest, runCommand, type, until } from "./commandFixture";

beforeEach(resetCommandTest);

describe("capture from the palette", () => {
	it("writes the form's note to the inbox, dated and tagged, and names it in a notice", async () => {
		const { mock, text, app } = await commandPlugin({ "Inbox/2026-03-18 Reading list.md": "taken" });
		runCommand(mock, "capture-to-inbox");
		const modal = await modalTitled("Capture to inbox");
		type(field(modal, ".assistant-capture-title"), "Reading list");
		type(field(modal, ".assistant-capture-text"), "- Thinking, Fast and Slow\n");
		type(field(modal, ".assistant-capture-tags"), "books, to read");
		click(modal, "Capture");
		await until(() => Notice.messages.length > 0, "the capture's notice");
		// The name was taken: the capture gets the next free one, never the existing note.
		expect(Notice.messages).toEqual(["Captured to the inbox: 2026-03-18 Reading list 2"]);
		expect(await text("Inbox/2026-03-18 Reading list.md")).toBe("taken");
		const note = await text("Inbox/2026-03-18 Reading list 2.md");
		expect(note).toMatch(
			/^---\ncaptured: 2026-03-18T09:00:00[^\n]*\nsource: user\ntags:\n {2}- books\n {2}- to-read\n---\n\n- Thinking, Fast and Slow\n$/,
		);
		expect(app.vault.adapter.hidden.get(".obsidian/plugins/assistant-workspace/audit.jsonl")).toContain(
			'"action":"create","path":"Inbox/2026-03-18 Reading list 2.md"',
		);
	});

	it("writes to the inbox folder the settings name, from the form and from a selection", async () => {
		const { mock, app } = await commandPlugin(
			{ "Projects/Thesis.md": "# Thesis\n\nLyon opens at nine.\n" },
			{ settings: { assistantFolder: "Assistant", inboxFolder: "00 Inbox" } },
		);
		runCommand(mock, "capture-to-inbox");
		const modal = await modalTitled("Capture to inbox");
		type(field(modal, ".assistant-capture-title"), "Reading list");
		type(field(modal, ".assistant-capture-text"), "- Thinking, Fast and Slow\n");
		click(modal, "Capture");
		await until(() => Notice.messages.length > 0, "the capture's notice");
		const command = mock.commands.find((candidate) => candidate.id === "assistant-workspace:capture-selection");
		const editor = { getSelection: () => "Lyon opens at nine." } as unknown as Editor;
		void command?.editorCallback?.(editor, {
			file: app.vault.getFileByPath("Projects/Thesis.md"),
		} as unknown as MarkdownView);
		await until(() => Notice.messages.length > 1, "the second capture's notice");
		const notes = app.vault
			.getFiles()
			.map((file) => file.path)
			.filter((path) => path !== "Projects/Thesis.md")
			.sort();
		expect(notes).toEqual(["00 Inbox/2026-03-18 Lyon opens at nine.md", "00 Inbox/2026-03-18 Reading list.md"]);
	});

	it("captures nothing without text, and says why", async () => {
		const { mock, app } = await commandPlugin({});
		runCommand(mock, "capture-to-inbox");
		const modal = await modalTitled("Capture to inbox");
		type(field(modal, ".assistant-capture-title"), "Empty");
		click(modal, "Capture");
		expect(Notice.messages).toEqual(["Write something to capture first."]);
		expect(app.vault.getFiles()).toEqual([]);
	});

	it("captures the selection as a new inbox note that links back to the note it came from", async () => {
		const { mock, app, text } = await commandPlugin({
			"Projects/Thesis.md": "# Thesis\n\nThe archive in Lyon opens at nine.\n",
		});
		const command = mock.commands.find((candidate) => candidate.id === "assistant-workspace:capture-selection");
		const editor = { getSelection: () => "The archive in Lyon opens at nine." } as unknown as Editor;
		const view = { file: app.vault.getFileByPath("Projects/Thesis.md") } as unknown as MarkdownView;
		void command?.editorCallback?.(editor, view);
		await until(() => Notice.messages.length > 0, "the capture's notice");
		expect(Notice.messages).toEqual(["Captured to the inbox: 2026-03-18 The archive in Lyon opens at nine"]);
		const note = await text("Inbox/2026-03-18 The archive in Lyon opens at nine.md");
		expect(note).toContain('source: "[[Projects/Thesis|Thesis]]"');
		// A frontmatter link: the source lists the capture among its backlinks.
		expect(
			app.metadataCache.getFileCache(app.vault.getFileByPath("Inbox/2026-03-18 The archive in Lyon opens at nine.md")!)
				?.frontmatterLinks?.[0]?.link,
		).toBe("Projects/Thesis");
	});
});
