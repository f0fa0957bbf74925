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
export { getLinkpath } from "../harness/linkResolver";
export { App };
export { Component, Events } from "../harness/obsidianMock/component";
export { FileManager } from "../harness/obsidianMock/fileManager";
export { TAbstractFile, TFile, TFolder } from "../harness/obsidianMock/files";
export { MetadataCache } from "../harness/obsidianMock/metadataCache";
export { MarkdownRenderer } from "../harness/obsidianMock/markdownRenderer";
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
export { SecretStorage } from "../harness/obsidianMock/secretStorage";
export { SuggestModal } from "../harness/obsidianMock/suggestModal";
export { Vault } from "../harness/obsidianMock/vault";
export { ItemView, View, WorkspaceLeaf } from "../harness/obsidianMock/view";
export { Workspace } from "../harness/obsidianMock/workspace";

let language = "en";

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
