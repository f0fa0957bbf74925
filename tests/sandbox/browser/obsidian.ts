/**
 * The `obsidian` module of the sandbox's page, which the plugin's `main.js` gets from `require`
 * (see `pluginLoader.ts`): the jest mock of `tests/__mocks__/obsidian.ts`, with what a person
 * sees drawn for real. Each name exported here takes the place of the mock's.
 */
export * from "../../__mocks__/obsidian";
export { MarkdownRenderer } from "./markdown";
export { ShellNotice as Notice } from "./shellNotice";
export { Plugin, PluginSettingTab } from "./shellPlugin";
export { SecretComponent } from "./secretPicker";
