import { App, Notice, setLanguageForTests } from "../../../sandbox/obsidianApi";
import { CURRENT_SCHEMA_VERSION } from "../../../src/core/workspace/data/migrations";
import { DEFAULT_API_KEY_SECRET, defaultSettings, type Settings } from "../../../src/core/workspace/data/settings";
import { defaultState, type PluginState } from "../../../src/core/workspace/data/state";
import { setLanguage } from "../../../src/i18n";
import { CHAT_VIEW_TYPE } from "../../../src/obsidian/chat/chatView";
import type { FakeAnthropic } from "../../harness/fakeAnthropic";
import { MemoryIndexStore } from "../../harness/memoryIndexStore";
import { MemoryVault } from "../../../headless/inMemory/memoryVault";
import { loadPlugin } from "../pluginFixture";

export const DATA = ".obsidian/plugins/assistant-workspace/data.json";

/** A workspace whose checklist has something to check. */
export const FILES: Record<string, string> = {
	"soul.md": "# Soul\n\nWarm and brief.\n",
	"user.md": "# User\n\nMina, a PhD student.\n",
	"claude.md": "# Rules\n\nAnswer in English.\n",
	"memory.md": "# Memory\n",
	"HEARTBEAT.md": "# Heartbeat\n\n- [ ] Remind me to call mom on Sundays\n",
};

/** A clock the test sets: the plugin reads its hour (tests run in UTC). */
export class TestClock {
	constructor(private time: Date) {}

	now(): Date {
		return new Date(this.time);
	}

	set(iso: string): void {
		this.time = new Date(iso);
	}
}

export function resetHeartbeatTest(): void {
	setLanguageForTests("en");
	setLanguage("en");
	Notice.messages.length = 0;
	document.body.empty();
}

/** The plugin on a vault of `files`, onboarded, with a key for `fake`, at `clock`'s time; the layout is not ready yet. */
export async function heartbeatPlugin(
	fake: FakeAnthropic,
	clock: TestClock,
	options: { settings?: Partial<Settings>; state?: Partial<PluginState>; files?: Record<string, string> } = {},
) {
	const app = new App(new MemoryVault({ files: options.files ?? FILES }));
	const state = { ...defaultState(), onboardingComplete: true, lastHeartbeatDate: "2026-03-14", ...options.state };
	const settings = { ...defaultSettings(), ...options.settings };
	app.vault.adapter.hidden.set(DATA, JSON.stringify({ schemaVersion: CURRENT_SCHEMA_VERSION, settings, state }));
	app.secretStorage.setSecret(DEFAULT_API_KEY_SECRET, "test");
	const { plugin, mock } = await loadPlugin(app, new MemoryIndexStore(), fake.baseURL, clock);
	const saved = () =>
		JSON.parse(app.vault.adapter.hidden.get(DATA) ?? "null") as { settings: Settings; state: PluginState };
	const heartbeatMessages = () =>
		app.workspace
			.getLeavesOfType(CHAT_VIEW_TYPE)
			.flatMap((leaf) =>
				Array.from(leaf.view?.containerEl.querySelectorAll(".assistant-chat-message.is-heartbeat") ?? []),
			)
			.map((element) => element.querySelector(".assistant-chat-body")?.textContent ?? "");
	return { app, plugin, mock, saved, heartbeatMessages };
}

/** Lets the plugin's pending work run (a run that decides not to ask the model needs no network). */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
