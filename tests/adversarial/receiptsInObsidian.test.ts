/**
 * @jest-environment ./tests/harness/jsdomWithFetch.cjs
 */
/**
 * In Obsidian, a local server's model list is also asked from outside the window (Obsidian's
 * `requestUrl`) when the window's own request could not connect, to tell a server that refused
 * Obsidian's origin from one that is not running: that request leaves a receipt like any other.
 */
import { App, Plugin } from "../../sandbox/obsidianApi";
import { systemClock } from "../../src/core/systemClock";
import { loadPluginData } from "../../src/core/workspace/data/load";
import { NoticeNotifier } from "../../src/obsidian/noticeNotifier";
import { obsidianModel } from "../../src/obsidian/obsidianModel";
import { SettingsStore } from "../../src/obsidian/settingsStore";
import { MemoryVault } from "../../headless/inMemory/memoryVault";
import { useFakeAnthropic } from "../harness/fakeAnthropic";
import { drain, userRequest } from "../llm/modelFixture";
import { manifest } from "../obsidian/pluginFixture";

const fake = useFakeAnthropic();

describe("receipts of the requests Obsidian makes outside its window", () => {
	it("name the host for the check made outside Obsidian's window when the window's request could not connect", async () => {
		const app = new App(new MemoryVault());
		const plugin = new Plugin(app, manifest) as unknown as import("obsidian").Plugin;
		const data = loadPluginData(null).data;
		const serverBaseUrl = fake().baseURL;
		const settingsStore = new SettingsStore(plugin, new NoticeNotifier(), systemClock, {
			...data,
			settings: { ...data.settings, modelProvider: "compatible", serverBaseUrl, serverModel: "qwen3" },
		});
		// The window refuses the SDK's requests (as it does a server that does not allow Obsidian's
		// origin); Obsidian's requests from outside the window reach the server.
		const windowFetch = globalThis.fetch;
		globalThis.fetch = (input, init) =>
			new Headers(init?.headers).has("x-stainless-lang")
				? Promise.reject(new TypeError("Failed to fetch"))
				: windowFetch(input, init);
		try {
			const { error } = await drain(obsidianModel(settingsStore, {}).stream(userRequest("Hi", { model: "qwen3" })));
			expect(error?.kind).toBe("cors-refused");
		} finally {
			globalThis.fetch = windowFetch;
		}

		expect(fake().requests.map((request) => `${request.method} ${request.url}`)).toEqual(["GET /api/tags"]);
		const host = new URL(serverBaseUrl).host;
		expect((await settingsStore.receipts.read()).map(({ to, feature, failed }) => ({ to, feature, failed }))).toEqual([
			{ to: host, feature: "model-list", failed: undefined },
			{ to: host, feature: "chat", failed: true },
		]);
	});
});
