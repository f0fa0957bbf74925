/**
 * The `obsidian` module in tests (jest.config.cjs maps the import here). A small mock of what
 * our adapters and views use, its vault and metadata cache backed by the harness's
 * `MemoryVault` so that they follow Obsidian's observable rules. The pieces live in
 * `tests/harness/obsidianMock/`; Obsidian's DOM helpers are installed when a DOM exists.
 *
 * A test that needs what only the mock has (`App` over a given vault, `app.calls`,
 * `Notice.messages`, `workspace.triggerLayoutReady`) imports this file directly.
 */
import "../harness/obsidianMock/dom";
import type { App as ObsidianApp } from "obsidian";
import moment = require("moment");
import { App } from "../harness/obsidianMock/app";

export { moment };
export { normalizeVaultPath as normalizePath } from "../../src/core/vault/paths";
export { getLinkpath } from "../../headless/links/linkResolver";
export { App };
export { Component, Events } from "../harness/obsidianMock/component";
export { FileManager } from "../harness/obsidianMock/fileManager";
export { TAbstractFile, TFile, TFolder } from "../harness/obsidianMock/files";
export { MetadataCache } from "../harness/obsidianMock/metadataCache";
export { MarkdownRenderer } from "../harness/obsidianMock/markdownRenderer";
export { FuzzySuggestModal } from "../harness/obsidianMock/fuzzySuggestModal";
export { Modal } from "../harness/obsidianMock/modal";
export { Notice } from "../harness/obsidianMock/notice";
export { Plugin, PluginSettingTab } from "../harness/obsidianMock/plugin";
export {
	ButtonComponent,
	DropdownComponent,
	Setting,
	TextAreaComponent,
	TextComponent,
	ToggleComponent,
} from "../harness/obsidianMock/setting";
export { SecretComponent } from "../harness/obsidianMock/secretComponent";
export { Scope } from "../harness/obsidianMock/scope";
export { SecretStorage } from "../harness/obsidianMock/secretStorage";
export { SuggestModal } from "../harness/obsidianMock/suggestModal";
export { Vault } from "../harness/obsidianMock/vault";
export { ItemView, MarkdownView, View, WorkspaceLeaf } from "../harness/obsidianMock/view";
export { Editor } from "../harness/obsidianMock/editor";
export { Menu, MenuItem } from "../harness/obsidianMock/menu";
export { Workspace } from "../harness/obsidianMock/workspace";

let language = "en";
let apiVersion = "1.13.1";

/** Whether the running Obsidian's API is `version` or later (`requireApiVersion`). */
export function requireApiVersion(version: string): boolean {
	const parts = (text: string) => text.split(".").map(Number);
	const [have, want] = [parts(apiVersion), parts(version)];
	for (let at = 0; at < Math.max(have.length, want.length); at++) {
		if ((have[at] ?? 0) !== (want[at] ?? 0)) return (have[at] ?? 0) > (want[at] ?? 0);
	}
	return true;
}

/** Sets the API version `requireApiVersion` compares with, for a test of an older Obsidian. */
export function setApiVersionForTests(version: string): void {
	apiVersion = version;
}

/** Obsidian's interface language (`getLanguage`, API 1.8.7+). */
export function getLanguage(): string {
	return language;
}

/** Sets what `getLanguage` answers, for a test of the Chinese interface. */
export function setLanguageForTests(code: string): void {
	language = code;
}

/**
 * Obsidian's `prepareFuzzySearch`: the query's characters (spaces aside) in order, case
 * ignored; a higher score for matches that start earlier and hold together, as Obsidian ranks.
 */
export function prepareFuzzySearch(query: string): (text: string) => { score: number; matches: [number, number][] } | null {
	const wanted = query.toLowerCase().replace(/\s+/g, "");
	return (text) => {
		const lower = text.toLowerCase();
		const matches: [number, number][] = [];
		let at = 0;
		for (const char of wanted) {
			const found = lower.indexOf(char, at);
			if (found === -1) return null;
			const last = matches[matches.length - 1];
			if (last !== undefined && last[1] === found) last[1] = found + 1;
			else matches.push([found, found + 1]);
			at = found + 1;
		}
		return { score: -(matches.length - 1) - (matches[0]?.[0] ?? 0) / 100 - text.length / 10_000, matches };
	};
}

/** Obsidian's `setIcon`; the mock only records the icon's name on the element. */
export function setIcon(parent: HTMLElement, iconId: string): void {
	parent.setAttr("data-icon", iconId);
}

/**
 * The mock `App` where Obsidian's `App` type is expected. The mock implements only what our
 * code uses, so the types differ; this is the one place that says so.
 */
export function asObsidianApp(app: App): ObsidianApp {
	return app as unknown as ObsidianApp;
}
