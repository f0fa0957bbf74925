/**
 * A stand-in for the `obsidian` module: the one the tests load (jest.config.cjs maps the import
 * here) and the one the sandbox's page gives the plugin. A small mock of what our adapters and
 * views use, its vault and metadata cache backed by the in-memory `MemoryVault` so that they
 * follow Obsidian's observable rules. The pieces live beside this file; Obsidian's DOM helpers
 * are installed when a DOM exists.
 *
 * A test that needs what only the mock has (`App` over a given vault, `app.calls`,
 * `Notice.messages`, `workspace.triggerLayoutReady`) imports this file directly.
 */
import "./dom";
import type { App as ObsidianApp } from "obsidian";
import moment = require("moment");
import { App } from "./app";

export { moment };
export { normalizeVaultPath as normalizePath } from "../../src/core/vault/paths";
export { getLinkpath } from "../../headless/links/linkResolver";
export { App };
export { Component, Events } from "./component";
export { FileManager } from "./fileManager";
export { TAbstractFile, TFile, TFolder } from "./files";
export { MetadataCache } from "./metadataCache";
export { MarkdownRenderer } from "./markdownRenderer";
export { FuzzySuggestModal } from "./fuzzySuggestModal";
export { prepareFuzzySearch } from "./fuzzySearch";
export { Modal } from "./modal";
export { Notice } from "./notice";
export { requestUrl } from "./requestUrl";
export { Platform } from "./platform";
export { Plugin, PluginSettingTab } from "./plugin";
export {
	ButtonComponent,
	DropdownComponent,
	Setting,
	TextAreaComponent,
	TextComponent,
	ToggleComponent,
} from "./setting";
export { SecretComponent } from "./secretComponent";
export { Scope } from "./scope";
export { SecretStorage } from "./secretStorage";
export { SuggestModal } from "./suggestModal";
export { Vault } from "./vault";
export { ItemView, MarkdownView, View, WorkspaceLeaf } from "./view";
export { Editor } from "./editor";
export { Menu, MenuItem } from "./menu";
export { Workspace } from "./workspace";

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
