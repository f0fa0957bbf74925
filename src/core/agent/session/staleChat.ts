import { layoutFor } from "../../workspace/layout";

/** Where a chat lives: the assistant folder it was begun in, `null` while nothing was sent. */
export interface ChatHome {
	readonly folder: string | null;
}

/**
 * The assistant folder a chat belongs to when that is no longer the assistant's folder (the
 * user switched it since): the chat's transcript and memory are the old folder's, so the chat
 * says so and offers a new one. `null` for a chat of the current folder, and for one not begun
 * (its first message goes to whatever folder is current then). Folders compare as vault paths
 * (`Assistant/` is `Assistant`; `/` and `""` are the vault root).
 */
export function staleChatFolder(chat: ChatHome, currentFolder: string): string | null {
	if (chat.folder === null) return null;
	const [was, now] = [layoutFor(chat.folder).root, layoutFor(currentFolder).root];
	return was === now ? null : was;
}
