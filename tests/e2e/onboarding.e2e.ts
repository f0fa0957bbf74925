import { PLUGIN_DATA } from "./harness/onboardedVault";
import { useSandbox } from "./harness/sandboxSession";
import { User } from "./harness/userActions";

const open = useSandbox();

const IDENTITY_FILES = ["soul.md", "user.md", "claude.md", "memory.md", "HEARTBEAT.md"];

describe("onboarding, in the sandbox", () => {
	it("by form: the answers are reviewed, then Apply writes the identity files (in the file list and on disk)", async () => {
		const { page, screenshot, readFromDisk } = await open({ now: "2026-03-16T10:00:00Z" });
		const user = new User(page);
		await user.openSettings();
		await expect(user.setting(user.text("settings.onboarding.status.name")).textContent()).resolves.toContain(
			user.text("settings.onboarding.not-complete"),
		);
		await user.press(
			user.setting(user.text("settings.onboarding.form.name")),
			user.text("settings.onboarding.form.button"),
		);

		const form = user.modal(user.text("onboarding.form.title"));
		await user.row(form, user.text("onboarding.question.name")).locator("input").fill("Mina");
		await user
			.row(form, user.text("onboarding.question.work"))
			.locator("textarea")
			.fill("A PhD on sleep and memory; the method chapter is due in April.");
		await user
			.row(form, user.text("onboarding.question.style"))
			.locator("textarea")
			.fill("Brief answers, in English. No emoji.");
		await screenshot("onboarding-form");
		await user.press(form, user.text("onboarding.form.review"));

		// Nothing is written before Apply: the review lists each file as new.
		const review = user.modal(user.text("onboarding.review.title"));
		await review.waitFor();
		await expect(form.count()).resolves.toBe(0);
		for (const path of IDENTITY_FILES) {
			const file = review.locator(`.assistant-onboarding-file[data-path="${path}"]`);
			await expect(file.textContent()).resolves.toContain(user.text("onboarding.review.state.new"));
		}
		await expect(page.locator('.nav-file-title[data-path="user.md"]').count()).resolves.toBe(0);
		await screenshot("onboarding-review");
		await user.press(review, user.text("onboarding.review.apply"));

		await page
			.locator(".notice", { hasText: user.text("onboarding.notice.done", { count: IDENTITY_FILES.length, kept: 0 }) })
			.waitFor();
		for (const path of IDENTITY_FILES) await page.locator(`.nav-file-title[data-path="${path}"]`).waitFor();
		await expect(readFromDisk("user.md")).resolves.toMatch(/Mina[\s\S]*sleep and memory/);
		await expect(readFromDisk("soul.md")).resolves.toContain("Brief answers");
		await expect(
			readFromDisk(PLUGIN_DATA).then(
				(data) => (JSON.parse(data) as { state: { onboardingComplete: boolean } }).state.onboardingComplete,
			),
		).resolves.toBe(true);
		// The settings stayed open behind the form and the review: they show the new status at once.
		await expect(user.setting(user.text("settings.onboarding.status.name")).textContent()).resolves.toContain(
			user.text("settings.onboarding.complete"),
		);
		await user.closeModal();
		await screenshot("onboarding-done");
	});
});
