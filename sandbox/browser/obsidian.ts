/**
 * The `obsidian` module of the sandbox's page, which the plugin's `main.js` gets from `require`
 * (see `pluginLoader.ts`): the stand-in of `sandbox/obsidianApi/`, with what a person
 * sees drawn for real. Each name exported here takes the place of the mock's.
 */
export * from "../obsidianApi";
export { MarkdownRenderer } from "./markdown";
export { ShellNotice as Notice } from "./shellNotice";
export { Plugin, PluginSettingTab } from "./shellPlugin";
export { SecretComponent } from "./secretPicker";
export { requestUrl } from "./requestUrl";
