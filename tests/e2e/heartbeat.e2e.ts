import type { PluginState } from "../../src/core/workspace/data/state";
import { textReply, useFakeAnthropic } from "../harness/fakeAnthropic";
import { FAKE_KEY, onboardedVault, PLUGIN_DATA } from "./harness/onboardedVault";
import { useSandbox } from "./harness/sandboxSession";
import { User } from "./harness/userActions";

const open = useSandbox();
const fake = useFakeAnthropic();

/** A Sunday morning, inside the default active hours (08:00–22:00); the last heartbeat ran yesterday. */
const SUNDAY_MORNING = "2026-03-15T09:00:00Z";
const YESTERDAY = { state: { lastHeartbeatDate: "2026-03-14" } };

const savedState = (data: string) => (JSON.parse(data) as { state: PluginState }).state;
const modelRequests = () => fake().requests.filter((request) => request.url.startsWith("/v1/messages")).length;

describe("the heartbeat, in the sandbox", () => {
	it("speaks once when the vault opens within the active hours: in the chat pane, as a notice, in today's memory", async () => {
		const alert = "Reminder: call mom today, it is Sunday.";
		fake().enqueue(textReply(alert));
		const { page, screenshot, readFromDisk, reload } = await open({
			anthropicBaseURL: fake().baseURL,
			now: SUNDAY_MORNING,
			secrets: FAKE_KEY,
			files: onboardedVault(YESTERDAY),
		});
		const user = new User(page);

		// The chat pane was closed: it opens in the sidebar with the message, and the note keeps the focus.
		const message = page.locator(".assistant-chat-message.is-heartbeat");
		await message.waitFor();
		await expect(message.locator(".assistant-chat-body").textContent()).resolves.toBe(alert);
		await expect(
			page.locator(".notice", { hasText: user.text("heartbeat.notice", { text: alert }) }).count(),
		).resolves.toBe(1);
		await expect(page.evaluate(() => document.activeElement?.closest(".mod-right-split") != null)).resolves.toBe(false);
		await screenshot("heartbeat-message");
		await expect(readFromDisk("memory/daily/2026-03-15.md")).resolves.toMatch(/## Heartbeat[\s\S]*call mom today/);
		expect(modelRequests()).toBe(1);

		// Opening the vault again the same day asks nothing and shows nothing new.
		await reload();
		// The heartbeat decides at once when the layout is ready; half a second is ample for a request to leave.
		await page.waitForTimeout(500);
		expect(modelRequests()).toBe(1);
		await expect(page.locator(".assistant-chat-message.is-heartbeat").count()).resolves.toBe(0);
		await expect(page.locator(".notice").count()).resolves.toBe(0);
		expect(savedState(await readFromDisk(PLUGIN_DATA))).toMatchObject({
			lastHeartbeatDate: "2026-03-15",
			lastHeartbeatRun: { outcome: "spoke" },
		});
	});

	it("is silent when the model answers HEARTBEAT_OK: no chat pane, no notice, yet today's heartbeat is done", async () => {
		fake().enqueue(textReply("HEARTBEAT_OK"));
		const { page, screenshot, untilOnDisk } = await open({
			anthropicBaseURL: fake().baseURL,
			now: SUNDAY_MORNING,
			secrets: FAKE_KEY,
			files: onboardedVault(YESTERDAY),
		});

		const data = await untilOnDisk(PLUGIN_DATA, (text) => savedState(text).lastHeartbeatRun !== null);
		expect(savedState(data)).toMatchObject({
			lastHeartbeatDate: "2026-03-15",
			lastHeartbeatRun: { outcome: "silent" },
		});
		expect(modelRequests()).toBe(1);
		// The chat pane did not open: the right sidebar has no tab at all.
		await expect(page.locator(".mod-right-split .workspace-tab-header").count()).resolves.toBe(0);
		await expect(page.locator(".notice").count()).resolves.toBe(0);
		await screenshot("heartbeat-silent");
	});

	it("keeps quiet outside the active hours, and says why when asked to run now", async () => {
		const { page } = await open({
			anthropicBaseURL: fake().baseURL,
			now: "2026-03-15T23:00:00Z",
			secrets: FAKE_KEY,
			files: onboardedVault(YESTERDAY),
		});
		const user = new User(page);
		await user.runCommand(user.text("command.run-heartbeat"));
		await page.locator(".notice", { hasText: user.text("heartbeat.skipped.outside-active-hours") }).waitFor();
		expect(modelRequests()).toBe(0);
		await expect(page.locator(".assistant-chat-message.is-heartbeat").count()).resolves.toBe(0);
	});
});
