import type { SettingDefinitionControl, SettingDefinitionGroup, SettingDefinitionItem } from "obsidian";
import { App, asObsidianApp, Notice, setLanguageForTests } from "../__mocks__/obsidian";
import AssistantWorkspacePlugin from "../../src/main";
import { MemoryVault } from "../harness/memoryVault";
import { manifest } from "./pluginFixture";
import type { AssistantSettingTab } from "../../src/obsidian/settingsTab";


async function settingsTab() {
	const app = new App(new MemoryVault());
	const plugin = new AssistantWorkspacePlugin(asObsidianApp(app), manifest);
	await plugin.onload();
	const tab = (plugin as unknown as { settingTabs: AssistantSettingTab[] }).settingTabs[0];
	const saved = () => JSON.parse(app.vault.adapter.hidden.get(".obsidian/plugins/assistant-workspace/data.json") ?? "null") as { settings: Record<string, unknown> };
	return { tab, saved };
}

function controls(items: readonly SettingDefinitionItem[]): SettingDefinitionControl[] {
	return items.flatMap((item) => ("type" in item && (item.type === "group" || item.type === "list") ? controls((item as SettingDefinitionGroup).items ?? []) : "control" in item && item.control ? [item as SettingDefinitionControl] : []));
}

function control(tab: AssistantSettingTab, key: string): SettingDefinitionControl["control"] {
	const found = controls(tab.settingItems).find((item) => item.control.key === key);
	if (!found) throw new Error(`no control for ${key}`);
	return found.control;
}

beforeEach(() => {
	Notice.messages.length = 0;
	setLanguageForTests("en");
});

describe("the settings tab", () => {
	it("declares every setting so that Obsidian's settings search finds it", async () => {
		const { tab } = await settingsTab();
		expect(controls(tab.settingItems).map((item) => item.control.key)).toEqual([
			"assistantFolder",
			"dailyMemoryLocation",
			"archiveRetentionDays",
			"excludedFolders",
			"excludedTags",
			"pinnedNotes",
			"language",
		]);
	});

	it("refuses an assistant folder outside the vault or in the configuration folder, with the rule", async () => {
		const { tab } = await settingsTab();
		const folder = control(tab, "assistantFolder");
		const validate = folder.validate as (value: string) => string | undefined;
		expect(validate("../Elsewhere")).toBe('Refused: the path climbs out of its folder with "..".');
		expect(validate(".obsidian/plugins")).toBe("Refused: the assistant never writes in the configuration folder.");
		expect(validate("Assistant")).toBeUndefined();
		expect(validate("")).toBeUndefined();
	});

	it("saves a change in the plugin's data file, lists as one entry a line", async () => {
		const { tab, saved } = await settingsTab();
		await tab.setControlValue("excludedFolders", "Private\n\nWork/HR ");
		await tab.setControlValue("archiveRetentionDays", 90);
		expect(saved().settings).toMatchObject({ excludedFolders: ["Private", "Work/HR"], archiveRetentionDays: 90 });
		expect(tab.getControlValue("excludedFolders")).toBe("Private\nWork/HR");
	});

	it("redraws in Chinese as soon as the language is switched", async () => {
		const { tab } = await settingsTab();
		await tab.setControlValue("language", "zh");
		const first = tab.settingItems[0] as SettingDefinitionGroup;
		expect(first.heading).toBe("工作区");
	});
});
