import { PLUGIN_DATA } from "./harness/onboardedVault";
import { useSandbox } from "./harness/sandboxSession";
import { User } from "./harness/userActions";

const open = useSandbox();

describe("the settings, in the sandbox", () => {
	it("switches the interface to Chinese: the tab redraws, and the chat speaks Chinese", async () => {
		const { page, screenshot } = await open();
		const user = new User(page);
		await user.openSettings();
		await user.setting(user.text("settings.language.name")).locator("select").selectOption("zh");
		user.language = "zh";
		await page
			.locator(".mod-settings .setting-item-heading", { hasText: user.text("settings.model.heading") })
			.waitFor();
		await expect(user.setting(user.text("settings.language.name")).count()).resolves.toBe(1);
		await screenshot("settings-chinese");
		await user.closeModal();

		await user.openChat();
		await user.ask("番茄工作法的规则是什么？");
		await user.waitForAnswer();
		await expect(user.lastAnswer().textContent()).resolves.toContain(user.text("offline.answer.matches"));
		await expect(
			user.lastAnswer().locator("a.internal-link", { hasText: "番茄工作法" }).count(),
		).resolves.toBeGreaterThan(0);
		// Pictured as a person reads it: the notice about the language clicked away, the answer from its first line.
		await user.dismissNotices();
		await user.lastAnswer().evaluate((el) => el.scrollIntoView({ block: "start" }));
		await screenshot("chat-chinese");
	});

	it("refuses an active-hours time that is not one (25:00) with a message, and keeps the saved time", async () => {
		const { page, screenshot, readFromDisk, untilOnDisk } = await open();
		const user = new User(page);
		await user.openSettings();
		const start = user.setting(user.text("settings.heartbeat.start.name"));
		const input = start.locator("input");
		await input.fill("07:30");
		const savedStart = (data: string) =>
			(JSON.parse(data) as { settings: { heartbeatActiveStart: string } }).settings.heartbeatActiveStart;
		await untilOnDisk(PLUGIN_DATA, (data) => savedStart(data) === "07:30");

		await input.fill("25:00");
		const message = start.locator(".setting-item-validation");
		await expect(message.textContent()).resolves.toBe(user.text("heartbeat.hours.invalid-time", { value: "25:00" }));
		await expect(message.isVisible()).resolves.toBe(true);
		await expect(input.getAttribute("aria-invalid")).resolves.toBe("true");
		await start.evaluate((row) => row.scrollIntoView({ block: "center" }));
		await screenshot("settings-invalid-hours");
		await expect(readFromDisk(PLUGIN_DATA).then(savedStart)).resolves.toBe("07:30");

		// Opened again, the settings show the time that was saved.
		await user.closeModal();
		await user.openSettings();
		await expect(user.setting(user.text("settings.heartbeat.start.name")).locator("input").inputValue()).resolves.toBe(
			"07:30",
		);
		await expect(
			user.setting(user.text("settings.heartbeat.start.name")).locator(".setting-item-validation").isVisible(),
		).resolves.toBe(false);
	});
});
