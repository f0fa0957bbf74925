/**
 * @jest-environment ./tests/harness/jsdomWithFetch.cjs
 */
import type { SettingDefinitionGroup, SettingDefinitionRender } from "obsidian";
import { App, Notice, Setting, setLanguageForTests } from "../../sandbox/obsidianApi";
import { setLanguage } from "../../src/i18n";
import { DEFAULT_MODEL, OFFLINE_MODEL_ID } from "../../src/llm";
import type { AssistantSettingTab } from "../../src/obsidian/settingsTab";
import { DEFAULT_API_KEY_SECRET } from "../../src/core/workspace/data/settings";
import { errorReply, useFakeAnthropic } from "../harness/fakeAnthropic";
import { MemoryIndexStore } from "../harness/memoryIndexStore";
import { MemoryVault } from "../../headless/inMemory/memoryVault";
import { loadPlugin, until } from "./pluginFixture";

const fake = useFakeAnthropic();
const DATA = ".obsidian/plugins/assistant-workspace/data.json";

beforeEach(() => {
	setLanguageForTests("en");
	setLanguage("en");
	Notice.messages.length = 0;
});

async function modelRows(key?: string) {
	const app = new App(new MemoryVault());
	if (key !== undefined) app.secretStorage.setSecret(DEFAULT_API_KEY_SECRET, key);
	const { mock } = await loadPlugin(app, new MemoryIndexStore(), fake().baseURL);
	const tab = mock.settingTabs[0] as unknown as AssistantSettingTab;
	const group = tab.settingItems.find(
		(item): item is SettingDefinitionGroup => "heading" in item && item.heading === "Model",
	);
	// Anthropic's rows, as the tab shows them while Anthropic answers (the default).
	const rows = (group?.items ?? []) as SettingDefinitionRender[];
	const row = (name: string) => rows.find((item) => item.name === name && item.visible !== serverOnly)!;
	const serverOnly = rows.find((item) => item.name === "Server")?.visible;
	const [keyRow, modelRow, connectionRow] = [row("API key"), row("Model"), row("Connection")];
	const stops: (() => void)[] = [];
	const draw = (row: SettingDefinitionRender) => {
		const setting = new Setting(document.createElement("div"));
		const stop = row.render(setting as never, null as never);
		if (typeof stop === "function") stops.push(stop);
		return setting;
	};
	/** The three rows drawn together, as the tab shows them. */
	const drawAll = () => ({ key: draw(keyRow), model: draw(modelRow), connection: draw(connectionRow) });
	const pick = (setting: Setting, name: string) => {
		const select = setting.controlEl.querySelector("select")!;
		if (!Array.from(select.options).some((option) => option.value === name))
			select.createEl("option", { value: name, text: name });
		select.value = name;
		select.dispatchEvent(new Event("change"));
	};
	const stopAll = () => stops.splice(0).forEach((stop) => stop());
	const serverKeyRow = rows.find((item) => item.name === "Server key")!;
	return { app, keyRow, serverKeyRow, modelRow, connectionRow, draw, drawAll, pick, stopAll };
}

describe("the model settings", () => {
	it("picks the API key from SecretStorage by name: data.json keeps the name, never the key", async () => {
		const { app, keyRow, draw } = await modelRows();
		app.secretStorage.setSecret("anthropic", "sk-ant-secret-value");
		const select = draw(keyRow).controlEl.querySelector("select");
		expect(select?.value).toBe("");
		select!.value = "anthropic";
		select!.dispatchEvent(new Event("change"));
		await until(
			() => (app.vault.adapter.hidden.get(DATA) ?? "").includes('"apiKeySecret": "anthropic"'),
			"the saved name",
		);
		expect(app.vault.adapter.hidden.get(DATA) ?? "").not.toContain("sk-ant-secret-value");
	});

	it("says the Anthropic key is never sent to a server when its secret is picked as the server's key", async () => {
		const { serverKeyRow, draw, pick } = await modelRows("sk-ant-mine");
		const setting = draw(serverKeyRow);
		pick(setting, DEFAULT_API_KEY_SECRET);
		const warning =
			"This secret holds your Anthropic key, which is never sent to a model server: pick the server's own key, or none.";
		await until(() => setting.descEl.textContent?.includes(warning) === true, "the warning");
		expect(setting.descEl.querySelector(".assistant-api-key-status")?.classList.contains("mod-warning")).toBe(true);
		await until(() => Notice.messages.length > 0, "the notice");
		expect(Notice.messages).toEqual([warning]);
	});

	it("tests the connection on request and says how many models the key may use", async () => {
		const { connectionRow, draw } = await modelRows("test");
		const setting = draw(connectionRow);
		// The rows list the models as they are shown; the test asks again once that is done.
		await until(() => setting.controlEl.querySelector("button")?.disabled === false, "the first listing");
		setting.controlEl.querySelector("button")?.click();
		await until(() => setting.descEl.getText().startsWith("Connected"), "the connection test");
		expect(setting.descEl.getText()).toMatch(/^Connected: \d+ models available, such as /);
	});

	it("says the key was rejected when the connection test fails", async () => {
		const { connectionRow, draw } = await modelRows("bad");
		fake().modelsError = errorReply(401);
		const setting = draw(connectionRow);
		await until(() => setting.controlEl.querySelector("button")?.disabled === false, "the first listing");
		setting.controlEl.querySelector("button")?.click();
		await until(() => setting.descEl.getText().includes("rejected"), "the failed test");
	});

	it("lists the models the API offers with the key, besides the default and offline, and saves the choice", async () => {
		const { app, modelRow, draw } = await modelRows("test");
		const setting = draw(modelRow);
		const select = setting.controlEl.querySelector("select")!;
		await until(() => select.options.length > 3, "the model list");
		const ids = Array.from(select.options).map((option) => option.value);
		expect(ids).toEqual(
			expect.arrayContaining([DEFAULT_MODEL, OFFLINE_MODEL_ID, "claude-opus-5-5", "claude-haiku-5-5"]),
		);
		expect(select.value).toBe(DEFAULT_MODEL);
		expect(setting.descEl.getText()).toMatch(/Connected/);
		select.value = "claude-opus-5-5";
		select.dispatchEvent(new Event("change"));
		await until(() => (app.vault.adapter.hidden.get(DATA) ?? "").includes("claude-opus-5-5"), "the saved model");
	});

	it("before any secret exists, every row says there is no key: none shows a name as chosen", async () => {
		const { drawAll, stopAll } = await modelRows();
		const rows = drawAll();
		expect(rows.key.controlEl.querySelector("select")?.value).toBe("");
		expect(rows.key.descEl.querySelector(".assistant-api-key-status")?.textContent).toMatch(/^No key yet/);
		expect(rows.model.descEl.getText()).toBe("Add an API key to list the models it can use.");
		rows.connection.controlEl.querySelector("button")?.click();
		expect(rows.connection.descEl.getText()).toBe("Add an API key first, in the row above.");
		expect(fake().requests).toHaveLength(0);
		stopAll();
	});

	it("once a secret is added and picked, the model list fills in place, the key row names it, and a notice confirms it", async () => {
		const { app, drawAll, pick, stopAll } = await modelRows();
		const rows = drawAll();
		app.secretStorage.setSecret("anthropic-api-key", "sk-ant-new");
		pick(rows.key, "anthropic-api-key");
		const select = rows.model.controlEl.querySelector("select")!;
		await until(() => select.options.length > 3, "the model list");
		expect(rows.model.descEl.getText()).toMatch(/^Connected: \d+ models available\.$/);
		expect(rows.key.descEl.querySelector(".assistant-api-key-status")?.textContent).toBe(
			"The assistant uses the key in the secret “anthropic-api-key”.",
		);
		expect(Notice.messages).toContain("API key set: the assistant uses the secret “anthropic-api-key”.");
		stopAll();
	});

	it("a connection test that finds the key fills the model list too", async () => {
		const { app, drawAll, stopAll } = await modelRows();
		const rows = drawAll();
		// The secret appears under the name the settings already keep: no pick, only the test.
		app.secretStorage.setSecret(DEFAULT_API_KEY_SECRET, "sk-ant-later");
		rows.connection.controlEl.querySelector("button")?.click();
		await until(() => rows.connection.descEl.getText().startsWith("Connected"), "the connection test");
		expect(rows.model.controlEl.querySelectorAll("select option").length).toBeGreaterThan(3);
		expect(rows.model.descEl.getText()).toMatch(/^Connected/);
		expect(rows.key.controlEl.querySelector("select")?.value).toBe(DEFAULT_API_KEY_SECRET);
		stopAll();
	});

	it("says so when the chosen secret is not on this device", async () => {
		const { drawAll, pick, stopAll } = await modelRows();
		const rows = drawAll();
		pick(rows.key, "work-key");
		await until(
			() => (rows.key.descEl.querySelector(".assistant-api-key-status")?.textContent ?? "").includes("work-key"),
			"the key status",
		);
		expect(rows.key.descEl.querySelector(".assistant-api-key-status")?.textContent).toMatch(
			/^This device has no secret named “work-key”/,
		);
		expect(rows.key.controlEl.querySelector("select")?.value).toBe("");
		expect(rows.model.descEl.getText()).toBe("Add an API key to list the models it can use.");
		expect(Notice.messages).toEqual([]);
		stopAll();
	});

	it("asks for a key before listing models", async () => {
		const { modelRow, draw } = await modelRows();
		expect(draw(modelRow).descEl.getText()).toMatch(/API key/);
	});
});
