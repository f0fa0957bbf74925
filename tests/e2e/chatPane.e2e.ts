import { textReply, useFakeAnthropic } from "../harness/fakeAnthropic";
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

/**
 * An onboarded vault whose heartbeat stays quiet: these scenarios run at the machine's own time,
 * and inside the heartbeat's active hours it would ask the model first and take the answer
 * scripted for the chat.
 */
function chatVault(): Record<string, string> {
	return onboardedVault({ settings: { heartbeatEnabled: false } });
}

describe("the chat pane, in the sandbox", () => {
	it("welcomes a newcomer with the next steps: set up the assistant, add a key or stay offline, and three questions from their own notes", async () => {
		const { page, screenshot } = await open({ files: RECENT_NOTES });
		const user = new User(page);
		await user.openChat();
		const welcome = page.locator(".assistant-chat-empty");
		await welcome.getByRole("button", { name: user.text("chat.welcome.setup") }).waitFor();
		await expect(
			welcome.getByRole("button", { name: user.text("chat.welcome.add-key") }).getAttribute("title"),
		).resolves.toBe(user.text("chat.welcome.add-key-tooltip"));
		// The questions come a task after the pane.
		await welcome.locator(".assistant-chat-welcome-question").first().waitFor();
		const questions = await welcome.locator(".assistant-chat-welcome-question").allTextContents();
		// The newest notes, a daily note by its heading; never a private note (Private/Health.md).
		expect([...questions].sort()).toEqual(
			["Call with Dr. Lin", "Grant proposal", "Kayak trip"]
				.map((topic) => user.text("chat.welcome.question", { topic }))
				.sort(),
		);
		await screenshot("chat-welcome");

		// Add a key: the settings open at the plugin's tab, the model rows first.
		await user.press(welcome, user.text("chat.welcome.add-key"));
		await page
			.locator(".mod-settings .setting-item-name", { hasText: user.text("settings.model.name") })
			.first()
			.waitFor();
		await user.closeModal();

		// Stay offline: the choice goes and the chat says it answers from the notes. The welcome is
		// drawn again for the new setting, and its questions stay on screen meanwhile.
		await page.evaluate(() => {
			const seen = window as unknown as { questionsGone: boolean };
			seen.questionsGone = false;
			document.querySelector(".assistant-chat-empty")?.setAttribute("data-drawn-before", "");
			new MutationObserver(() => {
				if (document.querySelector(".assistant-chat-welcome-question") === null) seen.questionsGone = true;
			}).observe(document.body, { childList: true, subtree: true });
		});
		await user.press(welcome, user.text("chat.welcome.stay-offline"));
		await expect(welcome.locator(".assistant-chat-welcome-key").count()).resolves.toBe(0);
		await page
			.locator(".assistant-chat-empty:not([data-drawn-before]) .assistant-chat-welcome-question")
			.first()
			.waitFor();
		await expect(page.evaluate(() => (window as unknown as { questionsGone: boolean }).questionsGone)).resolves.toBe(
			false,
		);

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
		await expect(page.locator(".notice").allTextContents()).resolves.toContain(
			user.text("onboarding.notice.needs-key"),
		);
	});

	it("once the assistant is set up and has a key, the welcome offers only the questions", async () => {
		const { page } = await open({
			files: { ...chatVault(), ...RECENT_NOTES },
			secrets: FAKE_KEY,
			anthropicBaseURL: fake().baseURL,
		});
		const user = new User(page);
		await user.openChat();
		const welcome = page.locator(".assistant-chat-empty");
		await welcome.locator(".assistant-chat-welcome-question").first().waitFor();
		await expect(welcome.locator(".assistant-chat-welcome-setup, .assistant-chat-welcome-key").count()).resolves.toBe(
			0,
		);
		await expect(welcome.locator(".assistant-chat-welcome-question").count()).resolves.toBe(3);
	});

	it("inserts an answer at the cursor of the note being edited, and Ctrl+Z there takes it back", async () => {
		const reply = "Pack a dry bag, a spare paddle and the tide table.";
		fake().enqueue(textReply(reply));
		const { page, screenshot, untilOnDisk } = await open({
			files: { ...chatVault(), ...RECENT_NOTES },
			secrets: FAKE_KEY,
			anthropicBaseURL: fake().baseURL,
		});
		const user = new User(page);
		await page.locator('.nav-file-title[data-path="Notes/Kayak trip.md"]').click();
		await page.getByRole("button", { name: "Current view: reading. Click to edit." }).click();
		const editor = page.getByRole("textbox", { name: "Note text" });
		await editor.press("Control+End");
		await user.openChat();
		await user.ask("What should I pack for the kayak trip?");
		await user.waitForAnswer();

		const insert = user.lastAnswer().getByRole("button", { name: user.text("chat.insert") });
		await expect(insert.getAttribute("title")).resolves.toBe(user.text("chat.insert-tooltip"));
		await insert.click();
		await expect(editor.inputValue()).resolves.toBe(`${RECENT_NOTES["Notes/Kayak trip.md"]}${reply}`);
		await untilOnDisk("Notes/Kayak trip.md", (text) => text.endsWith(reply));
		await screenshot("chat-insert-at-cursor");

		await editor.press("Control+z");
		await expect(editor.inputValue()).resolves.toBe(RECENT_NOTES["Notes/Kayak trip.md"]);
		await untilOnDisk("Notes/Kayak trip.md", (text) => text === RECENT_NOTES["Notes/Kayak trip.md"]);
	});

	it("saves an answer as a new note named after the question, in Obsidian's folder for new notes, recorded in the change log", async () => {
		const reply = "The method chapter is due on Friday, as [[Dr. Lin]] asked.";
		fake().enqueue(textReply(reply));
		const { page, screenshot, readFromDisk } = await open({
			files: chatVault(),
			secrets: FAKE_KEY,
			anthropicBaseURL: fake().baseURL,
		});
		const user = new User(page);
		await user.openChat();
		await user.ask("When is the method chapter due?");
		await user.waitForAnswer();
		await user
			.lastAnswer()
			.getByRole("button", { name: user.text("chat.save-note") })
			.click();

		// The example vault puts new notes in Notes/ (its app.json).
		const saved = page.locator('.nav-file-title[data-path="Notes/When is the method chapter due.md"]');
		await saved.waitFor();
		await expect(
			page.locator(".notice", { hasText: user.text("chat.save-note.done") }).textContent(),
		).resolves.toContain("When is the method chapter due");
		await expect(readFromDisk("Notes/When is the method chapter due.md")).resolves.toBe(`${reply}\n`);
		const audit = await page.evaluate(() =>
			(
				window as unknown as { sandbox: { app: { vault: { adapter: { hidden: Map<string, string> } } } } }
			).sandbox.app.vault.adapter.hidden.get(".obsidian/plugins/assistant-workspace/audit.jsonl"),
		);
		expect(audit).toContain('"action":"create","path":"Notes/When is the method chapter due.md"');
		await screenshot("chat-saved-as-note");

		// Asked again and saved again: a second note beside the first, never over it.
		fake().enqueue(textReply("Friday."));
		await user.press(user.lastAnswer(), user.text("chat.retry"));
		await user.waitForAnswer();
		await user
			.lastAnswer()
			.getByRole("button", { name: user.text("chat.save-note") })
			.click();
		const second = page.locator('.nav-file-title[data-path="Notes/When is the method chapter due 2.md"]');
		await second.waitFor();
		await expect(readFromDisk("Notes/When is the method chapter due.md")).resolves.toBe(`${reply}\n`);

		// Undo in the notice: the second note goes to the trash, the first stays.
		await page
			.locator(".notice", { hasText: "When is the method chapter due 2" })
			.getByRole("button", { name: user.text("chat.undo") })
			.click();
		await second.waitFor({ state: "detached" });
		await page
			.locator(".notice", { hasText: user.text("chat.save-note.undone", { note: "When is the method chapter due 2" }) })
			.waitFor();
		await expect(saved.count()).resolves.toBe(1);
	});

	it("a stopped answer still shows its tokens and cost, estimated, and says it was stopped", async () => {
		const long = "Spaced repetition schedules reviews at growing intervals. ".repeat(30);
		fake().enqueue(textReply(long, { chunkSize: 4, delayMs: 20, usage: { input_tokens: 1800, output_tokens: 900 } }));
		const { page, screenshot } = await open({
			files: chatVault(),
			secrets: FAKE_KEY,
			anthropicBaseURL: fake().baseURL,
		});
		const user = new User(page);
		await user.openChat();
		await user.ask("Explain spaced repetition at length.");
		await page.waitForFunction(
			() => (document.querySelector(".is-streaming .assistant-chat-body")?.textContent ?? "").length > 40,
		);
		await page.locator(".assistant-chat-send", { hasText: user.text("chat.stop") }).click();
		await user.waitForAnswer();

		const footer = user.lastAnswer().locator(".assistant-chat-footer");
		await expect(footer.locator(".assistant-chat-stopped").textContent()).resolves.toBe(user.text("chat.stopped"));
		const usage = footer.locator(".assistant-chat-usage.is-estimated");
		const label = (await usage.textContent()) ?? "";
		// The input as the API counted it at the start, and some output: more than 1,800, far less than the 2,700 of the whole answer.
		const match = /^About ([\d,]+) tokens \(estimated\), about \$(\d+\.\d{4})$/.exec(label);
		expect(match).not.toBeNull();
		const tokens = Number(match?.[1].replace(/,/g, ""));
		expect(tokens).toBeGreaterThan(1800);
		expect(tokens).toBeLessThan(2700);
		expect(Number(match?.[2])).toBeGreaterThan(0);
		await expect(usage.getAttribute("title")).resolves.toBe(user.text("chat.usage-estimated-tooltip"));
		await screenshot("chat-stopped-with-tokens");
	});

	it("after a switch of the assistant folder, a chat of the old folder says so and offers a new chat in the new one", async () => {
		fake().enqueue(textReply("The thesis is due in March."), textReply("A new chat, in the new folder."));
		const { page, screenshot } = await open({
			files: chatVault(),
			secrets: FAKE_KEY,
			anthropicBaseURL: fake().baseURL,
		});
		const user = new User(page);
		await user.openChat();
		await user.ask("When is the thesis due?");
		await user.waitForAnswer();
		await page.locator('.nav-file-title[data-path^="chats/"]').waitFor();
		const stale = page.locator(".assistant-chat-stale");
		await expect(stale.isVisible()).resolves.toBe(false);

		await user.openSettings();
		await user.setting(user.text("settings.folder.name")).locator("input").fill("Work");
		await user.press(user.setting(user.text("settings.switch.name")), user.text("settings.switch.button"));
		await user.press(
			user.modal(user.text("folder-switch.title", { folder: "Work" })),
			user.text("folder-switch.choose.initialize"),
		);
		await page.locator(".notice", { hasText: user.text("folder-switch.switched", { folder: "Work" }) }).waitFor();
		await page.locator(".mod-settings .modal-close-button").click();

		await stale.waitFor();
		await expect(stale.textContent()).resolves.toContain(user.text("chat.stale", { old: "/", current: "Work" }));
		await screenshot("chat-stale-after-folder-switch");
		await user.press(stale, user.text("chat.stale.new-chat"));
		await expect(stale.isVisible()).resolves.toBe(false);
		await page.locator(".assistant-chat-empty").waitFor();

		await user.ask("Hello again");
		await user.waitForAnswer();
		await page.locator('.nav-file-title[data-path^="Work/chats/"]').waitFor();
		await expect(stale.isVisible()).resolves.toBe(false);
	});

	it("opens a chat in a new tab beside the note, from the pane's menu and from the palette; two chats run side by side, each its own", async () => {
		fake().enqueue(textReply("The sidebar's answer about zebras."), textReply("The tab's answer about kayaks."));
		const { page, screenshot } = await open({
			files: chatVault(),
			secrets: FAKE_KEY,
			anthropicBaseURL: fake().baseURL,
		});
		const user = new User(page);
		await user.openChat();
		const sidebar = page.locator(".mod-right-split .assistant-chat");
		await sidebar.locator(".assistant-chat-input").fill("When do zebras migrate?");
		await sidebar.locator(".assistant-chat-input").press("Enter");
		await sidebar.locator(".assistant-chat-message.is-assistant:not(.is-streaming)").waitFor();

		await page
			.locator('.mod-right-split [data-type="assistant-workspace-chat"] .view-action[aria-label="More options"]')
			.click();
		await page.getByRole("menuitem", { name: user.text("command.new-chat-in-tab") }).click();
		const tabs = page.locator(".mod-main-tabs .workspace-tab-header");
		await expect(tabs.count()).resolves.toBe(2);
		await expect(tabs.nth(1).getAttribute("class")).resolves.toContain("is-active");
		const tab = page.locator(".mod-root .assistant-chat");
		await tab.locator(".assistant-chat-empty").waitFor();
		// The new chat is empty: the sidebar's conversation stays in the sidebar.
		await expect(tab.locator(".assistant-chat-message").count()).resolves.toBe(0);

		await tab.locator(".assistant-chat-input").fill("Where shall we paddle?");
		await tab.locator(".assistant-chat-input").press("Enter");
		await tab.locator(".assistant-chat-message.is-assistant:not(.is-streaming)").waitFor();
		await expect(tab.locator(".assistant-chat-message").allTextContents()).resolves.toEqual([
			"Where shall we paddle?",
			expect.stringContaining("The tab's answer about kayaks.") as string,
		]);
		await expect(sidebar.locator(".assistant-chat-message.is-user").allTextContents()).resolves.toEqual([
			"When do zebras migrate?",
		]);
		// Each chat sent its own conversation: the tab's request holds none of the sidebar's.
		const bodies = fake().messageBodies as { messages: { content: unknown }[] }[];
		expect(JSON.stringify(bodies[1].messages)).not.toContain("zebras");
		await screenshot("chat-in-new-tab");

		await user.runCommand(user.text("command.new-chat-in-tab"));
		await expect(tabs.count()).resolves.toBe(3);
		// Back to the note: its tab shows it again.
		await tabs.first().click();
		await expect(page.locator(".mod-root > .workspace-leaf-content[data-type=markdown]").isVisible()).resolves.toBe(
			true,
		);
	});
});
