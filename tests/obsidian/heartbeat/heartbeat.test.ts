/**
 * @jest-environment ./tests/harness/jsdomWithFetch.cjs
 */
import { Notice } from "../../../sandbox/obsidianApi";
import { loadPluginData } from "../../../src/core/workspace/data/load";
import { HEARTBEAT_CHECK_MS } from "../../../src/obsidian/heartbeat/registerHeartbeat";
import { openChat } from "../../../src/obsidian/chat/registerChat";
import { NoticeNotifier } from "../../../src/obsidian/noticeNotifier";
import { SettingsStore } from "../../../src/obsidian/settingsStore";
import { errorReply, textReply, useFakeAnthropic } from "../../harness/fakeAnthropic";
import { MemoryIndexStore } from "../../harness/memoryIndexStore";
import { command, loadPlugin, until } from "../pluginFixture";
import { heartbeatPlugin, resetHeartbeatTest, settle, TestClock } from "./heartbeatFixture";

jest.setTimeout(20_000);

const fake = useFakeAnthropic();

beforeEach(resetHeartbeatTest);
afterEach(() => jest.useRealTimers());

const messageRequests = () => fake().requests.filter((request) => request.url.startsWith("/v1/messages")).length;

describe("the heartbeat in Obsidian", () => {
	it("speaks when the vault opens inside the active hours: a message in the chat pane, a notice, today's daily memory", async () => {
		const clock = new TestClock(new Date("2026-03-15T09:00:00Z"));
		const { app, saved, heartbeatMessages } = await heartbeatPlugin(fake(), clock);
		fake().enqueue(textReply("Reminder: call mom today, it is Sunday. HEARTBEAT_OK"));
		app.workspace.triggerLayoutReady();
		await until(() => Notice.messages.length > 0, "the heartbeat's notice");
		expect(Notice.messages).toEqual(["Assistant: Reminder: call mom today, it is Sunday."]);
		// The chat pane was closed: it opened in the sidebar with the message.
		expect(heartbeatMessages()).toEqual(["Reminder: call mom today, it is Sunday."]);
		expect(await app.vault.adapter.read("memory/daily/2026-03-15.md")).toContain("## Heartbeat");
		expect(saved().state).toMatchObject({ lastHeartbeatDate: "2026-03-15", lastHeartbeatRun: { outcome: "spoke" } });
		// Never saved as a chat.
		expect(app.vault.getFiles().some((file) => file.path.startsWith("chats/"))).toBe(false);
	});

	it("stays quiet outside the active hours, and says why when asked to run now", async () => {
		const clock = new TestClock(new Date("2026-03-15T23:00:00Z"));
		const { app, mock, saved } = await heartbeatPlugin(fake(), clock);
		app.workspace.triggerLayoutReady();
		await settle();
		expect(messageRequests()).toBe(0);
		expect(Notice.messages).toEqual([]);
		command(mock, "run-heartbeat")();
		await until(() => Notice.messages.length > 0, "the command's answer");
		expect(Notice.messages).toEqual(["It is outside the heartbeat's active hours."]);
		expect(messageRequests()).toBe(0);
		expect(saved().state.lastHeartbeatDate).toBe("2026-03-14");
	});

	it("is silent on HEARTBEAT_OK: no notice, no chat pane, yet today's heartbeat is done", async () => {
		const clock = new TestClock(new Date("2026-03-15T09:00:00Z"));
		const { app, saved, heartbeatMessages } = await heartbeatPlugin(fake(), clock);
		fake().enqueue(textReply("**HEARTBEAT_OK**"));
		app.workspace.triggerLayoutReady();
		await until(() => saved().state.lastHeartbeatDate === "2026-03-15", "the heartbeat to complete");
		expect(messageRequests()).toBe(1);
		expect(Notice.messages).toEqual([]);
		expect(heartbeatMessages()).toEqual([]);
		expect(app.workspace.openLeaves).toHaveLength(0);
		expect(saved().state.lastHeartbeatRun?.outcome).toBe("silent");
	});

	it("catches midnight with its periodic look when the vault stays open", async () => {
		jest.useFakeTimers({
			doNotFake: [
				"Date",
				"hrtime",
				"nextTick",
				"performance",
				"queueMicrotask",
				"setImmediate",
				"clearImmediate",
				"setTimeout",
				"clearTimeout",
			],
		});
		const clock = new TestClock(new Date("2026-03-15T23:58:00Z"));
		const { app, saved } = await heartbeatPlugin(fake(), clock, {
			settings: { heartbeatActiveStart: "22:00", heartbeatActiveEnd: "08:00" },
			state: { lastHeartbeatDate: "2026-03-15" },
		});
		app.workspace.triggerLayoutReady();
		await settle();
		expect(messageRequests()).toBe(0);
		clock.set("2026-03-16T00:03:00Z");
		fake().enqueue(textReply("Your mom's birthday is in four days. HEARTBEAT_OK"));
		jest.advanceTimersByTime(HEARTBEAT_CHECK_MS);
		await until(() => Notice.messages.length > 0, "the heartbeat after midnight");
		expect(Notice.messages).toEqual(["Assistant: Your mom's birthday is in four days."]);
		expect(saved().state.lastHeartbeatDate).toBe("2026-03-16");
		// The next look the same night finds today's heartbeat done.
		jest.advanceTimersByTime(HEARTBEAT_CHECK_MS);
		await settle();
		expect(messageRequests()).toBe(1);
	});

	it("runs again on request the same day, and a notice tells of repeated failures once", async () => {
		const clock = new TestClock(new Date("2026-03-15T09:00:00Z"));
		const { app, mock, saved } = await heartbeatPlugin(fake(), clock, { state: { lastHeartbeatDate: "2026-03-15" } });
		app.workspace.triggerLayoutReady();
		await settle();
		expect(messageRequests()).toBe(0);
		for (let run = 1; run <= 3; run++) {
			fake().enqueue(errorReply(400, { message: "bad" }));
			command(mock, "run-heartbeat")();
			await until(() => saved().state.heartbeatFailures === run, `failure ${run}`);
		}
		await until(() => Notice.messages.length === 3, "three notices");
		expect(Notice.messages[2]).toBe("The heartbeat failed 3 times in a row. It will try again later today.");
		expect(Notice.messages[0]).toMatch(/^The heartbeat failed: /);
	});

	it("names the local server, not Anthropic, when the model on it fails a run the user asked for", async () => {
		const clock = new TestClock(new Date("2026-03-15T09:00:00Z"));
		const server = { modelProvider: "compatible" as const, serverBaseUrl: fake().baseURL, serverModel: "qwen3" };
		const { app, mock, saved } = await heartbeatPlugin(fake(), clock, {
			settings: server,
			state: { lastHeartbeatDate: "2026-03-15" },
		});
		app.workspace.triggerLayoutReady();
		await settle();
		fake().enqueue(errorReply(401, { message: "invalid key" }));
		command(mock, "run-heartbeat")();
		await until(() => saved().state.heartbeatFailures === 1, "the failure");
		await until(() => Notice.messages.length === 1, "the notice");
		expect(Notice.messages[0]).toMatch(/^The heartbeat failed: Ollama /);
		expect(Notice.messages[0]).not.toContain("Anthropic");
	});

	it("waits while a chat answer is streaming: the user comes first", async () => {
		const clock = new TestClock(new Date("2026-03-15T09:00:00Z"));
		const { app, plugin, mock } = await heartbeatPlugin(fake(), clock, { state: { lastHeartbeatDate: "2026-03-15" } });
		app.workspace.triggerLayoutReady();
		const view = await openChat(plugin);
		fake().enqueue(textReply("word ".repeat(60), { chunkSize: 5, delayMs: 10 }));
		const answering = view.send("Tell me about Atlas.");
		await until(() => view.busy, "the answer to start");
		command(mock, "run-heartbeat")();
		await until(() => Notice.messages.length > 0, "the command's answer");
		expect(Notice.messages).toEqual(["The heartbeat waits while a chat answer or another heartbeat is running."]);
		await answering;
		fake().enqueue(textReply("HEARTBEAT_OK"));
		command(mock, "run-heartbeat")();
		await until(() => Notice.messages.length > 1, "the second run");
		expect(Notice.messages[1]).toBe("The heartbeat ran: nothing needs your attention.");
	});

	it("does not fire on the first open after onboarding completed the same day", async () => {
		const clock = new TestClock(new Date("2026-03-15T09:00:00Z"));
		const first = await heartbeatPlugin(fake(), clock, {
			state: { onboardingComplete: false, lastHeartbeatDate: null },
		});
		first.app.workspace.triggerLayoutReady();
		await settle();
		// Onboarding completes this morning, recorded as the onboarding flow records it.
		const settingsStore = new SettingsStore(
			first.plugin,
			new NoticeNotifier(),
			clock,
			loadPluginData(first.saved()).data,
		);
		await settingsStore.updateState({ onboardingComplete: true });
		expect(first.saved().state).toMatchObject({ onboardingComplete: true, lastHeartbeatDate: "2026-03-15" });
		first.mock.unload();
		// The vault is opened again later that day: the heartbeat waits for tomorrow.
		clock.set("2026-03-15T15:00:00Z");
		await loadPlugin(first.app, new MemoryIndexStore(), fake().baseURL, clock);
		await settle();
		expect(messageRequests()).toBe(0);
		expect(Notice.messages).toEqual([]);
	});
});
