/**
 * @jest-environment ./tests/harness/jsdomWithFetch.cjs
 */
import type { SettingDefinitionGroup, SettingDefinitionRender } from "obsidian";
import { App, Setting, setLanguageForTests } from "../__mocks__/obsidian";
import { setLanguage } from "../../src/i18n";
import { DEFAULT_MODEL, OFFLINE_MODEL_ID } from "../../src/llm";
import type { AssistantSettingTab } from "../../src/obsidian/settingsTab";
import { API_KEY_SECRET } from "../../src/obsidian/workspaceController";
import { errorReply, useFakeAnthropic } from "../harness/fakeAnthropic";
import { MemoryIndexStore } from "../harness/memoryIndexStore";
import { MemoryVault } from "../harness/memoryVault";
import { loadPlugin, until } from "./pluginFixture";

const fake = useFakeAnthropic();
const DATA = ".obsidian/plugins/assistant-workspace/data.json";

beforeEach(() => {
	setLanguageForTests("en");
	setLanguage("en");
});

async function modelRows(key?: string) {
	const app = new App(new MemoryVault());
	if (key !== undefined) app.secretStorage.setSecret(API_KEY_SECRET, key);
	const { mock } = await loadPlugin(app, new MemoryIndexStore(), fake().baseURL);
	const tab = mock.settingTabs[0] as unknown as AssistantSettingTab;
	const group = tab.settingItems.find((item): item is SettingDefinitionGroup => "heading" in item && item.heading === "Model");
	const [keyRow, modelRow, connectionRow] = (group?.items ?? []) as SettingDefinitionRender[];
	const draw = (row: SettingDefinitionRender) => {
		const setting = new Setting(document.createElement("div"));
		row.render(setting as never, null as never);
		return setting;
	};
	return { app, keyRow, modelRow, connectionRow, draw };
}

describe("the model settings", () => {
	it("picks the API key from SecretStorage by name: data.json keeps the name, never the key", async () => {
		const { app, keyRow, draw } = await modelRows();
		app.secretStorage.setSecret("anthropic", "sk-ant-secret-value");
		const select = draw(keyRow).controlEl.querySelector("select");
		expect(select?.value).toBe(API_KEY_SECRET);
		select!.value = "anthropic";
		select!.dispatchEvent(new Event("change"));
		await until(() => (app.vault.adapter.hidden.get(DATA) ?? "").includes('"apiKeySecret": "anthropic"'), "the saved name");
		expect(app.vault.adapter.hidden.get(DATA) ?? "").not.toContain("sk-ant-secret-value");
	});

	it("tests the connection on request and says how many models the key may use", async () => {
		const { connectionRow, draw } = await modelRows("test");
		const setting = draw(connectionRow);
		setting.controlEl.querySelector("button")?.click();
		await until(() => setting.descEl.getText().startsWith("Connected"), "the connection test");
		expect(setting.descEl.getText()).toMatch(/^Connected: \d+ models available, such as /);
	});

	it("says the key was rejected when the connection test fails", async () => {
		const { connectionRow, draw } = await modelRows("bad");
		fake().modelsError = errorReply(401);
		const setting = draw(connectionRow);
		setting.controlEl.querySelector("button")?.click();
		await until(() => setting.descEl.getText().includes("rejected"), "the failed test");
	});

	it("lists the models the API offers with the key, besides the default and offline, and saves the choice", async () => {
		const { app, modelRow, draw } = await modelRows("test");
		const setting = draw(modelRow);
		const select = setting.controlEl.querySelector("select")!;
		await until(() => select.options.length > 3, "the model list");
		const ids = Array.from(select.options).map((option) => option.value);
		expect(ids).toEqual(expect.arrayContaining([DEFAULT_MODEL, OFFLINE_MODEL_ID, "claude-opus-5-5", "claude-haiku-5-5"]));
		expect(select.value).toBe(DEFAULT_MODEL);
		expect(setting.descEl.getText()).toMatch(/Connected/);
		select.value = "claude-opus-5-5";
		select.dispatchEvent(new Event("change"));
		await until(() => (app.vault.adapter.hidden.get(DATA) ?? "").includes("claude-opus-5-5"), "the saved model");
	});

	it("asks for a key before listing models", async () => {
		const { modelRow, draw } = await modelRows();
		expect(draw(modelRow).descEl.getText()).toMatch(/API key/);
	});
});
