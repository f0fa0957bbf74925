/**
 * @jest-environment ./tests/harness/jsdomWithFetch.cjs
 */
import { App, asObsidianApp, Modal, Notice, setLanguageForTests } from "../../../sandbox/obsidianApi";
import { defaultPluginData, type PluginData } from "../../../src/core/workspace/data/pluginData";
import { setLanguage } from "../../../src/i18n";
import { openChat } from "../../../src/obsidian/chat/registerChat";
import { NoticeNotifier } from "../../../src/obsidian/noticeNotifier";
import { createOnboardingActions } from "../../../src/obsidian/onboarding/onboardingActions";
import { DEFAULT_API_KEY_SECRET } from "../../../src/core/workspace/data/settings";
import { SettingsStore } from "../../../src/obsidian/settingsStore";
import { textReply, useFakeAnthropic } from "../../harness/fakeAnthropic";
import { MemoryIndexStore } from "../../harness/memoryIndexStore";
import { MemoryVault } from "../../../headless/inMemory/memoryVault";
import { loadPlugin, until } from "../pluginFixture";

jest.setTimeout(20_000);

const fake = useFakeAnthropic();
const DATA = ".obsidian/plugins/assistant-workspace/data.json";
const TODAY = "2026-03-05";
const MY_SOUL = "# Soul\n\nI am terse.\nMy own words, kept as they are.\n";

beforeEach(() => {
	setLanguageForTests("en");
	setLanguage("en");
	document.body.empty();
	Notice.messages.length = 0;
});

/** The plugin on a vault of `files` (its chat talking to the fake server), and the onboarding actions over it. */
async function onboardingOn(files: Record<string, string>, data: PluginData = defaultPluginData()) {
	const app = new App(new MemoryVault({ files }));
	app.vault.adapter.hidden.set(DATA, JSON.stringify(data));
	app.secretStorage.setSecret(DEFAULT_API_KEY_SECRET, "test");
	const { plugin } = await loadPlugin(app, new MemoryIndexStore(), fake().baseURL);
	app.workspace.triggerLayoutReady();
	const settingsStore = new SettingsStore(
		plugin,
		new NoticeNotifier(),
		{ now: () => new Date(`${TODAY}T10:00:00`) },
		data,
	);
	const actions = createOnboardingActions({
		app: asObsidianApp(app),
		settingsStore,
		clock: { now: () => new Date(`${TODAY}T10:00:00`) },
		openChat: () => openChat(plugin),
	});
	const read = (path: string) => app.vault.adapter.read(path);
	return { app, plugin, settingsStore, actions, read };
}

/** The open modal whose title is `title`. */
async function modalTitled(title: string): Promise<HTMLElement> {
	const find = () =>
		Array.from(document.querySelectorAll<HTMLElement>(".modal")).find(
			(modal) => modal.querySelector(".modal-title")?.textContent === title,
		);
	await until(() => find() !== undefined, `the modal "${title}"`);
	return find() as HTMLElement;
}

function type(modal: HTMLElement, answer: string, value: string): void {
	const input = modal.querySelector<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
		`[data-answer="${answer}"]`,
	);
	if (input === null) throw new Error(`no field ${answer}`);
	input.value = value;
	input.dispatchEvent(new Event(input instanceof HTMLSelectElement ? "change" : "input"));
}

function click(modal: HTMLElement, text: string): void {
	const button = Array.from(modal.querySelectorAll("button")).find((candidate) => candidate.textContent === text);
	if (button === undefined) throw new Error(`no button ${text}`);
	button.click();
}

/** Each file of the review: its path, what the review says of it, and its diff lines. */
function reviewed(modal: HTMLElement) {
	return Array.from(modal.querySelectorAll<HTMLElement>(".assistant-onboarding-file")).map((file) => ({
		path: file.getAttribute("data-path"),
		state: file.querySelector(".setting-item-description")?.textContent,
		diff: Array.from(file.querySelectorAll(".assistant-chat-diff-line")).map((line) => line.textContent),
		text: file.querySelector(".assistant-onboarding-preview")?.textContent,
		choice: file.querySelector("select")?.value,
	}));
}

async function applyReview(): Promise<void> {
	click(await modalTitled("Review your assistant's files"), "Apply");
	await until(
		() => Notice.messages.some((message) => message.startsWith("Onboarding complete")),
		"the onboarding notice",
	);
}

async function fillInTheForm(actions: ReturnType<typeof createOnboardingActions>): Promise<void> {
	actions.fillInForm();
	const form = await modalTitled("Set up your assistant");
	type(form, "name", "Mina");
	type(form, "work", "PhD student in sleep research");
	type(form, "style", "Short answers, no emoji");
	type(form, "dailyMemory", "daily-notes");
	click(form, "Review");
}

describe("onboarding in Obsidian", () => {
	it("writes the identity files from the form into a fresh vault, and marks onboarding complete", async () => {
		const { actions, settingsStore, read } = await onboardingOn({});
		await fillInTheForm(actions);
		const review = await modalTitled("Review your assistant's files");
		expect(reviewed(review).map(({ path, state }) => [path, state])).toEqual([
			["soul.md", "New: will be created."],
			["user.md", "New: will be created."],
			["claude.md", "New: will be created."],
			["memory.md", "New: will be created."],
			["HEARTBEAT.md", "New: will be created."],
		]);
		// Each new file shows the text it will be written with, before anything is.
		const texts = Object.fromEntries(reviewed(review).map(({ path, text }) => [path, text]));
		await applyReview();
		for (const path of ["soul.md", "user.md", "claude.md", "memory.md", "HEARTBEAT.md"])
			expect(texts[path]).toBe(await read(path));
		expect(texts["user.md"]).toContain("- Name: Mina");
		expect(await read("user.md")).toContain("- Name: Mina");
		expect(await read("soul.md")).toContain("- Short answers, no emoji");
		expect(await read("claude.md")).toContain("## Safety");
		expect(await read("memory.md")).toContain(`## Onboarding, ${TODAY}`);
		expect(settingsStore.state.onboardingComplete).toBe(true);
		// Onboarding and the heartbeat never both run on the same day.
		expect(settingsStore.state.lastHeartbeatDate).toBe(TODAY);
		expect(settingsStore.settings.dailyMemoryLocation).toBe("daily-notes");
		expect(Notice.messages).toContain("Onboarding complete: 5 files written, 0 left as they were.");
	});

	it("opens the form again on what onboarding wrote, read back from the files, and reviewing it changes nothing", async () => {
		const { actions } = await onboardingOn({});
		await fillInTheForm(actions);
		await applyReview();
		actions.fillInForm();
		const form = await modalTitled("Set up your assistant");
		const value = (answer: string) =>
			form.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[data-answer="${answer}"]`)?.value;
		await until(() => value("name") === "Mina", "the name read back");
		expect(value("work")).toBe("PhD student in sleep research");
		expect(value("style")).toBe("Short answers, no emoji");
		expect(value("organization")).toBe("");
		click(form, "Review");
		const review = await modalTitled("Review your assistant's files");
		expect(reviewed(review).map(({ state }) => state)).toEqual(Array(5).fill("Already up to date: nothing to write."));
	});

	it("shows the diff of an existing soul.md, and Keep mine leaves it byte for byte", async () => {
		const { actions, read, app } = await onboardingOn({ "soul.md": MY_SOUL });
		await fillInTheForm(actions);
		const soul = reviewed(await modalTitled("Review your assistant's files"))[0];
		expect(soul).toMatchObject({ path: "soul.md", state: "Differs from your file.", choice: "keep" });
		expect(soul.diff).toContain("- I am terse.");
		expect(soul.diff).toContain("+ - Short answers, no emoji");
		await applyReview();
		expect(await read("soul.md")).toBe(MY_SOUL);
		expect(await read("user.md")).toContain("- Name: Mina");
		expect(app.vault.getFiles().some((file) => file.path.startsWith("memory/archive"))).toBe(false);
	});

	it("replaces soul.md when the user chooses to, its previous content kept in the archive", async () => {
		const { actions, read } = await onboardingOn({ "soul.md": MY_SOUL });
		await fillInTheForm(actions);
		const review = await modalTitled("Review your assistant's files");
		const choice = review.querySelector<HTMLSelectElement>('[data-path="soul.md"] select');
		if (choice === null) throw new Error("no choice for soul.md");
		choice.value = "replace";
		choice.dispatchEvent(new Event("change"));
		await applyReview();
		expect(await read("soul.md")).toContain("- Short answers, no emoji");
		expect(await read(`memory/archive/onboarding/${TODAY}/soul.md`)).toBe(MY_SOUL);
	});

	it("goes from the conversation's completion block (CRLF, four backticks) to the review", async () => {
		const { actions, plugin, read } = await onboardingOn({});
		fake().enqueue(textReply("Hi! What should I call you, and what are you working on?"));
		const block = [
			"Thanks, that's enough to start.",
			"",
			"````onboarding-complete  ",
			"{",
			"  'name': 'Mina',",
			'  "what I do": **PhD student**,',
			'  "tone": "calm, brief",',
			"}",
			"   ````",
			"",
		].join("\r\n");
		fake().enqueue(textReply(block, { chunkSize: 7 }));
		const chat = await openChat(plugin);
		actions.startConversation();
		await until(
			() => chat.contentEl.querySelectorAll(".assistant-chat-message.is-assistant").length === 1 && !chat.busy,
			"the first question",
		);
		expect(chat.contentEl.querySelector(".assistant-chat-message.is-user")?.textContent).toBe(
			"Let's set up my assistant.",
		);
		await chat.send("Mina, a PhD student. Keep it calm and brief. That's enough.");
		const review = await modalTitled("Review your assistant's files");
		expect(reviewed(review)).toHaveLength(5);
		// The model was given the onboarding prompt and no tools: it cannot write an identity file itself.
		const request = fake().messageBodies[1] as { system: { text: string }[]; tools?: unknown[] };
		expect(request.system.map((block) => block.text).join("\n")).toContain("Ask at most five questions in all.");
		expect(request.tools).toBeUndefined();
		await applyReview();
		expect(await read("user.md")).toContain("- Name: Mina");
		expect(await read("user.md")).toContain("- PhD student");
		expect(await read("soul.md")).toContain("- calm, brief");
	});

	it("started from the settings, closes the settings window and opens the chat, which asks the first question", async () => {
		const { actions, app, plugin } = await onboardingOn({});
		fake().enqueue(textReply("Hi! What should I call you?"));
		const settings = new Modal(app);
		app.setting = Object.assign(settings, { openTabById: () => undefined });
		settings.open();
		actions.startConversation();
		expect(settings.isOpen).toBe(false);
		await until(() => app.workspace.getLeavesOfType("assistant-workspace-chat").length === 1, "the chat pane");
		const chat = await openChat(plugin);
		await until(
			() => chat.contentEl.querySelectorAll(".assistant-chat-message.is-assistant").length === 1 && !chat.busy,
			"the first question",
		);
		expect(chat.contentEl.querySelector(".assistant-chat-message.is-assistant")?.textContent).toContain(
			"What should I call you?",
		);
	});

	it("answers a completion block that cannot be read with a retry message in the chat", async () => {
		const { actions, plugin, app } = await onboardingOn({});
		fake().enqueue(textReply('Done!\n```onboarding-complete\n{"name": "Mina" "role": }\n```'));
		const chat = await openChat(plugin);
		actions.startConversation();
		await until(
			() => chat.contentEl.querySelector(".assistant-chat-error-text")?.textContent !== undefined && !chat.busy,
			"the retry message",
		);
		const error = chat.contentEl.querySelector<HTMLElement>(".assistant-chat-error");
		expect(error?.querySelector(".assistant-chat-error-text")?.textContent).toMatch(
			/^The assistant's answers could not be read \(line 1, column \d+\)\. Ask it to send them again\.$/,
		);
		expect(error?.querySelector("button")?.textContent).toBe("Retry");
		expect(document.querySelector(".modal")).toBeNull();
		expect(app.vault.getFiles().filter((file) => file.extension === "md" && !file.path.startsWith("chats/"))).toEqual(
			[],
		);
	});

	it("saves the inbox folder the form names, where captures then go", async () => {
		const { actions, settingsStore, app } = await onboardingOn({});
		actions.fillInForm();
		const form = await modalTitled("Set up your assistant");
		type(form, "name", "Mina");
		type(form, "inboxFolder", "00 Inbox");
		click(form, "Review");
		const review = await modalTitled("Review your assistant's files");
		expect(review.textContent).toContain("Inbox folder: 00 Inbox");
		await applyReview();
		expect(settingsStore.settings.inboxFolder).toBe("00 Inbox");
		expect(JSON.parse(app.vault.adapter.hidden.get(DATA) ?? "{}")).toMatchObject({
			settings: { inboxFolder: "00 Inbox" },
		});
		expect((await settingsStore.open()).layout.inboxFolder).toBe("00 Inbox");
	});

	it("refuses an inbox folder outside the vault in the form, in place, and writes nothing", async () => {
		const { actions, app } = await onboardingOn({});
		actions.fillInForm();
		const form = await modalTitled("Set up your assistant");
		type(form, "inboxFolder", "../outside");
		click(form, "Review");
		expect(form.querySelector(".assistant-onboarding-problem")?.textContent).toBe(
			'This inbox folder cannot be used. Refused: the path climbs out of its folder with "..".',
		);
		expect(document.querySelectorAll(".modal")).toHaveLength(1);
		expect(app.vault.getFiles()).toEqual([]);
	});

	it("opens the form when there is no API key for the conversation", async () => {
		const { actions, app } = await onboardingOn({});
		app.secretStorage.setSecret(DEFAULT_API_KEY_SECRET, "");
		actions.startConversation();
		await modalTitled("Set up your assistant");
		expect(Notice.messages).toContain(
			"The conversation needs an Anthropic API key. The form asks the same questions without one.",
		);
		expect(fake().messageBodies).toHaveLength(0);
	});

	it("starts over without touching a file", async () => {
		const files = { "soul.md": MY_SOUL, "user.md": "# User\n\nMina\n", "memory.md": "# Memory\n" };
		const data = { ...defaultPluginData(), state: { ...defaultPluginData().state, onboardingComplete: true } };
		const { actions, settingsStore, app, read } = await onboardingOn(files, data);
		const before = app.vault
			.getFiles()
			.map((file) => file.path)
			.sort();
		await actions.startOver();
		expect(settingsStore.state.onboardingComplete).toBe(false);
		expect(Notice.messages).toEqual(["Onboarding can be run again. Every file was kept."]);
		expect(JSON.parse(app.vault.adapter.hidden.get(DATA) ?? "{}")).toMatchObject({
			state: { onboardingComplete: false },
		});
		expect(
			app.vault
				.getFiles()
				.map((file) => file.path)
				.sort(),
		).toEqual(before);
		for (const [path, content] of Object.entries(files)) expect(await read(path)).toBe(content);
	});
});
