/**
 * @jest-environment ./tests/harness/jsdomWithFetch.cjs
 */
import { App, MarkdownRenderer, setLanguageForTests } from "../../sandbox/obsidianApi";
import { CURRENT_SCHEMA_VERSION } from "../../src/core/workspace/data/migrations";
import { DEFAULT_API_KEY_SECRET, defaultSettings } from "../../src/core/workspace/data/settings";
import { defaultState } from "../../src/core/workspace/data/state";
import { setLanguage } from "../../src/i18n";
import { en } from "../../src/i18n/en";
import { zh } from "../../src/i18n/zh";
import { openChat } from "../../src/obsidian/chat/registerChat";
import type { ChatView } from "../../src/obsidian/chat/chatView";
import { errorReply, textReply, toolUseReply, useFakeAnthropic } from "../harness/fakeAnthropic";
import { MemoryIndexStore } from "../harness/memoryIndexStore";
import { MemoryVault } from "../../headless/inMemory/memoryVault";
import { loadPlugin, until, untilIndexed } from "./pluginFixture";

jest.setTimeout(20_000);

const DATA = ".obsidian/plugins/assistant-workspace/data.json";

const fake = useFakeAnthropic();

const FILES = {
	"Projects/Atlas.md": "# Atlas\n\nThe Atlas project ships in March, after the field study.\n",
	"Private/Diary.md": "# Diary\n\nAtlas secrets.\n",
};

beforeEach(() => {
	setLanguageForTests("en");
	setLanguage("en");
	MarkdownRenderer.renders = 0;
});

/** The plugin on a vault, its chat pane open, talking to the fake server with key "test" (or offline without). */
async function chat(options: { key?: string | null; indexed?: boolean } = {}) {
	const app = new App(new MemoryVault({ files: FILES }));
	const settings = { ...defaultSettings(), excludedFolders: ["Private"] };
	app.vault.adapter.hidden.set(
		DATA,
		JSON.stringify({ schemaVersion: CURRENT_SCHEMA_VERSION, settings, state: defaultState() }),
	);
	if (options.key !== null) app.secretStorage.setSecret(DEFAULT_API_KEY_SECRET, options.key ?? "test");
	const { plugin, mock } = await loadPlugin(app, new MemoryIndexStore(), fake().baseURL);
	app.workspace.triggerLayoutReady();
	if (options.indexed === true) await untilIndexed(mock);
	const view = await openChat(plugin);
	return { app, view, mock };
}

const el = (view: ChatView, selector: string) => view.contentEl.querySelector<HTMLElement>(selector);
const all = (view: ChatView, selector: string) => Array.from(view.contentEl.querySelectorAll<HTMLElement>(selector));
const lastAnswer = (view: ChatView) => all(view, ".assistant-chat-message.is-assistant").pop();
const answerText = (view: ChatView) => lastAnswer(view)?.querySelector(".assistant-chat-body")?.textContent ?? "";

describe("the chat pane", () => {
	it("draws no link or embed of a hidden note that a reply names, whatever the model was led to write", async () => {
		const { view } = await chat();
		fake().enqueue(textReply("See ![[Private/Diary]], [[Diary]], [notes](Private/Diary.md) and [[Atlas]]."));
		await view.send("What do my notes say?");
		const answer = lastAnswer(view)!;
		expect(Array.from(answer.querySelectorAll("a.internal-link"), (link) => link.getAttribute("data-href"))).toEqual([
			"Atlas",
		]);
		expect(answer.querySelector(".internal-embed")).toBeNull();
		expect(answer.querySelector(".assistant-chat-body")?.textContent).toBe(
			"See Private/Diary, Diary, notes and Atlas.",
		);
	});

	it("streams the answer as it arrives, throttled, and renders [[links]] as clickable links", async () => {
		const { app, view } = await chat();
		const full = "The Atlas project ships in March, as [[Atlas]] says. It waits for the field study to end.";
		fake().enqueue(textReply(full, { chunkSize: 3, delayMs: 10 }));
		const sending = view.send("When does Atlas ship?");
		await until(() => answerText(view).length > 0 && view.busy, "the first part of the answer");
		expect(answerText(view).length).toBeLessThan(full.length);
		await sending;
		expect(el(view, ".assistant-chat-message.is-user")?.textContent).toBe("When does Atlas ship?");
		expect(answerText(view)).toBe(full.replace("[[Atlas]]", "Atlas"));
		// Far fewer renders than the ~30 text deltas.
		expect(MarkdownRenderer.renders).toBeLessThan(15);
		const link = lastAnswer(view)?.querySelector<HTMLElement>("a.internal-link");
		expect(link?.getAttribute("data-href")).toBe("Atlas");
		link?.click();
		expect(app.workspace.openedLinks).toEqual(["Atlas"]);
		expect(el(view, ".assistant-chat-usage")?.textContent).toMatch(/tokens/);
		expect(lastAnswer(view)?.querySelector(".assistant-chat-retry")).not.toBeNull();
		expect(el(view, ".assistant-chat-offline")?.isShown()).toBe(false);
		// The transcript was saved as a note.
		expect(app.vault.getFiles().some((file) => file.path.startsWith("chats/"))).toBe(true);
	});

	it("stops on Esc and keeps the partial answer", async () => {
		const { view } = await chat();
		const full = "word ".repeat(200);
		fake().enqueue(textReply(full, { chunkSize: 5, delayMs: 20 }));
		const sending = view.send("Tell me a long story");
		await until(() => answerText(view).length > 10, "part of the answer");
		view.containerEl.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
		await sending;
		const kept = answerText(view);
		expect(kept.length).toBeGreaterThan(0);
		expect(kept.length).toBeLessThan(full.trim().length);
		expect(el(view, ".assistant-chat-error")?.isShown()).toBe(false);
		expect(view.busy).toBe(false);
		// Marked as stopped.
		expect(el(view, ".assistant-chat-stopped")?.textContent).toBe("Stopped");
	});

	it("shows a chip for each tool call, which opens to its input and result", async () => {
		const { view } = await chat({ indexed: true });
		fake().enqueue(toolUseReply("memory_search", { query: "Atlas" }), textReply("It ships in March, see [[Atlas]]."));
		await view.send("When does Atlas ship?");
		const chip = el(view, ".assistant-chat-chip");
		expect(chip?.querySelector("summary")?.textContent).toBe('Searched memory for "Atlas"');
		expect(chip?.hasClass("is-running")).toBe(false);
		const bodies = Array.from(chip?.querySelectorAll(".assistant-chat-chip-body") ?? []).map(
			(body) => body.textContent ?? "",
		);
		expect(bodies[0]).toContain('"query": "Atlas"');
		expect(bodies[1]).toContain("Projects/Atlas.md");
		expect(answerText(view)).toContain("It ships in March");
		expect(fake().messageBodies).toHaveLength(2);
	});

	it("shows the invalid-key message on a 401, without retrying or offering a retry", async () => {
		const { view } = await chat({ key: "wrong" });
		fake().enqueue(errorReply(401));
		await view.send("Hello");
		const banner = el(view, ".assistant-chat-error");
		expect(banner?.isShown()).toBe(true);
		expect(banner?.textContent).toContain(en["model-error.invalid-key"]);
		expect(banner?.querySelector("button")).toBeNull();
		expect(fake().messageBodies).toHaveLength(1);
		// Nothing arrived: no empty answer bubble under the banner, and no Retry anywhere.
		expect(view.containerEl.querySelectorAll(".assistant-chat-message.is-assistant")).toHaveLength(0);
		expect(view.containerEl.querySelector(".assistant-chat-retry")).toBeNull();
	});

	it("offers one Retry after a failure that a retry can help, in the banner, and leaves no empty bubble", async () => {
		const { view } = await chat();
		fake().enqueue(errorReply(400, { message: "bad request" }));
		await view.send("Hello");
		expect(view.containerEl.querySelectorAll(".assistant-chat-message.is-assistant")).toHaveLength(0);
		expect(
			Array.from(view.containerEl.querySelectorAll("button")).filter((button) => button.textContent === "Retry"),
		).toHaveLength(1);
		fake().enqueue(textReply("Hello again."));
		(el(view, ".assistant-chat-error-retry") as HTMLButtonElement).click();
		await until(() => answerText(view).includes("Hello again."), "the retried answer");
		expect(
			Array.from(view.containerEl.querySelectorAll("button")).filter((button) => button.textContent === "Retry"),
		).toHaveLength(1);
	});

	it("answers offline from the notes, without a key and without any request, labelled offline", async () => {
		const { view } = await chat({ key: null, indexed: true });
		expect(el(view, ".assistant-chat-offline")?.isShown()).toBe(true);
		await view.send("Atlas field study");
		expect(answerText(view)).toContain("Offline mode");
		expect(answerText(view)).toContain("Atlas");
		expect(answerText(view)).not.toContain("Diary");
		expect(fake().requests).toHaveLength(0);
		expect(el(view, ".assistant-chat-usage")?.getText()).toBe("Nothing sent, no cost");
	});

	it("follows a change of the interface language at once: its labels switch, the conversation stays as written", async () => {
		const { view, mock } = await chat({ key: null, indexed: true });
		await view.send("Atlas field study");
		const answer = answerText(view);
		const tab = mock.settingTabs[0] as unknown as import("../../src/obsidian/settingsTab").AssistantSettingTab;
		await tab.setControlValue("language", "zh");
		expect(el(view, ".assistant-chat-offline")?.getText()).toBe(zh["chat.offline"]);
		expect(el(view, ".assistant-chat-send")?.getText()).toBe(zh["chat.send"]);
		expect(el(view, ".assistant-chat-input")?.getAttribute("placeholder")).toBe(zh["chat.placeholder"]);
		expect(el(view, ".assistant-chat-include-note span")?.getText()).toBe(zh["chat.include-note"]);
		expect(view.containerEl.querySelector('.view-action[data-icon="plus"]')?.getAttribute("aria-label")).toBe(
			zh["chat.new"],
		);
		expect(answerText(view)).toBe(answer);
	});

	it("opens with a resume banner from the last checkpoint, saved when the tool returns it", async () => {
		const { view, app } = await chat();
		fake().enqueue(
			toolUseReply("checkpoint", { doing: "Writing chapter 2", next_action: "Outline section 2.3" }),
			textReply("Saved."),
		);
		await view.send("Save a checkpoint");
		expect(el(view, ".assistant-chat-chip summary")?.textContent).toBe("Saved a checkpoint");
		view.newChat();
		const banner = el(view, ".assistant-chat-resume");
		expect(banner?.isShown()).toBe(true);
		expect(banner?.textContent).toContain("Writing chapter 2");
		expect(banner?.textContent).toContain("Outline section 2.3");
		expect(app.vault.adapter.hidden.get(DATA)).toContain("Outline section 2.3");
	});

	it("resumes from the last checkpoint: Resume puts where the work stood, notes and references included, into the new chat's context", async () => {
		const { view } = await chat();
		fake().enqueue(
			toolUseReply("checkpoint", {
				doing: "Writing chapter 2",
				next_action: "Outline section 2.3",
				notes: "Dr. Lin wants it by Friday",
				refs: ["[[Thesis]]"],
			}),
			textReply("Saved."),
		);
		await view.send("Save a checkpoint");
		view.newChat();
		fake().enqueue(textReply("You were outlining section 2.3."));
		const before = fake().messageBodies.length;
		(el(view, ".assistant-chat-resume-go") as HTMLButtonElement).click();
		await until(
			() => fake().messageBodies.length > before && answerText(view).includes("section 2.3"),
			"the resumed turn",
		);
		const sent = JSON.stringify(fake().messageBodies[before]);
		expect(sent).toContain("The user is resuming earlier work from a checkpoint");
		expect(sent).toContain("Doing: Writing chapter 2");
		expect(sent).toContain("Next: Outline section 2.3");
		expect(sent).toContain("Notes: Dr. Lin wants it by Friday");
		expect(sent).toContain("Refs: [[Thesis]]");
		expect(el(view, ".assistant-chat-resume")?.isShown()).toBe(false);
		// Only the turn resumed from carries it: the next one is an ordinary turn.
		fake().enqueue(textReply("Sure."));
		await view.send("And then?");
		expect(JSON.stringify(fake().messageBodies.at(-1))).not.toContain("The user is resuming earlier work");
	});
});
