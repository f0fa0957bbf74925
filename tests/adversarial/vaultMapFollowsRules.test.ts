/**
 * @jest-environment jsdom
 */
/**
 * The vault map note names folders and their most linked notes as they were when it was made.
 * When the user makes a folder or a tag private, the note itself must follow, not wait for someone
 * to refresh it by hand: the user reads it, and it is what the chat reads of the vault's layout.
 */
import type { AssistantSettingTab } from "../../src/obsidian/settingsTab";
import { commandPlugin, resetCommandTest, runCommand, until } from "../obsidian/commands/commandFixture";

beforeEach(resetCommandTest);

const VAULT = {
	"Projects/Thesis.md": "# Thesis\n[[Salary talks]] [[Raise]]\n",
	"Projects/Budget.md": "# Budget\n[[Salary talks]] [[Raise]]\n",
	"Private/Salary talks.md": "# Salary talks\nAsk for 20% more.\n",
	"Notes/Raise.md": "# Raise\n#money\n",
	"Notes/Bonus.md": "# Bonus\n#money [[Raise]]\n",
	"Notes/Ideas.md": "# Ideas\n",
};

async function mappedPlugin() {
	const { app, mock, text } = await commandPlugin(VAULT);
	app.workspace.triggerLayoutReady();
	runCommand(mock, "refresh-vault-map");
	await until(() => app.vault.getFileByPath("Vault map.md") !== null, "the vault map");
	const map = () => text("Vault map.md");
	expect(await map()).toContain("| Private |");
	expect(await map()).toContain("[[Notes/Raise\\|Raise]]");
	expect(await map()).toContain("#money");
	const tab = mock.settingTabs[0] as unknown as AssistantSettingTab;
	return { map, tab };
}

/** Waits for the map's text to pass `check`, as the plugin rewrites it on its own. */
async function untilMap(map: () => Promise<string>, check: (text: string) => boolean, what: string): Promise<void> {
	let last: string | null = null;
	const poll = () => {
		void map().then((text) => (last = text));
		return last !== null && check(last);
	};
	await until(poll, what);
}

describe("the vault map after the privacy rules change", () => {
	it("is rebuilt when a tag is made private: its notes and the tag are gone from it", async () => {
		const { map, tab } = await mappedPlugin();
		await tab.setControlValue("excludedTags", "money");
		await untilMap(map, (text) => !text.includes("Notes/Raise"), "the map without the tagged note");
		expect(await map()).not.toContain("#money");
		expect(await map()).toContain("| Projects |");
	});

	it("is rebuilt when a folder is made private: the folder's row and its notes are gone from it", async () => {
		const { map, tab } = await mappedPlugin();
		await tab.setControlValue("excludedFolders", "Private");
		await untilMap(map, (text) => !text.includes("| Private |"), "the map without the private folder");
		expect(await map()).not.toContain("Salary talks");
		expect(await map()).toContain("| Projects |");
	});
});
