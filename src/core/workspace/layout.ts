import { joinVaultPath, normalizeVaultPath } from "../vault/paths";

/**
 * Where the assistant keeps its files, all below one assistant folder (the vault root by
 * default, as in the reference design). These are the canonical names used when a file is
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
	readonly inboxFolder: string;
	readonly chatsFolder: string;
}

export function layoutFor(assistantFolder: string): WorkspaceLayout {
	const normalized = normalizeVaultPath(assistantFolder);
	const root = normalized === "/" ? "" : normalized;
	const at = (...segments: string[]) => joinVaultPath(root, ...segments);
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
		inboxFolder: at("Inbox"),
		chatsFolder: at("chats"),
	};
}
