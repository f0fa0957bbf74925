import { textReply, useFakeAnthropic } from "../harness/fakeAnthropic";
import { FAKE_KEY, onboardedVault } from "./harness/onboardedVault";
import { useSandbox } from "./harness/sandboxSession";
import { User } from "./harness/userActions";

const open = useSandbox();
const fake = useFakeAnthropic();

const IDENTITY_FILES = ["soul.md", "user.md", "claude.md", "memory.md", "HEARTBEAT.md"];

describe("the settings rows and onboarding, in the sandbox", () => {
	it("the key and model rows agree before a secret exists, after adding one, and after Test connection", async () => {
		const { page, screenshot } = await open({ anthropicBaseURL: fake().baseURL });
		const user = new User(page);
		await user.openSettings();
		const keyRow = user.setting(user.text("settings.api-key.name"));
		// The model row, not the section's heading of the same name.
		const modelRow = user.setting(user.text("settings.model.name")).filter({ has: page.locator("select") });
		const connectionRow = user.setting(user.text("settings.connection.name"));

		// No secret yet: no name shows as chosen, and every row says there is no key.
		await expect(keyRow.getByLabel("Secret").inputValue()).resolves.toBe("");
		await expect(keyRow.locator(".assistant-api-key-status").textContent()).resolves.toBe(
			user.text("settings.api-key.none"),
		);
		await expect(modelRow.locator(".setting-item-description").textContent()).resolves.toBe(
			user.text("settings.model.no-key"),
		);
		await user.press(connectionRow, user.text("settings.connection.button"));
		await expect(connectionRow.locator(".setting-item-description").textContent()).resolves.toBe(
			user.text("settings.connection.no-key"),
		);
		await screenshot("settings-key-none");

		// Adding a secret picks it, is confirmed, and lists the models in place.
		await keyRow.getByRole("button", { name: "Add secret" }).click();
		await page.getByLabel("Secret value").fill("sk-ant-e2e-valid");
		await page.getByRole("button", { name: "Save", exact: true }).click();
		await page
			.locator(".notice", { hasText: user.text("settings.api-key.picked", { name: "anthropic-api-key" }) })
			.waitFor();
		await expect(keyRow.getByLabel("Secret").inputValue()).resolves.toBe("anthropic-api-key");
		await expect(keyRow.locator(".assistant-api-key-status").textContent()).resolves.toBe(
			user.text("settings.api-key.ready", { name: "anthropic-api-key" }),
		);
		await modelRow
			.locator(".setting-item-description", { hasText: user.text("settings.model.listed", { count: 3 }) })
			.waitFor();
		await expect(modelRow.locator("option").allTextContents()).resolves.toEqual(
			expect.arrayContaining(["Claude Opus 5.5", "Claude Haiku 5.5"]),
		);

		// Test connection asks again; what it finds is what the model list shows.
		fake().models = [...fake().models, { id: "claude-mini-5-6", display_name: "Claude Mini 5.6" }];
		await user.press(connectionRow, user.text("settings.connection.button"));
		await connectionRow.locator(".setting-item-description", { hasText: /^Connected: 4 models available/ }).waitFor();
		await modelRow
			.locator(".setting-item-description", { hasText: user.text("settings.model.listed", { count: 4 }) })
			.waitFor();
		await expect(modelRow.locator("option").allTextContents()).resolves.toContain("Claude Mini 5.6");
		await keyRow.scrollIntoViewIfNeeded();
		await screenshot("settings-key-ready");
	});

	it("the review shows each new file's text and the diff of an existing one; after Apply, Esc closes the settings; the form reopens on what was written", async () => {
		const { page, screenshot, readFromDisk } = await open({
			now: "2026-03-16T10:00:00Z",
			files: { "soul.md": "# Soul\n\nMy own words.\n" },
		});
		const user = new User(page);
		await user.openSettings();
		await user.press(
			user.setting(user.text("settings.onboarding.form.name")),
			user.text("settings.onboarding.form.button"),
		);
		const form = user.modal(user.text("onboarding.form.title"));
		await user.row(form, user.text("onboarding.question.name")).locator("input").fill("Mina");
		await user.row(form, user.text("onboarding.question.style")).locator("textarea").fill("Brief answers, in English.");
		await user.press(form, user.text("onboarding.form.review"));

		const review = user.modal(user.text("onboarding.review.title"));
		const file = (path: string) => review.locator(`.assistant-onboarding-file[data-path="${path}"]`);
		await expect(file("user.md").locator(".assistant-onboarding-preview").textContent()).resolves.toContain(
			"- Name: Mina",
		);
		for (const path of IDENTITY_FILES.filter((path) => path !== "soul.md"))
			await expect(file(path).locator(".assistant-onboarding-preview").count()).resolves.toBe(1);
		await expect(file("soul.md").locator(".assistant-chat-diff-line.is-removed").allTextContents()).resolves.toContain(
			"- My own words.",
		);
		await expect(file("soul.md").locator(".assistant-chat-diff-line.is-added").allTextContents()).resolves.toContain(
			"+ - Brief answers, in English.",
		);
		await screenshot("onboarding-review-content");
		const userText = await file("user.md").locator(".assistant-onboarding-preview").textContent();
		await user.press(review, user.text("onboarding.review.apply"));
		await page.locator(".notice", { hasText: user.text("onboarding.notice.done", { count: 4, kept: 1 }) }).waitFor();
		await expect(readFromDisk("user.md")).resolves.toBe(userText);

		// The settings are still open behind, and Esc closes them.
		await expect(review.count()).resolves.toBe(0);
		await expect(page.locator(".mod-settings").count()).resolves.toBe(1);
		await user.closeModal();
		await expect(page.locator(".mod-settings").count()).resolves.toBe(0);

		// Opened again, the form shows what onboarding wrote.
		await user.openSettings();
		await user.press(
			user.setting(user.text("settings.onboarding.form.name")),
			user.text("settings.onboarding.form.button"),
		);
		await expect(user.row(form, user.text("onboarding.question.name")).locator("input").inputValue()).resolves.toBe(
			"Mina",
		);
		await expect(user.row(form, user.text("onboarding.question.style")).locator("textarea").inputValue()).resolves.toBe(
			"",
		);
		await screenshot("onboarding-form-reopened");
	});

	it("onboarding by conversation closes the settings and shows the chat, which asks the first question", async () => {
		fake().enqueue(textReply("Hi! What should I call you, and what are you working on?"));
		const { page, screenshot } = await open({ anthropicBaseURL: fake().baseURL, secrets: FAKE_KEY });
		const user = new User(page);
		await user.openSettings();
		await user.press(
			user.setting(user.text("settings.onboarding.conversation.name")),
			user.text("settings.onboarding.conversation.button"),
		);
		await page.locator(".mod-settings").waitFor({ state: "detached" });
		await user.waitForAnswer();
		await expect(user.lastAnswer().textContent()).resolves.toContain("What should I call you");
		await expect(page.locator(".assistant-chat-input").isVisible()).resolves.toBe(true);
		await screenshot("onboarding-conversation-shown");
	});

	it("a change of language reaches the open chat, keeps the settings where they were scrolled, and says what follows after a restart", async () => {
		const { page, screenshot } = await open({ files: onboardedVault() });
		const user = new User(page);
		await user.openChat();
		await user.openSettings();
		const languageRow = user.setting(user.text("settings.language.name"));
		await languageRow.scrollIntoViewIfNeeded();
		const scroller = page.locator(".mod-settings .vertical-tab-content-container");
		const scrolledTo = await scroller.evaluate((el) => el.scrollTop);
		expect(scrolledTo).toBeGreaterThan(0);
		await languageRow.locator("select").selectOption("zh");
		user.language = "zh";
		await page.locator(".notice", { hasText: user.text("settings.language.restart") }).waitFor();
		await page
			.locator(".mod-settings .setting-item-heading", { hasText: user.text("settings.model.heading") })
			.waitFor();
		// As far down as before, as far as the shorter Chinese text allows: the language row is still in sight.
		await expect(
			scroller.evaluate(
				(el, before) => el.scrollTop === Math.min(before, el.scrollHeight - el.clientHeight),
				scrolledTo,
			),
		).resolves.toBe(true);
		await expect(user.setting(user.text("settings.language.name")).isVisible()).resolves.toBe(true);
		await screenshot("settings-language-switched");
		await user.closeModal();

		await expect(page.locator(".assistant-chat-send").textContent()).resolves.toBe(user.text("chat.send"));
		await expect(page.locator(".assistant-chat-input").getAttribute("placeholder")).resolves.toBe(
			user.text("chat.placeholder"),
		);
		await expect(page.locator(".assistant-chat-include-note").textContent()).resolves.toBe(
			user.text("chat.include-note"),
		);
		await screenshot("chat-language-switched");
	});
});

describe("at a phone's width (390×844)", () => {
	/** The elements of `within` whose right edge passes the window's, by their classes: what would make a person scroll sideways. */
	const overflowing = (page: import("playwright-core").Page, within: string) =>
		page.evaluate((selector) => {
			const width = document.documentElement.clientWidth;
			return Array.from(document.querySelectorAll(`${selector}, ${selector} *`))
				.filter((el) => el.getClientRects().length > 0 && el.getBoundingClientRect().right > width + 0.5)
				.map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
		}, within);

	it("the settings and the onboarding form fit the width, controls below their names, and both sidebars open", async () => {
		const { page, screenshot } = await open({ viewport: { width: 390, height: 844 } });
		const user = new User(page);
		await expect(page.locator("body.is-phone").count()).resolves.toBe(1);

		await page.getByRole("button", { name: "Toggle left sidebar" }).click();
		await page.locator(".mod-left-split .nav-file-title", { hasText: "Welcome" }).waitFor();
		await expect(overflowing(page, ".mod-left-split")).resolves.toEqual([]);
		await screenshot("phone-left-sidebar");
		// A tap on the note beside the drawer closes it.
		await page.mouse.click(380, 400);
		await expect(page.locator(".mod-left-split").isVisible()).resolves.toBe(false);

		await user.openChat();
		await expect(page.locator(".mod-right-split").isVisible()).resolves.toBe(true);
		await expect(overflowing(page, ".mod-right-split")).resolves.toEqual([]);
		await screenshot("phone-chat");

		await user.openSettings();
		await expect(overflowing(page, ".mod-settings")).resolves.toEqual([]);
		// Each row's control sits below its name, not squeezed beside it.
		const keyRow = user.setting(user.text("settings.api-key.name"));
		const nameBox = await keyRow.locator(".setting-item-info").boundingBox();
		const controlBox = await keyRow.locator(".setting-item-control").boundingBox();
		expect(controlBox!.y).toBeGreaterThanOrEqual(nameBox!.y + nameBox!.height - 1);
		await screenshot("phone-settings");
		await user.setting(user.text("settings.heartbeat.start.name")).scrollIntoViewIfNeeded();
		await screenshot("phone-settings-heartbeat");

		await user.press(
			user.setting(user.text("settings.onboarding.form.name")),
			user.text("settings.onboarding.form.button"),
		);
		await user.modal(user.text("onboarding.form.title")).waitFor();
		await expect(overflowing(page, ".modal-container:last-child")).resolves.toEqual([]);
		await screenshot("phone-onboarding-form");
	});

	it("the forms the commands open (capture, checkpoint) fit the width too, each control below its name", async () => {
		const { page, screenshot } = await open({ viewport: { width: 390, height: 844 } });
		const user = new User(page);
		for (const [command, shot] of [
			["command.capture-to-inbox", "phone-capture-form"],
			["command.save-checkpoint", "phone-checkpoint-form"],
		] as const) {
			await user.runCommand(user.text(command));
			const form = page.locator(".modal-container:last-child .modal");
			await form.locator(".setting-item").first().waitFor();
			await expect(overflowing(page, ".modal-container:last-child")).resolves.toEqual([]);
			const row = form.locator(".setting-item:not(.setting-item-heading)").first();
			const nameBox = await row.locator(".setting-item-info").boundingBox();
			const controlBox = await row.locator(".setting-item-control").boundingBox();
			expect(controlBox!.y).toBeGreaterThanOrEqual(nameBox!.y + nameBox!.height - 1);
			await screenshot(shot);
			await user.closeModal();
			await form.waitFor({ state: "detached" });
		}
	});
});
