/**
 * @jest-environment jsdom
 */
import type { SettingDefinitionGroup } from "obsidian";
import { Notice, setLanguageForTests } from "../../sandbox/obsidianApi";
import {
	control,
	controls,
	drawRow,
	group,
	resetSettingsTest,
	settingsTabOn,
	settle,
} from "./settings/settingsTabFixture";

beforeEach(resetSettingsTest);

const headings = (tab: ReturnType<typeof settingsTabOn>["tab"]) =>
	tab.settingItems.map((item) => (item as SettingDefinitionGroup).heading);

describe("the settings tab", () => {
	it("declares every setting so that Obsidian's settings search finds it, in sections", () => {
		const { tab } = settingsTabOn();
		expect(headings(tab)).toEqual([
			"Model",
			"Workspace",
			"Onboarding",
			"Heartbeat",
			"Memory",
			"Capture",
			"Prompts",
			"Privacy",
			"Index",
			"Search by meaning",
			"MCP server",
			"Interface",
		]);
		expect(controls(tab.settingItems).map((item) => item.control.key)).toEqual([
			"modelProvider",
			"serverPreset",
			"serverBaseUrl",
			"serverContextWindowTokens",
			"assistantFolder",
			"heartbeatEnabled",
			"heartbeatActiveStart",
			"heartbeatActiveEnd",
			"heartbeatAllDay",
			"dailyMemoryLocation",
			"hotMemoryCapTokens",
			"archiveRetentionDays",
			"archiveAutomatically",
			"inboxFolder",
			"promptsFolder",
			"excludedFolders",
			"excludedTags",
			"pinnedNotes",
			"meaningSearch",
			"embeddingApi",
			"embeddingBaseUrl",
			"embeddingModel",
			"mcpServerEnabled",
			"mcpServerPort",
			"mcpServerAllowWrites",
			"language",
		]);
	});

	it("refuses an assistant folder outside the vault or in the configuration folder, with the rule", () => {
		const { tab } = settingsTabOn();
		const validate = control(tab, "assistantFolder").validate as (value: string) => string | undefined;
		expect(validate("../Elsewhere")).toBe('Refused: the path climbs out of its folder with "..".');
		expect(validate(".obsidian/plugins")).toBe("Refused: the assistant never writes in the configuration folder.");
		expect(validate("Assistant")).toBeUndefined();
		expect(validate("")).toBeUndefined();
	});

	it("refuses an inbox folder outside the vault or in the configuration folder in place, and never saves it", async () => {
		const { tab, settingsStore, saved } = settingsTabOn();
		const inbox = control(tab, "inboxFolder") as {
			validate: (value: string) => string | undefined;
			placeholder?: string;
		};
		// Empty means the assistant folder's own inbox, which the field shows.
		expect(inbox.placeholder).toBe("Inbox");
		expect(inbox.validate("../Elsewhere")).toBe('Refused: the path climbs out of its folder with "..".');
		expect(inbox.validate(".obsidian/inbox")).toBe("Refused: the assistant never writes in the configuration folder.");
		expect(inbox.validate("/etc/inbox")).toMatch(/^Refused: /);
		expect(inbox.validate("00 Inbox")).toBeUndefined();
		expect(inbox.validate("")).toBeUndefined();
		await tab.setControlValue("inboxFolder", "../Elsewhere");
		await tab.setControlValue("inboxFolder", ".obsidian/inbox");
		expect(settingsStore.settings.inboxFolder).toBe("");
		await tab.setControlValue("inboxFolder", "/00 Inbox/");
		expect(saved()?.settings).toMatchObject({ inboxFolder: "00 Inbox" });
	});

	it("refuses a prompts folder outside the vault, in the configuration folder or private, in place, and never saves it", async () => {
		const { tab, settingsStore, saved } = settingsTabOn();
		const prompts = control(tab, "promptsFolder") as {
			validate: (value: string) => string | undefined;
			placeholder?: string;
		};
		// Empty means the assistant folder's own prompts folder, which the field shows.
		expect(prompts.placeholder).toBe("Prompts");
		expect(prompts.validate("../x")).toBe('Refused: the path climbs out of its folder with "..".');
		expect(prompts.validate(".obsidian")).toBe("Refused: the assistant never writes in the configuration folder.");
		expect(prompts.validate("My prompts")).toBeUndefined();
		await tab.setControlValue("promptsFolder", "../x");
		await tab.setControlValue("promptsFolder", ".obsidian");
		expect(settingsStore.settings.promptsFolder).toBe("");
		await tab.setControlValue("promptsFolder", "/My prompts/");
		expect(saved()?.settings).toMatchObject({ promptsFolder: "My prompts" });
	});

	it("keeps the hot memory cap a whole number of tokens from 500 to 20,000", async () => {
		const { tab, settingsStore, saved } = settingsTabOn();
		const cap = control(tab, "hotMemoryCapTokens").validate as (value: number) => string | undefined;
		expect(tab.getControlValue("hotMemoryCapTokens")).toBe(2000);
		expect(cap(100)).toBe("Enter a whole number of tokens from 500 to 20,000.");
		expect(cap(2500.5)).toBe("Enter a whole number of tokens from 500 to 20,000.");
		expect(cap(4000)).toBeUndefined();
		await tab.setControlValue("hotMemoryCapTokens", 100);
		expect(settingsStore.settings.hotMemoryCapTokens).toBe(2000);
		await tab.setControlValue("hotMemoryCapTokens", 4000);
		expect(saved()?.settings).toMatchObject({ hotMemoryCapTokens: 4000 });
	});

	it("saves a change in the plugin's data file, lists as one entry a line", async () => {
		const { tab, saved } = settingsTabOn();
		await tab.setControlValue("excludedFolders", "Private\n\nWork/HR ");
		await tab.setControlValue("archiveRetentionDays", 90);
		expect(saved()?.settings).toMatchObject({ excludedFolders: ["Private", "Work/HR"], archiveRetentionDays: 90 });
		expect(tab.getControlValue("excludedFolders")).toBe("Private\nWork/HR");
	});

	it("refuses 25:00 as an active hour with a message in place, and never saves it", async () => {
		const { tab, settingsStore } = settingsTabOn();
		const start = control(tab, "heartbeatActiveStart").validate as (value: string) => string | undefined;
		const end = control(tab, "heartbeatActiveEnd").validate as (value: string) => string | undefined;
		expect(start("25:00")).toBe(
			'"25:00" is not a time of day. Write it as HH:MM in 24-hour time, such as 08:00 or 22:30.',
		);
		expect(start("24:00")).toBe("24:00 can only end the active hours. To start at midnight, write 00:00.");
		expect(end("08:00")).toBe(
			"The active hours start and end at 08:00, so the heartbeat would never run. To let it run at any hour, turn on all day.",
		);
		expect(end("24:00")).toBeUndefined();
		await tab.setControlValue("heartbeatActiveStart", "25:00");
		await tab.setControlValue("heartbeatActiveEnd", "08:00");
		expect(settingsStore.settings).toMatchObject({ heartbeatActiveStart: "08:00", heartbeatActiveEnd: "22:00" });
		await tab.setControlValue("heartbeatActiveStart", "7:30");
		await tab.setControlValue("heartbeatActiveEnd", "24:00");
		expect(settingsStore.settings).toMatchObject({ heartbeatActiveStart: "07:30", heartbeatActiveEnd: "24:00" });
	});

	it("shows the heartbeat's last run and its outcome, and whether it waits after a failure", async () => {
		const { tab, settingsStore } = settingsTabOn();
		expect(drawRow(tab, "Heartbeat", "Last run").setting.descEl.getText()).toBe("The heartbeat has not run yet.");
		await settingsStore.updateState({
			lastHeartbeatRun: { at: "2026-03-15T09:00:00.000Z", outcome: "failed" },
			heartbeatRetryAfter: "2026-03-15T09:15:00.000Z",
		});
		expect(drawRow(tab, "Heartbeat", "Last run").setting.descEl.getText()).toBe(
			"Mar 15, 2026, 9:00 AM. It failed. It tries again after Mar 15, 2026, 9:15 AM.",
		);
	});

	it("shows each identity file, present with its size and a button to open it, or missing", async () => {
		const { app, tab } = settingsTabOn({ "soul.md": "# Soul\n\nWarm.\n" });
		const soul = drawRow(tab, "Workspace", "Personality");
		await settle();
		expect(soul.setting.descEl.getText()).toBe("soul.md, 14 bytes.");
		soul.button("Open")?.click();
		expect(app.workspace.openedLinks).toEqual(["soul.md"]);
		const checklist = drawRow(tab, "Heartbeat", "Checklist");
		await settle();
		expect(checklist.setting.descEl.getText()).toBe("Missing. Initializing the workspace creates it.");
		expect(checklist.button("Open")).toBeUndefined();
	});

	it("offers the three ways into onboarding, and says whether it is done", async () => {
		const { tab, settingsStore, onboarding } = settingsTabOn();
		expect(drawRow(tab, "Onboarding", "Onboarding status").setting.descEl.getText()).toMatch(/^Not done yet/);
		drawRow(tab, "Onboarding", "Start a conversation").button("Start")?.click();
		drawRow(tab, "Onboarding", "Fill in a form").button("Open form")?.click();
		drawRow(tab, "Onboarding", "Start over").button("Start over")?.click();
		await settle();
		expect(onboarding.calls).toEqual(["conversation", "form", "start-over"]);
		await settingsStore.updateState({ onboardingComplete: true });
		expect(drawRow(tab, "Onboarding", "Onboarding status").setting.descEl.getText()).toMatch(/^Complete/);
	});

	it("explains the private flag and what is sent to Anthropic", () => {
		const { tab } = settingsTabOn();
		const privacy = group(tab, "Privacy").items ?? [];
		const text = privacy.map((item) => ("desc" in item ? String(item.desc) : "")).join("\n");
		expect(text).toContain("assistant: private");
		expect(text).toContain("Excluded folders, excluded tags and private notes are never sent.");
	});

	it("says, in the new language, that command names change after a restart; a choice that keeps the language says nothing", async () => {
		const { tab } = settingsTabOn();
		await tab.setControlValue("language", "en");
		expect(Notice.messages).toEqual([]);
		await tab.setControlValue("language", "zh");
		expect(Notice.messages).toEqual([
			"助理的界面已切换为中文。命令面板和功能区中的命令名称会在下次启动 Obsidian 后更新。",
		]);
	});

	it("redraws in Chinese as soon as the language is switched, and follows Obsidian's language on auto", async () => {
		const { tab } = settingsTabOn();
		await tab.setControlValue("language", "zh");
		expect(headings(tab)).toEqual([
			"模型",
			"工作区",
			"引导",
			"心跳",
			"记忆",
			"捕获",
			"提示词",
			"隐私",
			"索引",
			"语义搜索",
			"MCP 服务器",
			"界面",
		]);
		setLanguageForTests("zh-TW");
		await tab.setControlValue("language", "auto");
		expect(headings(tab)[0]).toBe("模型");
		setLanguageForTests("en");
		await tab.setControlValue("language", "auto");
		expect(headings(tab)[0]).toBe("Model");
	});
});
