/**
 * @jest-environment jsdom
 */
/**
 * In Obsidian a move is `FileManager.renameFile`, which updates the links in every note linking
 * to the moved one: a note saved in Latin-1 is read with U+FFFD for its accented letters and
 * written back so. Obsidian cannot be told to leave one note's links, so organizing says so in
 * its preview and does not move the note; the Latin-1 note keeps its bytes.
 */
import { Notice } from "../../sandbox/obsidianApi";
import {
	click,
	commandPlugin,
	modalTitled,
	resetCommandTest,
	runCommand,
	until,
} from "../obsidian/commands/commandFixture";

beforeEach(resetCommandTest);

// Made in this environment's own Uint8Array (a Buffer is another realm's under jsdom).
const LATIN1 = Uint8Array.from(Buffer.from("Caf\u00e9 cr\u00e8me, see [[Inbox/2026-03-17 Meeting]].\n", "latin1"));

const VAULT = {
	"Projects/Atlas.md": "---\ntags: [project]\n---\n# Atlas\n",
	"Notes/Index.md": "# Index\n\nSee [[Inbox/2026-03-17 Meeting]].\n",
	"Notes/Latin.md": LATIN1,
	"Inbox/2026-03-17 Meeting.md": "Decisions about [[Atlas]]: ship in May.\n",
};

describe("organizing a note that a Latin-1 note links to, in Obsidian", () => {
	it("says in the preview that the note is not moved, and leaves every byte of the Latin-1 note", async () => {
		const { app, mock } = await commandPlugin(VAULT);
		app.workspace.activeFile = app.vault.getFileByPath("Inbox/2026-03-17 Meeting.md");
		runCommand(mock, "organize-current-note");
		const modal = await modalTitled("Organize 2026-03-17 Meeting");
		expect(modal.textContent).toContain(
			"1 note linking to it is not plain UTF-8 text: Obsidian would rewrite its bytes to update the link, so the note is not moved.",
		);
		click(modal, "Move");
		await until(() => Notice.messages.length > 0, "the move's notice");
		expect(Notice.messages.join("\n")).toContain("Notes/Latin.md");
		expect(app.vault.getFileByPath("Inbox/2026-03-17 Meeting.md")).not.toBeNull();
		const file = app.vault.getFileByPath("Notes/Latin.md")!;
		expect(Buffer.from(await app.vault.readBinary(file)).equals(Buffer.from(LATIN1))).toBe(true);
	});
});
