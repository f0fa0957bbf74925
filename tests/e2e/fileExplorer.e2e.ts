import { useSandbox } from "./harness/sandboxSession";
import { User } from "./harness/userActions";

const open = useSandbox();

/** Notes enough to make the example vault a large one. */
const ARCHIVE: Record<string, string> = Object.fromEntries(
	Array.from({ length: 1_000 }, (_, i) => [`Archive/Old note ${String(i).padStart(4, "0")}.md`, `Old note ${i}.`]),
);

describe("the sandbox's file explorer", () => {
	it("opens a large vault with its folders closed, draws a folder's notes when it is opened, and keeps it open as notes come", async () => {
		const { page } = await open({ files: ARCHIVE });
		const user = new User(page);
		const notes = page.locator('.nav-folder-title[data-path="Notes"]');
		await notes.waitFor();
		await expect(notes.getAttribute("aria-expanded")).resolves.toBe("false");
		// Nothing of the thousand archived notes is drawn while their folder is closed.
		await expect(page.locator('.nav-file-title[data-path^="Archive/"]').count()).resolves.toBe(0);

		await notes.click();
		const bm25 = page.locator('.nav-file-title[data-path="Notes/BM25 ranking.md"]');
		await bm25.click();
		await expect(page.locator(".nav-file-title.is-active").getAttribute("data-path")).resolves.toBe(
			"Notes/BM25 ranking.md",
		);
		// A note made meanwhile draws the explorer again: the folder opened stays open, the others closed.
		await user.runCommand(user.text("command.capture-to-inbox"));
		const form = user.modal(user.text("capture.title"));
		await page.keyboard.type("Call the archive");
		await user.row(form, user.text("capture.field.text")).locator("textarea").fill("Ask about the registers.");
		await user.press(form, user.text("capture.submit"));
		await page.locator(".notice", { hasText: user.text("capture.done") }).waitFor();
		await expect(page.locator('.nav-folder-title[data-path="Inbox"]').getAttribute("aria-expanded")).resolves.toBe(
			"false",
		);
		await expect(page.locator('.nav-file-title[data-path^="Inbox/"]').count()).resolves.toBe(0);
		await expect(bm25.isVisible()).resolves.toBe(true);
		await expect(page.locator('.nav-file-title[data-path^="Archive/"]').count()).resolves.toBe(0);
	});
});
