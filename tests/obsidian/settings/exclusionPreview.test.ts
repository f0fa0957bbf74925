/**
 * @jest-environment jsdom
 */
import type { SettingDefinitionItem, SettingDefinitionRender } from "obsidian";
import { Setting, setLanguageForTests } from "../../../sandbox/obsidianApi";
import { setLanguage } from "../../../src/i18n";
import { MemoryVault } from "../../../headless/inMemory/memoryVault";
import { viewOf } from "../../harness/viewOf";
import { group, resetSettingsTest, settingsTabOn } from "./settingsTabFixture";

beforeEach(resetSettingsTest);

/** The row drawn right under the control of `key` in the privacy section, as Obsidian draws it. */
function drawRowUnder(tab: ReturnType<typeof settingsTabOn>["tab"], key: string, heading = "Privacy") {
	const items: SettingDefinitionItem[] = group(tab, heading).items ?? [];
	const at = items.findIndex((item) => "control" in item && item.control?.key === key);
	const row = items[at + 1] as SettingDefinitionRender;
	const setting = new Setting(document.createElement("div"));
	const stop = row.render(setting as never, null as never);
	return { text: () => setting.descEl.textContent, stop: stop as () => void };
}

/** A vault with one note in each of `folders`. */
function inFolders(...folders: string[]): Record<string, string> {
	return Object.fromEntries(folders.map((folder) => [`${folder}/note.md`, "a note"]));
}

describe("the privacy lists in the settings tab", () => {
	it("show under each list how its entries are read, following what the user types", async () => {
		const { tab } = settingsTabOn(inFolders("Private", "Journal", "My Journal"));
		const folders = drawRowUnder(tab, "excludedFolders");
		const tags = drawRowUnder(tab, "excludedTags");
		expect(folders.text()).toBe("Nothing is excluded.");
		expect(tags.text()).toBe("Nothing is excluded.");
		await tab.setControlValue("excludedFolders", '"Private", Journal');
		expect(folders.text()).toBe("Read as 2 folders: Private · Journal");
		await tab.setControlValue("excludedFolders", '"Private", Journal\nMy Journal;');
		expect(folders.text()).toBe("Read as 3 folders: Private · Journal · My Journal");
		await tab.setControlValue("excludedTags", "#health #secret\n(diary),");
		expect(tags.text()).toBe("Read as 3 tags: #health · #secret · #diary");
		expect(folders.text()).toBe("Read as 3 folders: Private · Journal · My Journal");
		folders.stop();
		await tab.setControlValue("excludedFolders", "Private");
		// A row that is gone follows nothing.
		expect(folders.text()).toBe("Read as 3 folders: Private · Journal · My Journal");
		tags.stop();
	});

	it("read the items of a list and the separators people type as the names they are", async () => {
		const { tab } = settingsTabOn(inFolders("Private", "Journal", "My Journal", "Work", "Home", "Old", "Notes"));
		const folders = drawRowUnder(tab, "excludedFolders");
		const tags = drawRowUnder(tab, "excludedTags");
		await tab.setControlValue(
			"excludedFolders",
			"- Private\n1) ~/Journal\n- [ ] My Journal\nWork | Home\tOld\u3000Notes",
		);
		expect(folders.text()).toBe("Read as 7 folders: Private · Journal · My Journal · Work · Home · Old · Notes");
		await tab.setControlValue("excludedTags", "- #health\n2. secret | diary");
		expect(tags.text()).toBe("Read as 3 tags: #health · #secret · #diary");
		folders.stop();
		tags.stop();
	});

	it("say beside each folder the list names that the vault has no such folder, so that a typo shows", async () => {
		const { tab } = settingsTabOn({
			"Private/a.md": "a",
			"Journal/2024/b.md": "b",
			"1. Projects/c.md": "c",
		});
		const folders = drawRowUnder(tab, "excludedFolders");
		await tab.setControlValue("excludedFolders", "Private, Jurnal");
		expect(folders.text()).toBe("Read as 2 folders: Private · Jurnal (no such folder)");
		// Folders match as the rules match them: whatever the case, a folder inside another, a pattern for its contents.
		await tab.setControlValue("excludedFolders", "private\nJournal/2024\nJOURNAL/*");
		expect(folders.text()).toBe("Read as 3 folders: private · Journal/2024 · JOURNAL/*");
		// A line kept as typed hides the folder it names exactly, and the row says so.
		await tab.setControlValue("excludedFolders", "1. Projects");
		expect(folders.text()).toBe("Read as 2 folders: Projects (no such folder) · 1. Projects");
		folders.stop();
	});

	it("hide what the preview says once typed so", async () => {
		const { tab, settingsStore } = settingsTabOn();
		await tab.setControlValue("excludedFolders", "'Private', Journal");
		await tab.setControlValue("excludedTags", "#health #secret");
		const vault = new MemoryVault({
			files: {
				"Private/a.md": "a",
				"Journal/b.md": "b",
				"Notes/c.md": "c #health",
				"Notes/d.md": "d #secret",
				"Notes/e.md": "e",
			},
		});
		expect(
			viewOf(vault, settingsStore.settings)
				.listFiles()
				.map((file) => file.path),
		).toEqual(["Notes/e.md"]);
	});

	it("say it in Chinese", async () => {
		setLanguageForTests("zh");
		setLanguage("zh");
		const { tab } = settingsTabOn();
		const folders = drawRowUnder(tab, "excludedFolders", "隐私");
		await tab.setControlValue("excludedFolders", "私人，日记");
		expect(folders.text()).toBe("读作 2 个文件夹：私人（没有此文件夹） · 日记（没有此文件夹）");
		folders.stop();
	});
});
