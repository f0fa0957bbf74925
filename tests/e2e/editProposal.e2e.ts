import { textReply, toolUseReply, useFakeAnthropic } from "../harness/fakeAnthropic";
import { FAKE_KEY, onboardedVault } from "./harness/onboardedVault";
import { useSandbox, type SessionOptions } from "./harness/sandboxSession";
import { User } from "./harness/userActions";

const open = useSandbox();
const fake = useFakeAnthropic();

const PATH = "Projects/Method notes.md";
const NOTE =
	"# Method notes\n\nWe slept a lot in the lab.\n\nEach nap was timed by hand.\n\nSample: n = 12 students.\n";
const EDITS = [
	{ find: "We slept a lot in the lab.", replace: "Participants napped for 20 minutes in the lab." },
	{ find: "n = 12 students", replace: "n = 24 students" },
];
const REASON = "Say what the naps were, and fix the sample size from the ethics form.";

/** The line (1-based) where `find` begins in the note, as the card numbers its hunks. */
const lineOf = (find: string) => NOTE.slice(0, NOTE.indexOf(find)).split("\n").length;

/**
 * A vault with the note to edit and a key. The heartbeat stays quiet: these scenarios run at the
 * machine's own time, and inside its active hours it would ask the model first and take the
 * replies scripted for the chat.
 */
function vault(): Record<string, string> {
	return { ...onboardedVault({ settings: { heartbeatEnabled: false } }), [PATH]: NOTE };
}

/** The model proposes the two edits with `note_edit`, then says that nothing is written yet. */
function scriptProposal(): void {
	fake().enqueue(
		toolUseReply("note_edit", { path: PATH, edits: EDITS, reason: REASON }),
		textReply("I proposed two changes to Method notes. Review them on the card: nothing is written until you apply."),
	);
}

async function proposed(options: Pick<SessionOptions, "theme" | "viewport"> = {}) {
	scriptProposal();
	const session = await open({ ...options, files: vault(), secrets: FAKE_KEY, anthropicBaseURL: fake().baseURL });
	const user = new User(session.page);
	// On a desktop the note is open beside the chat, as when a person asks about the note they read.
	if (options.viewport === undefined) await session.page.locator(`.nav-file-title[data-path="${PATH}"]`).click();
	await user.openChat();
	await user.ask("Tighten my method notes, and the sample is 24 now.");
	await user.waitForAnswer();
	const card = user.lastAnswer().locator(".assistant-edit-card");
	await card.waitFor();
	return { ...session, user, card };
}

describe("a proposed edit, reviewed on its card in the sandbox", () => {
	it("writes exactly the accepted hunk when the user applies, and Undo puts the note back", async () => {
		const { page, user, card, readFromDisk, screenshot } = await proposed();
		await expect(card.locator(".assistant-edit-card-note").textContent()).resolves.toBe("Method notes");
		await expect(card.locator(".assistant-edit-card-reason").textContent()).resolves.toBe(REASON);
		await expect(card.locator(".assistant-edit-hunk").count()).resolves.toBe(2);
		// Nothing is written on proposing.
		await expect(readFromDisk(PATH)).resolves.toBe(NOTE);

		await card.getByRole("button", { name: user.text("edit.reject-label", { line: lineOf(EDITS[0].find) }) }).click();
		await card.getByRole("button", { name: user.text("edit.accept-label", { line: lineOf(EDITS[1].find) }) }).click();
		const apply = card.getByRole("button", { name: user.text("edit.apply-label", { count: 1, total: 2 }) });
		await expect(apply.textContent()).resolves.toBe(user.text("edit.apply-count", { count: 1 }));
		await user.dismissNotices();
		await card.scrollIntoViewIfNeeded();
		await screenshot("edit-card-review");

		await apply.click();
		const status = card.locator(".assistant-edit-card-status");
		await status.filter({ hasText: user.text("edit.applied", { count: 1, note: "Method notes" }) }).waitFor();
		await expect(readFromDisk(PATH)).resolves.toBe(NOTE.replace(EDITS[1].find, EDITS[1].replace));
		await screenshot("edit-card-applied");

		await card.getByRole("button", { name: user.text("chat.undo") }).click();
		await card.locator(".assistant-chat-undo-status", { hasText: user.text("chat.undone", { path: PATH }) }).waitFor();
		await expect(readFromDisk(PATH)).resolves.toBe(NOTE);
		await expect(page.locator(".assistant-edit-card.is-undone").count()).resolves.toBe(1);
	});

	it("says the note changed since the proposal, writes nothing, and asks again against the note as it is now", async () => {
		const { page, user, card, untilOnDisk, readFromDisk, screenshot } = await proposed();
		// The user edits the note after the proposal was made.
		await page.getByRole("button", { name: "Current view: reading. Click to edit." }).click();
		const editor = page.getByRole("textbox", { name: "Note text" });
		await editor.press("Control+End");
		await editor.pressSequentially("Pilot in March.\n");
		const edited = await untilOnDisk(PATH, (text) => text.endsWith("Pilot in March.\n"));

		await user.press(card, user.text("edit.accept-all"));
		await card.getByRole("button", { name: user.text("edit.apply-label", { count: 2, total: 2 }) }).click();
		await card
			.locator(".assistant-edit-card-status", { hasText: user.text("edit.stale", { note: "Method notes" }) })
			.waitFor();
		await expect(readFromDisk(PATH)).resolves.toBe(edited);
		await screenshot("edit-card-stale");

		fake().enqueue(textReply("Here is the note as it is now; I will propose again."));
		await card.getByRole("button", { name: user.text("edit.ask-again-label", { path: PATH }) }).click();
		await user.waitForAnswer();
		await expect(page.locator(".assistant-chat-message.is-user").last().textContent()).resolves.toBe(
			user.text("edit.ask-again-message", { path: PATH }),
		);
	});

	it("attaches the editor's selection to the message from the command and the context menu", async () => {
		fake().enqueue(textReply("That line reads well as it is."), textReply("It names the sample."));
		const { page, screenshot } = await open({ files: vault(), secrets: FAKE_KEY, anthropicBaseURL: fake().baseURL });
		const user = new User(page);
		await page.locator(`.nav-file-title[data-path="${PATH}"]`).click();
		await page.getByRole("button", { name: "Current view: reading. Click to edit." }).click();
		const editor = page.getByRole("textbox", { name: "Note text" });
		const selected = "Sample: n = 12 students.";
		const from = NOTE.indexOf(selected);
		const select = () =>
			editor.evaluate(
				(el: HTMLTextAreaElement, [start, end]) => el.setSelectionRange(start, end),
				[from, from + selected.length],
			);
		await select();
		await user.runCommand(user.text("command.edit-selection"));
		const chip = page.locator(".assistant-chat-selection");
		await expect(chip.textContent()).resolves.toBe(
			user.text("selection.chip-line", { note: "Method notes", line: lineOf(selected) }),
		);
		const input = page.locator(".assistant-chat-input");
		await expect(input.inputValue()).resolves.toBe(user.text("selection.edit-prefill"));
		await screenshot("edit-selection-chip");
		await input.pressSequentially("is it clear?");
		await input.press("Enter");
		await user.waitForAnswer();
		await expect(chip.isVisible()).resolves.toBe(false);
		const sent = JSON.stringify(fake().messageBodies.at(-1));
		expect(sent).toContain(selected);

		await select();
		// A right-click on the selection: the browser's own click there could move the caret first.
		await editor.evaluate((el) => {
			const { left, top } = el.getBoundingClientRect();
			el.dispatchEvent(
				new MouseEvent("contextmenu", { bubbles: true, cancelable: true, clientX: left + 40, clientY: top + 40 }),
			);
		});
		await page.getByRole("menuitem", { name: user.text("command.ask-selection") }).click();
		await chip.waitFor();
		await user.ask("What does it say?");
		await user.waitForAnswer();
		expect(JSON.stringify(fake().messageBodies.at(-1))).toContain(selected);
	});

	it("fits a phone's width in the dark theme: nothing scrolls sideways, every button on screen", async () => {
		const viewport = { width: 390, height: 844 };
		const { page, user, card, screenshot } = await proposed({ viewport, theme: "dark" });
		await user.press(card, user.text("edit.accept-all"));
		await card.scrollIntoViewIfNeeded();
		await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(
			viewport.width,
		);
		const right = await card.evaluate((el) => el.getBoundingClientRect().right);
		expect(right).toBeLessThanOrEqual(viewport.width);
		const buttons = await card
			.locator("button")
			.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().right));
		expect(Math.max(...buttons)).toBeLessThanOrEqual(viewport.width);
		await user.dismissNotices();
		await screenshot("edit-card-phone-dark");
	});
});
