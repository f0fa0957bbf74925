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

describe("the privacy lists in the settings tab", () => {
	it("show under each list how its entries are read, following what the user types", async () => {
		const { tab } = settingsTabOn();
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
		expect(folders.text()).toBe("读作 2 个文件夹：私人 · 日记");
		folders.stop();
	});
});
