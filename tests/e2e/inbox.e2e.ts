import { useSandbox } from "./harness/sandboxSession";
import { User } from "./harness/userActions";

const open = useSandbox();

const MONDAY = "2026-03-16T10:00:00Z";

describe("the inbox, in the sandbox", () => {
	it("captures from the command palette: a new note in the inbox, linked from the notice", async () => {
		const { page, screenshot, readFromDisk } = await open({ now: MONDAY });
		const user = new User(page);
		await user.runCommand(user.text("command.capture-to-inbox"));
		const form = user.modal(user.text("capture.title"));
		// The title field has the focus: a person types at once.
		await page.keyboard.type("Call the archive");
		await user
			.row(form, user.text("capture.field.text"))
			.locator("textarea")
			.fill("Ask about the 1950s registers before Friday.");
		await user.row(form, user.text("capture.field.tags")).locator("input").fill("thesis, errand");
		await screenshot("capture-form");
		await user.press(form, user.text("capture.submit"));

		const path = "Inbox/2026-03-16 Call the archive.md";
		await page.locator(`.nav-file-title[data-path="${path}"]`).waitFor();
		const note = await readFromDisk(path);
		expect(note).toContain("Ask about the 1950s registers before Friday.");
		expect(note).toMatch(/tags:[\s\S]*thesis[\s\S]*errand/);
		const notice = page.locator(".notice", { hasText: user.text("capture.done") });
		await notice.locator("a.internal-link", { hasText: "2026-03-16 Call the archive" }).click();
		await page.locator(".view-header-title", { hasText: "2026-03-16 Call the archive" }).waitFor();
		const tags = page
			.locator(".metadata-property")
			.filter({ has: page.locator(".metadata-property-key", { hasText: "tags" }) });
		await expect(tags.locator(".metadata-property-value").textContent()).resolves.toBe("thesis, errand");
		await screenshot("capture-done");
	});

	it("organizes an inbox note: the preview shows the folder and why; Cancel leaves it where it was", async () => {
		const path = "Inbox/Nap study recruitment.md";
		const text =
			"# Nap study recruitment\n\nPosters for the 48 participants of [[Thesis - sleep and memory]], and a reminder to [[Dr. Lin]].\n";
		const { page, screenshot, readFromDisk } = await open({ now: MONDAY, files: { [path]: text } });
		const user = new User(page);
		await page.locator(`.nav-file-title[data-path="${path}"]`).click();
		await page.locator(".view-header-title", { hasText: "Nap study recruitment" }).waitFor();
		await user.runCommand(user.text("command.organize-current-note"));

		const preview = user.modal(user.text("organize.preview-title", { note: "Nap study recruitment" }));
		await expect(preview.locator(".assistant-organize-folder").textContent()).resolves.toBe(
			user.text("organize.suggested", { folder: "Projects", path: "Projects/Nap study recruitment.md" }),
		);
		await expect(preview.locator(".assistant-organize-reasons li").count()).resolves.toBeGreaterThan(0);
		await screenshot("organize-preview");
		await user.press(preview, user.text("modal.cancel"));

		await preview.waitFor({ state: "detached" });
		await expect(page.locator(`.nav-file-title[data-path="${path}"]`).count()).resolves.toBe(1);
		await expect(readFromDisk(path)).resolves.toBe(text);
		await expect(readFromDisk("Projects/Nap study recruitment.md")).rejects.toThrow();
	});
});
