import { App, Notice, setLanguageForTests } from "../../../sandbox/obsidianApi";
import { CURRENT_SCHEMA_VERSION } from "../../../src/core/workspace/data/migrations";
import { defaultSettings, type Settings } from "../../../src/core/workspace/data/settings";
import { defaultState, type PluginState } from "../../../src/core/workspace/data/state";
import { setLanguage } from "../../../src/i18n";
import { MemoryIndexStore } from "../../harness/memoryIndexStore";
import { MemoryVault, type SeedFile } from "../../../headless/inMemory/memoryVault";
import type { Plugin as MockPlugin } from "../../../sandbox/obsidianApi/plugin";
import { TestClock } from "../heartbeat/heartbeatFixture";
import { loadPlugin, until } from "../pluginFixture";

export const PLUGIN_DIR = ".obsidian/plugins/assistant-workspace";

/** Every command test starts in English, with no notice and nothing on the page. */
export function resetCommandTest(): void {
	setLanguageForTests("en");
	setLanguage("en");
	Notice.messages.length = 0;
	document.body.empty();
}

/** The plugin over a vault of `files`, without a key (offline: no model is asked), at `now`. */
export async function commandPlugin(
	files: Record<string, SeedFile>,
	options: { now?: string; settings?: Partial<Settings>; state?: Partial<PluginState> } = {},
) {
	const app = new App(new MemoryVault({ files }));
	if (options.settings !== undefined || options.state !== undefined) {
		const data = {
			schemaVersion: CURRENT_SCHEMA_VERSION,
			settings: { ...defaultSettings(), ...options.settings },
			state: { ...defaultState(), ...options.state },
		};
		app.vault.adapter.hidden.set(`${PLUGIN_DIR}/data.json`, JSON.stringify(data));
	}
	const clock = new TestClock(new Date(options.now ?? "2026-03-18T09:00:00Z"));
	const { plugin, mock } = await loadPlugin(app, new MemoryIndexStore(), undefined, clock);
	const text = async (path: string) => {
		const file = app.vault.getFileByPath(path);
		if (file === null) throw new Error(`no note at ${path}`);
		return app.vault.read(file);
	};
	return { app, plugin, mock, clock, text };
}

/** Runs a palette command as the user does: its callback, or its check callback when it applies. */
export function runCommand(mock: MockPlugin, id: string): void {
	const command = mock.commands.find((candidate) => candidate.id === `assistant-workspace:${id}`);
	if (command === undefined) throw new Error(`no command ${id}`);
	if (command.callback) void command.callback();
	else if (command.checkCallback) {
		if (!command.checkCallback(false)) throw new Error(`${id} does not apply now`);
	} else throw new Error(`${id} needs an editor`);
}

/** The open modal whose title is `title`, once it is on the page. */
export async function modalTitled(title: string | RegExp): Promise<HTMLElement> {
	let found: HTMLElement | null = null;
	await until(
		() => {
			found =
				Array.from(document.querySelectorAll<HTMLElement>(".modal")).find((modal) =>
					matches(modal.querySelector(".modal-title")?.textContent ?? "", title),
				) ?? null;
			return found !== null;
		},
		`a modal titled ${String(title)}`,
	);
	return found as unknown as HTMLElement;
}

/** Clicks the button of `container` that says `label`. */
export function click(container: HTMLElement, label: string | RegExp): void {
	const button = Array.from(container.querySelectorAll("button")).find((candidate) =>
		matches(candidate.textContent ?? "", label),
	);
	if (button === undefined) throw new Error(`no button ${String(label)} in ${container.textContent ?? ""}`);
	button.click();
}

/** Types into a field as a user does: its value, then an `input` event. */
export function type(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
	field.value = value;
	field.dispatchEvent(new Event("input"));
}

export function field<E extends HTMLInputElement | HTMLTextAreaElement>(container: HTMLElement, selector: string): E {
	const found = container.querySelector<E>(selector);
	if (found === null) throw new Error(`no field ${selector}`);
	return found;
}

function matches(text: string, wanted: string | RegExp): boolean {
	return typeof wanted === "string" ? text === wanted : wanted.test(text);
}

export { until };
