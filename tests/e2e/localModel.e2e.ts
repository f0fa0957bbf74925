import type { Settings } from "../../src/core/workspace/data/settings";
import { textReply, useFakeAnthropic, type FakeAnthropic } from "../harness/fakeAnthropic";
import { onboardedVault, PLUGIN_DATA } from "./harness/onboardedVault";
import { useSandbox, type SandboxSession } from "./harness/sandboxSession";
import { User } from "./harness/userActions";

const open = useSandbox();
const ollama = useFakeAnthropic({ profile: "ollama" });
const refusing = useFakeAnthropic({ profile: "cors-refusing" });

/**
 * A vault onboarded earlier whose settings name `fake` as the compatible server, its heartbeat
 * off: with a model to ask, it would run at start and take the fake's first answer.
 */
function vaultWithServer(fake: FakeAnthropic | string, settings: Partial<Settings> = {}) {
	return onboardedVault({
		settings: {
			modelProvider: "compatible",
			serverBaseUrl: typeof fake === "string" ? fake : fake.baseURL,
			serverModel: "qwen3:8b",
			heartbeatEnabled: false,
			...settings,
		},
	});
}

/**
 * In local mode the plugin talks only to the server set: every request the page made went to
 * the sandbox itself (the page, its files, and `requestUrl` made on its behalf) or to the fake.
 */
function expectOnlyTheServer(session: SandboxSession, fake: FakeAnthropic): void {
	const allowed = new Set([new URL(session.sandbox.url).origin, new URL(fake.baseURL).origin]);
	const elsewhere = session.requestedUrls.filter((url) => !allowed.has(new URL(url).origin));
	expect(elsewhere).toEqual([]);
	expect(session.requestedUrls.some((url) => url.startsWith(fake.baseURL))).toBe(true);
}

const messageBodies = (fake: FakeAnthropic) => fake.messageBodies as { model: string; tools?: unknown[] }[];

describe("a model on the user's own machine, in the sandbox", () => {
	it("sets up Ollama in the settings: the models it lists, one chosen, a bad address refused, the connection tested", async () => {
		// The server's address was typed before, with Anthropic still answering: the page asks no other port on the way.
		const session = await open({ files: vaultWithServer(ollama(), { modelProvider: "anthropic", serverModel: "" }) });
		const { page, screenshot, readFromDisk } = session;
		const user = new User(page);
		await user.openSettings();
		await user.shownSetting(user.text("settings.provider.name")).locator("select").selectOption("compatible");
		await expect(user.shownSetting(user.text("settings.api-key.name")).count()).resolves.toBe(0);
		await expect(
			user.shownSetting(user.text("settings.server.preset.name")).locator("select").inputValue(),
		).resolves.toBe("ollama");

		const model = user.shownSetting(user.text("settings.model.name"));
		await model.locator("option", { hasText: "gemma3:4b" }).waitFor({ state: "attached" });
		await expect(model.locator("option").allTextContents()).resolves.toEqual([
			user.text("settings.server.model.choose"),
			"qwen3:8b",
			"gemma3:4b",
		]);
		expect(ollama().requests.map((request) => request.url)).toContain("/api/tags");
		await model.locator("select").selectOption("qwen3:8b");

		const url = user.shownSetting(user.text("settings.server.url.name"));
		await url.locator("input").fill("localhost:11434");
		await expect(url.locator(".setting-item-validation").textContent()).resolves.toBe(
			user.text("settings.server.url.invalid", { value: "localhost:11434", example: "http://localhost:11434" }),
		);
		// As LM Studio and others show it, with /v1: saved without it, since the SDK adds /v1/messages.
		await url.locator("input").fill(`${ollama().baseURL}/v1/`);
		await expect(url.locator(".setting-item-validation").isVisible()).resolves.toBe(false);

		const connection = user.shownSetting(user.text("settings.connection.name"));
		await user.press(connection, user.text("settings.connection.button"));
		const connected = user.text("settings.connection.ok", { count: 2, models: "qwen3:8b and gemma3:4b" });
		await connection.locator(".setting-item-description", { hasText: connected }).waitFor();
		await user.dismissNotices();
		await screenshot("settings-local-server");

		const saved = JSON.parse(await readFromDisk(PLUGIN_DATA)) as { settings: Settings };
		expect(saved.settings).toMatchObject({
			modelProvider: "compatible",
			serverPreset: "ollama",
			serverBaseUrl: ollama().baseURL,
			serverModel: "qwen3:8b",
		});
		expectOnlyTheServer(session, ollama());
	});

	it("answers a chat from the local model after it loads: its model id, no cache_control, no cost", async () => {
		ollama().enqueue(
			textReply("Dr. Lin wants the method chapter to justify the nap length, as [[Dr. Lin]] notes.", {
				loadingMs: 6000,
			}),
		);
		const session = await open({ files: vaultWithServer(ollama()) });
		const { page, screenshot } = session;
		const user = new User(page);
		await user.openChat();
		await expect(page.locator(".assistant-chat-offline").isVisible()).resolves.toBe(false);

		await user.ask("What does Dr. Lin want from the method chapter?");
		const loading = user.lastAnswer().locator(".assistant-chat-loading-model");
		await loading.waitFor({ timeout: 9000 });
		await expect(loading.textContent()).resolves.toBe(user.text("chat.loading-model"));
		await screenshot("chat-local-loading");
		await user.waitForAnswer();
		await expect(loading.count()).resolves.toBe(0);

		const answer = user.lastAnswer();
		await expect(answer.locator(".assistant-chat-body").textContent()).resolves.toContain("justify the nap length");
		await expect(answer.locator(".assistant-chat-usage").textContent()).resolves.toMatch(/tokens, local, no cost$/);
		const [request] = messageBodies(ollama());
		expect(request?.model).toBe("qwen3:8b");
		expect(JSON.stringify(request)).not.toContain("cache_control");
		await user.dismissNotices();
		await screenshot("chat-local-answer");
		expectOnlyTheServer(session, ollama());
	});

	it("answers from a search of the notes when the model cannot call tools, says so, and remembers it", async () => {
		ollama().modelsWithoutTools = ["gemma3:4b"];
		ollama().enqueue(
			textReply("Your notes say Dr. Lin wants the nap length justified ([[Dr. Lin]])."),
			textReply("The next review with [[Dr. Lin]] is on Friday."),
		);
		const session = await open({ files: vaultWithServer(ollama(), { serverModel: "gemma3:4b" }) });
		const { page, screenshot, untilOnDisk } = session;
		const user = new User(page);
		await user.openChat();

		await user.ask("What does Dr. Lin want from the method chapter?");
		await user.waitForAnswer();
		const answer = user.lastAnswer();
		await expect(answer.locator(".assistant-chat-tools-off").textContent()).resolves.toBe(user.text("chat.tools-off"));
		await expect(answer.locator(".assistant-chat-body").textContent()).resolves.toContain("nap length justified");
		await expect(page.locator(".assistant-chat-error").isVisible()).resolves.toBe(false);
		// Tools were offered once and refused; the answer came without them.
		expect(messageBodies(ollama()).map((body) => Array.isArray(body.tools) && body.tools.length > 0)).toEqual([
			true,
			false,
		]);
		await untilOnDisk(PLUGIN_DATA, (data) =>
			(JSON.parse(data) as { state: { modelsWithoutTools: string[] } }).state.modelsWithoutTools.includes(
				`${ollama().baseURL} gemma3:4b`,
			),
		);
		await user.dismissNotices();
		await screenshot("chat-local-tools-off");

		// The next message offers no tools at all.
		await user.ask("When is the next review?");
		await user.waitForAnswer();
		await expect(user.lastAnswer().locator(".assistant-chat-tools-off").count()).resolves.toBe(1);
		expect(messageBodies(ollama())).toHaveLength(3);
		expect(messageBodies(ollama())[2]?.tools ?? []).toEqual([]);
		expectOnlyTheServer(session, ollama());
	});

	it("says a server that refuses Obsidian's window is running, with the command that lets it in", async () => {
		const session = await open({ files: vaultWithServer(refusing(), { serverPreset: "lm-studio" }) });
		const { page, screenshot } = session;
		const user = new User(page);
		await user.openSettings();
		const connection = user.shownSetting(user.text("settings.connection.name"));
		await user.press(connection, user.text("settings.connection.button"));
		const fix = connection.locator(".assistant-cors-fix code");
		await fix.waitFor();
		await expect(fix.textContent()).resolves.toBe("lms server start --cors");
		await expect(connection.locator(".setting-item-description").textContent()).resolves.toContain(
			"LM Studio is running but refused requests from Obsidian's window.",
		);
		// The browser refused the answer; the server was reached all the same, asked from outside the page (requestUrl).
		expect(refusing().requests.length).toBeGreaterThan(0);
		expect(session.requestedUrls.some((url) => url.includes("/api/request-url"))).toBe(true);
		await connection.evaluate((row) => row.scrollIntoView({ block: "center" }));
		await screenshot("settings-local-cors-refused");
		await user.closeModal();

		// The chat says the same, naming the server, with the way to let Obsidian in.
		await user.openChat();
		await user.ask("Hello?");
		const banner = page.locator(".assistant-chat-error");
		await banner.waitFor();
		await expect(banner.textContent()).resolves.toContain("LM Studio is running but refused requests");
		await expect(banner.textContent()).resolves.toContain("lms server start --cors");
		expectOnlyTheServer(session, refusing());
	});

	it("says which server did not answer, and where, when nothing runs at its address", async () => {
		// A port nothing listens on, on this machine.
		const { page, screenshot } = await open({ files: vaultWithServer("http://127.0.0.1:9") });
		const user = new User(page);
		await user.openChat();
		await user.ask("Hello?");
		const banner = page.locator(".assistant-chat-error");
		await banner.waitFor({ timeout: 20000 });
		await expect(banner.textContent()).resolves.toContain("Ollama did not answer at http://127.0.0.1:9.");
		await screenshot("chat-local-unreachable");
	});
});
