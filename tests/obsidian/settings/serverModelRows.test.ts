/**
 * @jest-environment ./tests/harness/jsdomWithFetch.cjs
 */
import type { SettingDefinitionGroup, SettingDefinitionRender } from "obsidian";
import { App, Setting, setLanguageForTests } from "../../../sandbox/obsidianApi";
import { CURRENT_SCHEMA_VERSION } from "../../../src/core/workspace/data/migrations";
import { defaultSettings, type Settings } from "../../../src/core/workspace/data/settings";
import { defaultState } from "../../../src/core/workspace/data/state";
import { setLanguage } from "../../../src/i18n";
import type { AssistantSettingTab } from "../../../src/obsidian/settingsTab";
import { errorReply, useFakeAnthropic } from "../../harness/fakeAnthropic";
import { MemoryIndexStore } from "../../harness/memoryIndexStore";
import { MemoryVault } from "../../../headless/inMemory/memoryVault";
import { loadPlugin, until } from "../pluginFixture";
import { DATA } from "./settingsTabFixture";

const ollama = useFakeAnthropic({ profile: "ollama" });

beforeEach(() => {
	setLanguageForTests("en");
	setLanguage("en");
});

/** The plugin loaded with a compatible server at `baseURL`, and the server's rows drawn together as the tab shows them. */
async function serverRows(baseURL: string, modelsWithoutTools: string[] = []) {
	const settings: Settings = {
		...defaultSettings(),
		modelProvider: "compatible",
		serverPreset: "ollama",
		serverBaseUrl: baseURL,
		serverModel: "",
	};
	const state = { ...defaultState(), modelsWithoutTools };
	const app = new App(new MemoryVault());
	app.vault.adapter.hidden.set(DATA, JSON.stringify({ schemaVersion: CURRENT_SCHEMA_VERSION, settings, state }));
	const { mock } = await loadPlugin(app, new MemoryIndexStore());
	const tab = mock.settingTabs[0] as unknown as AssistantSettingTab;
	const group = tab.settingItems.find(
		(item): item is SettingDefinitionGroup => "heading" in item && item.heading === "Model",
	);
	const shown = ((group?.items ?? []) as SettingDefinitionRender[]).filter(
		(row) => row.render !== undefined && (typeof row.visible === "function" ? row.visible() : true),
	);
	const stops: (() => void)[] = [];
	const draw = (name: string) => {
		const row = shown.find((item) => item.name === name)!;
		const setting = new Setting(document.createElement("div"));
		const stop = row.render(setting as never, null as never);
		if (typeof stop === "function") stops.push(stop);
		return setting;
	};
	const rows = { model: draw("Model"), connection: draw("Connection") };
	const saved = () =>
		JSON.parse(app.vault.adapter.hidden.get(DATA) ?? "null") as { settings: Settings; state: typeof state };
	return { rows, saved, stopAll: () => stops.splice(0).forEach((stop) => stop()) };
}

const select = (setting: Setting) => setting.controlEl.querySelector("select");
const input = (setting: Setting) => setting.controlEl.querySelector("input");

describe("the server's model rows", () => {
	it("lists the models the server has (Ollama's own list) to choose from, and saves the choice", async () => {
		const { rows, saved, stopAll } = await serverRows(ollama().baseURL);
		await until(() => select(rows.model) !== null, "the model list");
		const options = Array.from(select(rows.model)!.options).map((option) => option.value);
		expect(options).toEqual(["", "qwen3:8b", "gemma3:4b"]);
		expect(select(rows.model)!.value).toBe("");
		expect(rows.model.descEl.getText()).toBe("2 models on the server.");
		expect(ollama().requests.map((request) => request.url)).toContain("/api/tags");

		select(rows.model)!.value = "gemma3:4b";
		select(rows.model)!.dispatchEvent(new Event("change"));
		await until(() => saved()?.settings.serverModel === "gemma3:4b", "the saved model");
		stopAll();
	});

	it("tests the connection and names the models found", async () => {
		const { rows, stopAll } = await serverRows(ollama().baseURL);
		const button = rows.connection.controlEl.querySelector("button")!;
		expect(rows.connection.descEl.getText()).toBe("Asks the server which models it has.");
		await until(() => !button.disabled, "the first listing");
		button.click();
		await until(() => rows.connection.descEl.getText().startsWith("Connected"), "the connection test");
		expect(rows.connection.descEl.getText()).toBe("Connected: 2 models available, such as qwen3:8b and gemma3:4b.");
		stopAll();
	});

	it("when the server does not answer, says where it looked, and offers a field to type the model in", async () => {
		// A port nothing listens on, on this machine.
		const { rows, saved, stopAll } = await serverRows("http://127.0.0.1:9");
		const unreachable =
			"Ollama did not answer at http://127.0.0.1:9. Check that it is running and that the address in the plugin settings is right.";
		// Said at once where the connection is tested; the model row points there.
		await until(() => rows.connection.descEl.getText() === unreachable, "the failed listing");
		expect(rows.model.descEl.getText()).toBe(
			"The server did not list its models (the connection row says why): type the model's name as the server knows it.",
		);
		expect(select(rows.model)).toBeNull();
		input(rows.model)!.value = " llama3.2:3b ";
		input(rows.model)!.dispatchEvent(new Event("input"));
		await until(() => saved()?.settings.serverModel === "llama3.2:3b", "the typed model");

		rows.connection.controlEl.querySelector("button")!.click();
		expect(rows.connection.descEl.getText()).toBe("Testing the connection…");
		await until(() => rows.connection.descEl.getText() === unreachable, "the connection test");
		stopAll();
	});

	it("offers the field to type the model in when the server cannot list its models", async () => {
		ollama().modelsError = errorReply(404, { message: "404 page not found" });
		const { rows, stopAll } = await serverRows(ollama().baseURL);
		await until(() => input(rows.model) !== null && rows.model.descEl.getText().endsWith("knows it."), "the field");
		expect(rows.connection.descEl.getText()).toMatch(/^Ollama /);
		expect(input(rows.model)!.placeholder).toBe("qwen3:8b");
		stopAll();
	});

	it("forgets that a model could not call tools once another model is chosen", async () => {
		const { rows, saved, stopAll } = await serverRows(ollama().baseURL, [`${ollama().baseURL} gemma3:4b`]);
		await until(() => select(rows.model) !== null, "the model list");
		select(rows.model)!.value = "qwen3:8b";
		select(rows.model)!.dispatchEvent(new Event("change"));
		await until(() => saved()?.settings.serverModel === "qwen3:8b", "the saved model");
		expect(saved()?.state.modelsWithoutTools).toEqual([]);
		stopAll();
	});
});
