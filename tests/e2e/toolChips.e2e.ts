import { useSandbox } from "./harness/sandboxSession";
import { User } from "./harness/userActions";

const open = useSandbox();

/** The note a location link names: its text up to the line, `Projects/Thesis.md, line 12 · Status` → `Thesis`. */
function noteTitleOf(linkText: string): string {
	const path = linkText.split(", line")[0];
	return (path.split("/").pop() ?? path).replace(/\.md$/, "");
}

describe("tool chips, in the sandbox", () => {
	it("a search chip lists the notes found, each opens the note, and a reopened chat lists them again", async () => {
		const { page, screenshot } = await open();
		const user = new User(page);
		await user.openChat();
		await user.ask("What does Dr. Lin want from the method chapter?");
		await user.waitForAnswer();
		const chip = user.lastAnswer().locator(".assistant-chat-chip").first();
		await chip.locator("summary").click();
		await chip.locator(".assistant-chat-chip-heading", { hasText: user.text("chip.locations.found") }).waitFor();
		const locations = chip.locator(".assistant-chat-chip-location");
		const found = await locations.allTextContents();
		expect(found.length).toBeGreaterThan(0);
		await screenshot("chat-chip-locations");

		await locations.first().click();
		await page.locator(".view-header-title", { hasText: noteTitleOf(found[0]) }).waitFor();

		await page.locator('.view-action[data-icon="history"]').click();
		await page.locator(".prompt .suggestion-item").first().click();
		await user.lastAnswer().waitFor();
		const reopened = user.lastAnswer().locator(".assistant-chat-chip").first();
		await reopened.locator("summary").click();
		await expect(reopened.locator(".assistant-chat-chip-location").allTextContents()).resolves.toEqual(found);
	});
});
