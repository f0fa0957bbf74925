import { joinVaultPath, normalizeVaultPath } from "../vault/paths";

/**
 * Where the assistant keeps its files, all below one assistant folder (the vault root by default,
 * so that the vault itself is the workspace). These are the canonical names used when a file is
 * created; existing files are found case-insensitively and by alias (see `identity.ts`).
 */
export interface WorkspaceLayout {
	/** The assistant folder; `""` is the vault root. */
	readonly root: string;
	readonly soul: string;
	readonly user: string;
	readonly rules: string;
	readonly memory: string;
	readonly heartbeat: string;
	readonly dailyFolder: string;
	readonly weeklyFolder: string;
	readonly archiveFolder: string;
	/** Where captures go: the inbox folder the settings name, or the assistant folder's `Inbox`. */
	readonly inboxFolder: string;
	readonly chatsFolder: string;
	/** Where prompt notes are kept: the prompts folder the settings name, or the assistant folder's `Prompts`. */
	readonly promptsFolder: string;
}

/** The folders a workspace's settings name, as the layout takes them. */
export interface LayoutSettings {
	readonly assistantFolder: string;
	readonly inboxFolder: string;
	readonly promptsFolder: string;
}

/** The layout the settings say: the assistant folder, with their inbox and prompts folders. */
export function layoutOf(settings: LayoutSettings): WorkspaceLayout {
	return layoutFor(settings.assistantFolder, settings.inboxFolder, settings.promptsFolder);
}

/**
 * The layout of the assistant folder `assistantFolder`, with captures going to `inboxFolder` and
 * prompts kept in `promptsFolder` (both vault-relative) when the settings name them. Neither is
 * checked here: every write into them passes the containment guard, prompts are read through
 * the privacy view (`promptsFolderIn` falls back from a refused one), and the settings tab
 * refuses a folder the guard would refuse.
 */
export function layoutFor(assistantFolder: string, inboxFolder = "", promptsFolder = ""): WorkspaceLayout {
	const normalized = normalizeVaultPath(assistantFolder);
	const root = normalized === "/" ? "" : normalized;
	const at = (...segments: string[]) => joinVaultPath(root, ...segments);
	const inbox = normalizeVaultPath(inboxFolder.trim());
	const prompts = normalizeVaultPath(promptsFolder.trim());
	return {
		root,
		soul: at("soul.md"),
		user: at("user.md"),
		rules: at("claude.md"),
		memory: at("memory.md"),
		heartbeat: at("HEARTBEAT.md"),
		dailyFolder: at("memory", "daily"),
		weeklyFolder: at("memory", "weekly"),
		archiveFolder: at("memory", "archive"),
		// The vault root is no inbox: an empty setting (or `/`) is the assistant folder's own.
		inboxFolder: inbox === "/" ? at("Inbox") : inbox,
		chatsFolder: at("chats"),
		promptsFolder: prompts === "/" ? at("Prompts") : prompts,
	};
}
