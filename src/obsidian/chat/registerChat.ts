import { Notice, type Plugin } from "obsidian";
import type { MemorySearcher } from "../../core/agent/tools";
import type { Clock } from "../../core/ports";
import { t } from "../../i18n";
import { consolidateMemory } from "../memory/memoryCommands";
import type { OnboardingActions } from "../onboarding/onboardingActionsPort";
import { openPluginSettings } from "../settingsWindow";
import type { SettingsStore } from "../settingsStore";
import type { ChatEndpoint } from "../obsidianModel";
import { registerPromptCommands } from "../prompts/promptCommands";
import { PromptLibrary } from "../prompts/promptLibrary";
import { obsidianTurnPorts } from "../turnPorts";
import { CHAT_ICON, CHAT_VIEW_TYPE, ChatView } from "./chatView";
import { OverCapNotice } from "./overCapNotice";
import { registerSelectionCommands } from "./selectionCommands";

/**
 * Registers the chat pane, its ribbon icon, its links' hover previews, the "Open chat", "New chat"
 * and "New chat in a new tab" commands, the selection's commands and the prompts, which run in the
 * chat. Nothing here reads the vault: a turn builds what it needs when the user sends, the prompts
 * are listed once the vault is loaded.
 */
export function registerChat(
	plugin: Plugin,
	settingsStore: SettingsStore,
	index: MemorySearcher,
	clock: Clock,
	onboarding: Pick<OnboardingActions, "startConversation">,
	endpoint: ChatEndpoint = {},
): void {
	const ports = () => obsidianTurnPorts(plugin, settingsStore, index, clock, endpoint);
	const overCap = new OverCapNotice(settingsStore, () => void consolidateMemory({ plugin, settingsStore, ports }));
	const openSettings = () => {
		if (!openPluginSettings(plugin.app, plugin.manifest.id))
			new Notice(t("chat.welcome.settings-where", { plugin: plugin.manifest.name }));
	};
	const openInNewTab = () => void openChatInNewTab(plugin);
	const prompts = new PromptLibrary(plugin, settingsStore, clock);
	plugin.registerView(
		CHAT_VIEW_TYPE,
		(leaf) =>
			new ChatView(leaf, { settingsStore, clock, ports, overCap, onboarding, openSettings, openInNewTab, prompts }),
	);
	// Hovering a `[[link]]` in an answer shows the note, as the "Page preview" core plugin's settings say.
	plugin.registerHoverLinkSource(CHAT_VIEW_TYPE, { display: plugin.manifest.name, defaultMod: true });
	plugin.addRibbonIcon(CHAT_ICON, t("command.open-chat"), () => void openChat(plugin));
	plugin.addCommand({ id: "open-chat", name: t("command.open-chat"), callback: () => void openChat(plugin) });
	plugin.addCommand({
		id: "new-chat",
		name: t("command.new-chat"),
		callback: async () => (await openChat(plugin)).newChat(),
	});
	plugin.addCommand({ id: "new-chat-in-tab", name: t("command.new-chat-in-tab"), callback: openInNewTab });
	registerSelectionCommands(plugin, settingsStore, async (selection, intent) =>
		(await openChat(plugin)).attachSelection(selection, intent),
	);
	registerPromptCommands(plugin, prompts, async (turn) => (await openChat(plugin)).sendPrompt(turn));
	prompts.start();
}

/**
 * A new chat in a new tab of the main area, beside the tabs there, and shown: a chat of its
 * own, which runs beside any other without sharing its conversation.
 */
export async function openChatInNewTab(plugin: Plugin): Promise<ChatView> {
	const workspace = plugin.app.workspace;
	const leaf = workspace.getLeaf("tab");
	await leaf.setViewState({ type: CHAT_VIEW_TYPE, active: true });
	await workspace.revealLeaf(leaf);
	if (!(leaf.view instanceof ChatView)) throw new Error("The chat tab did not open.");
	leaf.view.newChat();
	return leaf.view;
}

/** The chat pane, opened in the right sidebar if it is not open yet, and shown. */
export async function openChat(plugin: Plugin): Promise<ChatView> {
	const workspace = plugin.app.workspace;
	let leaf = workspace.getLeavesOfType(CHAT_VIEW_TYPE)[0] ?? null;
	if (leaf === null) {
		leaf = workspace.getRightLeaf(false) ?? workspace.getLeaf(true);
		await leaf.setViewState({ type: CHAT_VIEW_TYPE, active: true });
	}
	await workspace.revealLeaf(leaf);
	if (!(leaf.view instanceof ChatView)) throw new Error("The chat pane did not open.");
	return leaf.view;
}
