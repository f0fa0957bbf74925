import { useFakeAnthropic } from "../harness/fakeAnthropic";
import { FAKE_KEY, onboardedVault } from "./harness/onboardedVault";
import { useSandbox } from "./harness/sandboxSession";
import { User } from "./harness/userActions";

const open = useSandbox();
const fake = useFakeAnthropic();

/** Notes the user wrote last, so that they are the newest of the vault. */
const RECENT_NOTES = {
	"Projects/Grant proposal.md": "# Grant proposal\n\nDue to the foundation on Friday.\n",
	"Notes/Kayak trip.md": "# Kayak trip\n\nPaddle the Wye in May.\n",
	"Journal/2026-11-30.md": "# Call with Dr. Lin\n\nShe wants the method chapter by Friday.\n",
};

describe("the chat pane, in the sandbox", () => {
	it("welcomes a newcomer with the next steps: set up the assistant, add a key or stay offline, and three questions from their own notes", async () => {
		const { page, screenshot } = await open({ files: RECENT_NOTES });
		const user = new User(page);
		await user.openChat();
		const welcome = page.locator(".assistant-chat-empty");
		await welcome.getByRole("button", { name: user.text("chat.welcome.setup") }).waitFor();
		await expect(welcome.getByRole("button", { name: user.text("chat.welcome.add-key") }).getAttribute("title")).resolves.toBe(user.text("chat.welcome.add-key-tooltip"));
		const questions = await welcome.locator(".assistant-chat-welcome-question").allTextContents();
		// The newest notes, a daily note by its heading; never a private note (Private/Health.md).
		expect([...questions].sort()).toEqual(
			["Call with Dr. Lin", "Grant proposal", "Kayak trip"].map((topic) => user.text("chat.welcome.question", { topic })).sort(),
		);
		await screenshot("chat-welcome");

		// Add a key: the settings open at the plugin's tab, the model rows first.
		await user.press(welcome, user.text("chat.welcome.add-key"));
		await page.locator(".mod-settings .setting-item-name", { hasText: user.text("settings.model.name") }).first().waitFor();
		await user.closeModal();

		// Stay offline: the choice goes and the chat says it answers from the notes.
		await user.press(welcome, user.text("chat.welcome.stay-offline"));
		await expect(welcome.locator(".assistant-chat-welcome-key").count()).resolves.toBe(0);

		// A question asks itself.
		const question = user.text("chat.welcome.question", { topic: "Kayak trip" });
		await user.press(welcome, question);
		await user.waitForAnswer();
		await expect(page.locator(".assistant-chat-message.is-user").last().textContent()).resolves.toBe(question);
		await expect(user.lastAnswer().textContent()).resolves.toContain("Kayak trip");
	});

	it("sets the assistant up from the welcome: onboarding starts (the form, with no key)", async () => {
		const { page } = await open();
		const user = new User(page);
		await user.openChat();
		await user.press(page.locator(".assistant-chat-empty"), user.text("chat.welcome.setup"));
		await user.modal(user.text("onboarding.form.title")).waitFor();
		await expect(page.locator(".notice").allTextContents()).resolves.toContain(user.text("onboarding.notice.needs-key"));
	});

	it("once the assistant is set up and has a key, the welcome offers only the questions", async () => {
		const { page } = await open({ files: { ...onboardedVault(), ...RECENT_NOTES }, secrets: FAKE_KEY, anthropicBaseURL: fake().baseURL });
		const user = new User(page);
		await user.openChat();
		const welcome = page.locator(".assistant-chat-empty");
		await welcome.locator(".assistant-chat-welcome-question").first().waitFor();
		await expect(welcome.locator(".assistant-chat-welcome-setup, .assistant-chat-welcome-key").count()).resolves.toBe(0);
		await expect(welcome.locator(".assistant-chat-welcome-question").count()).resolves.toBe(3);
	});
});
