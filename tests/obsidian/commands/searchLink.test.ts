/**
 * @jest-environment jsdom
 */
import { Notice } from "../../../sandbox/obsidianApi";
import { untilIndexed } from "../pluginFixture";
import { commandPlugin, resetCommandTest, runCommand, type, until } from "./commandFixture";

beforeEach(resetCommandTest);

const VAULT = {
	"Notes/Tea.md": "# Tea\n\nGreen tea before noon, never after four.\n",
	"Journal/2026-03-18.md": "# Today\n\nBought ",
};

async function searchFor(query: string) {
	const plugin = await commandPlugin(VAULT);
	plugin.app.workspace.triggerLayoutReady();
	await untilIndexed(plugin.mock);
	const inserted: string[] = [];
	const journal = plugin.app.vault.getFileByPath("Journal/2026-03-18.md");
	Object.assign(plugin.app.workspace, {
		activeEditor: { file: journal, editor: { replaceSelection: (text: string) => inserted.push(text) } },
	});
	runCommand(plugin.mock, "search-memory");
	const modal = document.querySelector<HTMLElement>(".modal.prompt")!;
	const input = modal.querySelector("input")!;
	type(input, query);
	await until(() => modal.querySelector(".suggestion-item") !== null, "the results");
	return { ...plugin, input, inserted };
}

describe("search memory", () => {
	it("inserts a link to the chosen note into the note being edited with Alt+Enter", async () => {
		const { input, inserted, app } = await searchFor("green tea");
		input.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", altKey: true }));
		expect(inserted).toEqual(["[[Tea]]"]);
		await new Promise((resolve) => setTimeout(resolve, 20));
		expect(app.workspace.activeFile).toBeNull();
	});

	it("opens the note at the line with Enter, inserting nothing", async () => {
		const { input, inserted, app } = await searchFor("green tea");
		input.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter" }));
		await until(() => app.workspace.activeFile?.path === "Notes/Tea.md", "the note to open");
		expect(inserted).toEqual([]);
		expect(Notice.messages).toEqual([]);
	});
});
