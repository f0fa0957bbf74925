/**
 * @jest-environment ./tests/harness/jsdomWithFetch.cjs
 */
import type { SettingDefinition } from "obsidian";
import { App, Plugin } from "../../../sandbox/obsidianApi";
import { systemClock } from "../../../src/core/systemClock";
import { loadPluginData } from "../../../src/core/workspace/data/load";
import { DEFAULT_API_KEY_SECRET, DEFAULT_MCP_TOKEN_SECRET } from "../../../src/core/workspace/data/settings";
import { NoticeNotifier } from "../../../src/obsidian/noticeNotifier";
import { SettingsStore } from "../../../src/obsidian/settingsStore";
import { compatibleServer } from "../../../src/obsidian/obsidianModel";
import { obsidianTurnPorts } from "../../../src/obsidian/turnPorts";
import { MemoryIndexStore } from "../../harness/memoryIndexStore";
import { MemoryVault } from "../../../headless/inMemory/memoryVault";
import { manifest } from "../pluginFixture";
import { control, group, resetSettingsTest, settingsTabOn } from "./settingsTabFixture";

beforeEach(resetSettingsTest);

/** The Model section's rows a person sees now, by name. */
function shownRows(tab: ReturnType<typeof settingsTabOn>["tab"]): string[] {
	return ((group(tab, "Model").items ?? []) as SettingDefinition[])
		.filter((row) => (typeof row.visible === "function" ? row.visible() : (row.visible ?? true)))
		.map((row) => row.name);
}

const validate = (tab: ReturnType<typeof settingsTabOn>["tab"], key: string) =>
	control(tab, key).validate as (value: unknown) => string | undefined;

describe("the model settings for a local or compatible server", () => {
	it("shows Anthropic's rows, or the server's once the provider is a server: never both", async () => {
		const { tab, saved } = settingsTabOn();
		expect(shownRows(tab)).toEqual(["Provider", "API key", "Model", "Connection"]);
		await tab.setControlValue("modelProvider", "compatible");
		expect(shownRows(tab)).toEqual([
			"Provider",
			"Server",
			"Base URL",
			"Server key",
			"Model",
			"Context window",
			"Connection",
		]);
		expect(saved()?.settings.modelProvider).toBe("compatible");
	});

	it("fills the base URL when a server is chosen by name, and keeps it for a custom one", async () => {
		const { tab, settingsStore } = settingsTabOn();
		await tab.setControlValue("modelProvider", "compatible");
		expect(settingsStore.settings.serverBaseUrl).toBe("http://localhost:11434");
		await tab.setControlValue("serverPreset", "lm-studio");
		expect(settingsStore.settings.serverBaseUrl).toBe("http://localhost:1234");
		await tab.setControlValue("serverPreset", "llama-cpp");
		expect(settingsStore.settings.serverBaseUrl).toBe("http://localhost:8080");
		await tab.setControlValue("serverBaseUrl", "http://192.168.1.20:8080");
		await tab.setControlValue("serverPreset", "custom");
		expect(settingsStore.settings).toMatchObject({ serverPreset: "custom", serverBaseUrl: "http://192.168.1.20:8080" });
	});

	it("says what is wrong with a base URL that is not one, and saves only an address", async () => {
		const { tab, settingsStore, saved } = settingsTabOn();
		await tab.setControlValue("modelProvider", "compatible");
		const problem = validate(tab, "serverBaseUrl");
		expect(problem("localhost:11434")).toBe(
			"“localhost:11434” is not a server address: write it in full, with http:// or https://, such as http://localhost:11434.",
		);
		expect(problem("ftp://localhost:11434")).toMatch(/is not a server address/);
		expect(problem("  ")).toBe("Type the server's address, such as http://localhost:11434.");
		expect(problem("http://localhost:1234/v1")).toBeUndefined();

		await tab.setControlValue("serverBaseUrl", "localhost:11434");
		expect(settingsStore.settings.serverBaseUrl).toBe("http://localhost:11434");
		// The address LM Studio shows, with its /v1 and a slash: the SDK adds /v1/messages itself.
		await tab.setControlValue("serverBaseUrl", " http://localhost:1234/v1/ ");
		expect(saved()?.settings.serverBaseUrl).toBe("http://localhost:1234");
	});

	it("refuses a context window outside the range a model can have, and keeps the saved one", async () => {
		const { tab, settingsStore } = settingsTabOn();
		await tab.setControlValue("modelProvider", "compatible");
		const problem = validate(tab, "serverContextWindowTokens");
		expect(problem(512)).toBe("A whole number of tokens from 2,048 to 2,000,000.");
		expect(problem(32768)).toBeUndefined();
		await tab.setControlValue("serverContextWindowTokens", 512);
		expect(settingsStore.settings.serverContextWindowTokens).toBe(8192);
		await tab.setControlValue("serverContextWindowTokens", 32768);
		expect(settingsStore.settings.serverContextWindowTokens).toBe(32768);
	});

	it("forgets which models could not call tools when the server, its address, model or key changes", async () => {
		const { settingsStore, saved } = settingsTabOn();
		const remembered = { modelsWithoutTools: ["http://localhost:11434 gemma3:4b"] };
		await settingsStore.updateState(remembered);

		await settingsStore.updateSettings({ serverContextWindowTokens: 16384, heartbeatEnabled: false });
		expect(settingsStore.state.modelsWithoutTools).toEqual(remembered.modelsWithoutTools);
		// A value set to what it already was changes nothing.
		await settingsStore.updateSettings({ serverModel: "" });
		expect(settingsStore.state.modelsWithoutTools).toEqual(remembered.modelsWithoutTools);

		for (const change of [
			{ serverModel: "qwen3:8b" },
			{ serverBaseUrl: "http://localhost:8080" },
			{ serverKeySecret: "lan-server" },
			{ serverPreset: "lm-studio" as const },
			{ modelProvider: "compatible" as const },
		]) {
			await settingsStore.updateState(remembered);
			await settingsStore.updateSettings(change);
			expect([change, settingsStore.state.modelsWithoutTools]).toEqual([change, []]);
			expect(saved()?.state.modelsWithoutTools).toEqual([]);
		}
	});
});

describe("the turn's ports with a compatible server", () => {
	async function portsOn(settings: Partial<SettingsStore["settings"]>, modelsWithoutTools: string[] = []) {
		const app = new App(new MemoryVault());
		const plugin = new Plugin(app, manifest) as unknown as import("obsidian").Plugin;
		const data = loadPluginData(null).data;
		const settingsStore = new SettingsStore(plugin, new NoticeNotifier(), systemClock, {
			...data,
			settings: { ...data.settings, ...settings },
			state: { ...data.state, modelsWithoutTools },
		});
		const index = new MemoryIndexStore() as never;
		return { app, settingsStore, ports: await obsidianTurnPorts(plugin, settingsStore, index, systemClock) };
	}

	const server = {
		modelProvider: "compatible" as const,
		serverBaseUrl: "http://localhost:11434",
		serverModel: "gemma3:4b",
		serverContextWindowTokens: 16384,
	};

	it("names the server's model and its context window, and offers tools until the model fails at them", async () => {
		const { settingsStore, ports } = await portsOn(server);
		expect(ports.modelId).toBe("gemma3:4b");
		expect(ports.contextWindowTokens).toBe(16384);
		expect(ports.toolSupport?.toolsOff).toBe(false);

		await ports.toolSupport?.toolsFailed();
		expect(settingsStore.state.modelsWithoutTools).toEqual(["http://localhost:11434 gemma3:4b"]);
		const { ports: next } = await portsOn(server, settingsStore.state.modelsWithoutTools);
		expect(next.toolSupport?.toolsOff).toBe(true);
	});

	it("never gives the server the Anthropic key, whichever secret the server's key is picked from", async () => {
		for (const [name, value] of [
			[DEFAULT_API_KEY_SECRET, "sk-ant-mine"],
			["lm-studio", "sk-ant-mine"],
		]) {
			const { app, settingsStore } = await portsOn({ ...server, serverKeySecret: name });
			app.secretStorage.setSecret(DEFAULT_API_KEY_SECRET, "sk-ant-mine");
			app.secretStorage.setSecret(name, value);
			expect(compatibleServer(settingsStore)).toEqual({ preset: "ollama", baseURL: "http://localhost:11434" });
		}
		const { app, settingsStore } = await portsOn({ ...server, serverKeySecret: "lm-studio" });
		app.secretStorage.setSecret(DEFAULT_API_KEY_SECRET, "sk-ant-mine");
		app.secretStorage.setSecret("lm-studio", "lm-key");
		expect(compatibleServer(settingsStore).apiKey).toBe("lm-key");
	});

	it("never sends the MCP server's token as a model's key, though it is in the same list of secrets", async () => {
		const token = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
		const { app, settingsStore } = await portsOn({
			...server,
			apiKeySecret: DEFAULT_MCP_TOKEN_SECRET,
			serverKeySecret: "copied-token",
		});
		app.secretStorage.setSecret(DEFAULT_MCP_TOKEN_SECRET, token);
		app.secretStorage.setSecret("copied-token", token);
		expect(settingsStore.apiKey()).toBe("");
		expect(compatibleServer(settingsStore)).toEqual({ preset: "ollama", baseURL: "http://localhost:11434" });
	});

	it("keeps tools on for another model of the same server", async () => {
		const { ports } = await portsOn({ ...server, serverModel: "qwen3:8b" }, ["http://localhost:11434 gemma3:4b"]);
		expect(ports.toolSupport?.toolsOff).toBe(false);
	});

	it("with Anthropic, has no tool verdict and keeps Claude's context window", async () => {
		const { ports } = await portsOn({ serverModel: "gemma3:4b" }, ["http://localhost:11434 gemma3:4b"]);
		expect(ports.toolSupport).toBeUndefined();
		expect(ports.contextWindowTokens).toBeUndefined();
	});
});
