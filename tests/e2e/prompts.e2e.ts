import { textReply, useFakeAnthropic } from "../harness/fakeAnthropic";
import { FAKE_KEY, onboardedVault } from "./harness/onboardedVault";
import { useSandbox } from "./harness/sandboxSession";
import { User } from "./harness/userActions";

const open = useSandbox();
const fake = useFakeAnthropic();

const NOTE = "# Kayak trip\n\nwe paddle the wye in may, if the water are high we wait.\n";

/**
 * An onboarded vault with three prompts, its heartbeat quiet (these scenarios run at the
 * machine's own time, and inside the active hours it would take the answer scripted for the chat).
 */
function promptVault(): Record<string, string> {
	return {
		...onboardedVault({ settings: { heartbeatEnabled: false } }),
		"Prompts/Improve writing.md":
			"---\ndescription: Clearer and shorter, below the selection\nmodel: claude-haiku-4-5\ninsert: cursor\n---\nRewrite this clearly:\n\n{{selection}}\n",
		"Prompts/Summarize.md": "---\ndescription: The open note in five points\n---\nSummarize:\n\n{{note}}\n",
		"Prompts/Plan my day.md": "---\ndescription: A short plan for today\n---\nToday is {{date}}. Plan my day.\n",
		"Notes/Kayak trip.md": NOTE,
	};
}

describe("prompts kept as notes, in the sandbox", () => {
	it("runs a prompt from the palette on its model: the answer in the chat and below the selection", async () => {
		const reply = "We paddle the Wye in May; if the water is high, we wait.";
		fake().enqueue(textReply(reply));
		const { page, screenshot, untilOnDisk } = await open({
			files: promptVault(),
			secrets: FAKE_KEY,
			anthropicBaseURL: fake().baseURL,
		});
		const user = new User(page);
		await page.locator('.nav-file-title[data-path="Notes/Kayak trip.md"]').click();
		await page.getByRole("button", { name: "Current view: reading. Click to edit." }).click();
		const editor = page.getByRole("textbox", { name: "Note text" });
		// The sentence, selected as a person selects a line.
		await editor.press("Control+End");
		await editor.press("ArrowUp");
		await editor.press("Home");
		await editor.press("Shift+End");

		await user.runCommand(user.text("command.run-prompt", { name: "Improve writing" }));
		await user.waitForAnswer();
		await expect(user.lastAnswer().locator(".assistant-chat-body").textContent()).resolves.toContain(reply);
		const userMessage = page.locator(".assistant-chat-message.is-user").last();
		await expect(userMessage.textContent()).resolves.toContain("/Improve writing");

		const body = fake().messageBodies[0] as { model: string; messages: { content: unknown }[] };
		expect(body.model).toBe("claude-haiku-4-5");
		const sent = JSON.stringify(body.messages.at(-1)?.content);
		expect(sent).toContain("Rewrite this clearly:");
		expect(sent).toContain("we paddle the wye in may, if the water are high we wait.");

		const inserted = NOTE.replace("we wait.\n", `we wait.\n\n${reply}\n`);
		await expect(editor.inputValue()).resolves.toBe(inserted);
		await untilOnDisk("Notes/Kayak trip.md", (text) => text === inserted);
		await user.dismissNotices();
		await screenshot("prompt-palette-insert");
	});

	it("suggests prompts after / in the composer; Enter picks one, and sending runs it", async () => {
		fake().enqueue(textReply("- A kayak trip on the Wye in May."));
		const { page, screenshot } = await open({
			files: promptVault(),
			secrets: FAKE_KEY,
			anthropicBaseURL: fake().baseURL,
		});
		const user = new User(page);
		await page.locator('.nav-file-title[data-path="Notes/Kayak trip.md"]').click();
		await user.openChat();
		const input = page.locator(".assistant-chat-input");
		await input.pressSequentially("/");
		const suggestions = page.locator(".assistant-chat-prompts .suggestion-item");
		await expect(suggestions.locator(".suggestion-title").allTextContents()).resolves.toEqual([
			"/Improve writing",
			"/Plan my day",
			"/Summarize",
		]);
		await expect(suggestions.locator(".suggestion-note").first().textContent()).resolves.toBe(
			"Clearer and shorter, below the selection",
		);
		await screenshot("prompt-suggest");

		await input.pressSequentially("sum");
		await expect(suggestions.count()).resolves.toBe(1);
		await input.press("Enter");
		await expect(input.inputValue()).resolves.toBe("/Summarize ");
		await input.pressSequentially("in one line");
		await input.press("Enter");
		await user.waitForAnswer();

		const body = fake().messageBodies[0] as { messages: { content: unknown }[] };
		const sent = JSON.stringify(body.messages.at(-1)?.content);
		expect(sent).toContain("Summarize:");
		expect(sent).toContain("Paddle".toLowerCase());
		expect(sent).toContain("in one line");
		const userMessage = page.locator(".assistant-chat-message.is-user").last();
		await expect(userMessage.locator("summary").textContent()).resolves.toBe(user.text("prompts.sent-text"));
	});

	it("picks a prompt from Run prompt…, each with its description, and fills in today", async () => {
		fake().enqueue(textReply("1. The method chapter."));
		const { page } = await open({
			files: promptVault(),
			secrets: FAKE_KEY,
			anthropicBaseURL: fake().baseURL,
			now: "2026-03-16T10:00:00Z",
		});
		const user = new User(page);
		const picker = page.locator(".modal.prompt:not(.mod-command-palette)");
		await user.runCommand(user.text("command.run-prompt-pick"));
		await expect(picker.locator(".suggestion-item").count()).resolves.toBe(3);
		await expect(picker.locator(".prompt-input").getAttribute("placeholder")).resolves.toBe(
			user.text("prompts.pick.placeholder"),
		);
		await picker.locator(".prompt-input").fill("plan");
		await expect(picker.locator(".suggestion-item .suggestion-note").first().textContent()).resolves.toBe(
			"A short plan for today",
		);
		await picker.locator(".prompt-input").press("Enter");
		await user.waitForAnswer();
		const body = fake().messageBodies[0] as { messages: { content: unknown }[] };
		expect(JSON.stringify(body.messages.at(-1)?.content)).toContain("Today is 2026-03-16. Plan my day.");
	});
});
