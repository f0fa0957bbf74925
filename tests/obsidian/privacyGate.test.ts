/**
 * @jest-environment ./tests/harness/jsdomWithFetch.cjs
 */
import type { SettingDefinitionGroup, SettingDefinitionRender } from "obsidian";
import { App, Notice, Setting } from "../../sandbox/obsidianApi";
import { CURRENT_SCHEMA_VERSION } from "../../src/core/workspace/data/migrations";
import { DEFAULT_API_KEY_SECRET, defaultSettings } from "../../src/core/workspace/data/settings";
import { defaultState } from "../../src/core/workspace/data/state";
import { openChat } from "../../src/obsidian/chat/registerChat";
import type { AssistantSettingTab } from "../../src/obsidian/settingsTab";
import { textReply, useFakeAnthropic } from "../harness/fakeAnthropic";
import { MemoryIndexStore } from "../harness/memoryIndexStore";
import { MemoryVault } from "../../headless/inMemory/memoryVault";
import type { Plugin as MockPlugin } from "../../sandbox/obsidianApi/plugin";
import { DATA, inView, resetChatTest } from "./chat/chatFixture";
import { command, loadPlugin, until } from "./pluginFixture";

jest.setTimeout(20_000);

const fake = useFakeAnthropic();

const LAST_GOOD = `${DATA}.last-good`;
const SAVED = JSON.stringify({
	schemaVersion: CURRENT_SCHEMA_VERSION,
	settings: { ...defaultSettings(), excludedFolders: ["Private"] },
	state: { ...defaultState(), onboardingComplete: true },
});
/** A save cut off half-way: the private folder is in the part that never reached the disk. */
const CUT = SAVED.slice(0, SAVED.indexOf('"excludedFolders"') + 5);
const GATE_NOTICE =
	"Your excluded folders and tags could not be read, so nothing is sent to any model until you have checked them in the privacy section of the plugin settings.";
const REFUSAL =
	"Nothing was sent: your excluded folders and tags could not be read. Check and confirm them in the privacy section of the plugin settings.";

beforeEach(() => {
	resetChatTest();
	Notice.messages.length = 0;
});

/** The plugin over a vault with a private note, `data.json` as `files` say, a key, the fake server. */
async function pluginWith(files: { data?: string; lastGood?: string }) {
	const app = new App(new MemoryVault({ files: { "Private/diary.md": "# Diary\n\nThe kayak secret." } }));
	if (files.data !== undefined) app.vault.adapter.hidden.set(DATA, files.data);
	if (files.lastGood !== undefined) app.vault.adapter.hidden.set(LAST_GOOD, files.lastGood);
	app.secretStorage.setSecret(DEFAULT_API_KEY_SECRET, "test");
	const loaded = await loadPlugin(app, new MemoryIndexStore(), fake().baseURL);
	app.workspace.triggerLayoutReady();
	return { app, ...loaded };
}

/** The "Check these settings" row of the privacy section, drawn, or `null` when the section has none. */
function reviewRow(mock: MockPlugin) {
	const tab = mock.settingTabs[0] as unknown as AssistantSettingTab;
	tab.update();
	const group = tab.settingItems.find(
		(item): item is SettingDefinitionGroup => "heading" in item && item.heading === "Privacy",
	);
	const row = group?.items?.find((item) => "name" in item && item.name === "Check these settings") as
		SettingDefinitionRender | undefined;
	if (row === undefined) return null;
	const setting = new Setting(document.createElement("div"));
	row.render(setting as never, null as never);
	return { desc: row.desc, button: setting.controlEl.querySelector("button") };
}

/** A change made in the settings tab, saved as the user's would be. */
async function changeLanguage(mock: MockPlugin): Promise<void> {
	await (mock.settingTabs[0] as unknown as AssistantSettingTab).setControlValue("language", "en");
}

const savedState = (app: App, path: string) =>
	(JSON.parse(app.vault.adapter.hidden.get(path) ?? "null") as { state: { privacyReviewNeeded: boolean } } | null)
		?.state;

describe("the privacy review after a damaged data.json", () => {
	it("tells at load, and the chat sends nothing and says why, until the user has confirmed the settings; then it works", async () => {
		const { app, plugin, mock } = await pluginWith({ data: CUT });
		expect(Notice.messages).toContain(GATE_NOTICE);
		const view = await openChat(plugin);
		await view.send("What is the kayak secret?");
		expect(fake().messageBodies).toHaveLength(0);
		expect(inView(view, ".assistant-chat-error-text")?.textContent).toBe(REFUSAL);
		expect(inView(view, ".assistant-chat-error button")).toBeNull();

		const row = reviewRow(mock);
		expect(row?.desc).toMatch(/^The plugin's data file was damaged/);
		expect(row?.button?.textContent).toBe("I have checked these settings");
		row?.button?.click();
		await until(
			() => savedState(app, LAST_GOOD)?.privacyReviewNeeded === false,
			"the confirmation saved, and its last good copy",
		);
		expect(savedState(app, DATA)?.privacyReviewNeeded).toBe(false);
		expect(reviewRow(mock)).toBeNull();

		fake().enqueue(textReply("Hello."));
		await view.send("Hello");
		expect(fake().messageBodies).toHaveLength(1);
	});

	it("keeps refusing after a restart that came before the confirmation, since the review is saved", async () => {
		const first = await pluginWith({ data: "" });
		await changeLanguage(first.mock);
		const saved = first.app.vault.adapter.hidden.get(DATA);
		const again = await pluginWith({ data: saved, lastGood: saved });
		const view = await openChat(again.plugin);
		await view.send("Hello");
		expect(fake().messageBodies).toHaveLength(0);
		expect(reviewRow(again.mock)).not.toBeNull();
	});

	it("keeps the damaged file as a backup before the first save, which the save leaves whole", async () => {
		const { app, mock } = await pluginWith({ data: CUT });
		const backups = () =>
			[...app.vault.adapter.hidden.entries()]
				.filter(([path]) => /data\.json\.corrupt-.*\.bak$/.test(path))
				.map(([, text]) => text);
		expect(backups()).toEqual([CUT]);
		await changeLanguage(mock);
		expect(backups()).toEqual([CUT]);
		expect(app.vault.adapter.hidden.get(DATA)).not.toBe(CUT);
	});

	it("is not needed when the last good copy has the settings: its private folder stays private", async () => {
		const { app, mock } = await pluginWith({ data: CUT, lastGood: SAVED });
		expect(Notice.messages).not.toContain(GATE_NOTICE);
		expect(reviewRow(mock)).toBeNull();
		await changeLanguage(mock);
		expect(JSON.parse(app.vault.adapter.hidden.get(LAST_GOOD) ?? "{}")).toMatchObject({
			settings: { excludedFolders: ["Private"], language: "en" },
		});
	});

	it("holds back the heartbeat too, and says why when the user asks for one", async () => {
		const { mock } = await pluginWith({ data: CUT });
		Notice.messages.length = 0;
		command(mock, "run-heartbeat")();
		await until(() => Notice.messages.length > 0, "the heartbeat's answer");
		expect(Notice.messages).toEqual([REFUSAL]);
		expect(fake().messageBodies).toHaveLength(0);
	});
});
