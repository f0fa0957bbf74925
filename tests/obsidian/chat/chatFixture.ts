import { App, MarkdownRenderer, setLanguageForTests } from "../../../sandbox/obsidianApi";
import { CURRENT_SCHEMA_VERSION } from "../../../src/core/workspace/data/migrations";
import { DEFAULT_API_KEY_SECRET, defaultSettings, type Settings } from "../../../src/core/workspace/data/settings";
import { defaultState } from "../../../src/core/workspace/data/state";
import { setLanguage } from "../../../src/i18n";
import type { ChatView } from "../../../src/obsidian/chat/chatView";
import { openChat } from "../../../src/obsidian/chat/registerChat";
import type { FakeAnthropic } from "../../harness/fakeAnthropic";
import { MemoryIndexStore } from "../../harness/memoryIndexStore";
import { MemoryVault, type SeedFile } from "../../../headless/inMemory/memoryVault";
import { loadPlugin, untilIndexed } from "../pluginFixture";

export const DATA = ".obsidian/plugins/assistant-workspace/data.json";

/** The interface in English, nothing left open from the test before. */
export function resetChatTest(): void {
	setLanguageForTests("en");
	setLanguage("en");
	MarkdownRenderer.renders = 0;
	document.body.empty();
}

/** The plugin on a vault of `files`, its chat pane open, talking to `fake` with a key (offline with `key: null`), under `settings`. */
export async function openChatOn(
	fake: FakeAnthropic,
	files: Record<string, SeedFile>,
	options: { indexed?: boolean; settings?: Partial<Settings>; key?: null; idleTimeoutMs?: number } = {},
) {
	const app = new App(new MemoryVault({ files }));
	const settings = { ...defaultSettings(), ...options.settings };
	app.vault.adapter.hidden.set(
		DATA,
		JSON.stringify({ schemaVersion: CURRENT_SCHEMA_VERSION, settings, state: defaultState() }),
	);
	if (options.key !== null) app.secretStorage.setSecret(DEFAULT_API_KEY_SECRET, "test");
	const { plugin, mock } = await loadPlugin(app, new MemoryIndexStore(), {
		baseURL: fake.baseURL,
		idleTimeoutMs: options.idleTimeoutMs,
	});
	app.workspace.triggerLayoutReady();
	if (options.indexed === true) await untilIndexed(mock);
	const view = await openChat(plugin);
	return { app, view, mock, plugin };
}

export const inView = (view: ChatView, selector: string) => view.contentEl.querySelector<HTMLElement>(selector);
export const allInView = (view: ChatView, selector: string) =>
	Array.from(view.contentEl.querySelectorAll<HTMLElement>(selector));
export const textsOf = (elements: readonly Element[]) => elements.map((element) => element.textContent ?? "");

/** The text of every message of the request sent `index`-th, in order, as the model got them. */
export function sentMessages(fake: FakeAnthropic, index: number): string[] {
	const body = fake.messageBodies[index] as { messages: { content: string | { type: string; text?: string }[] }[] };
	return body.messages.map((message) =>
		typeof message.content === "string"
			? message.content
			: message.content.map((block) => block.text ?? `[${block.type}]`).join("\n"),
	);
}
