import type { App, TFile } from "obsidian";
import { retitledTranscriptPath, transcriptStart, transcriptTitle } from "../../core/agent/transcript";
import { isInFolder } from "../../core/vault/paths";

/** A past chat, as the history lists it. */
export interface ChatEntry {
	readonly file: TFile;
	readonly title: string;
	/** When the chat began (ms): from the transcript's name, else from the file. */
	readonly started: number;
}

/** The chats whose transcripts are in `chatsFolder`, the newest first. */
export function listChats(app: App, chatsFolder: string): ChatEntry[] {
	return app.vault
		.getMarkdownFiles()
		.filter((file) => isInFolder(file.path, chatsFolder))
		.map((file) => ({
			file,
			title: transcriptTitle(file.path),
			started: transcriptStart(file.path)?.getTime() ?? file.stat.ctime,
		}))
		.sort((a, b) => b.started - a.started || b.file.stat.mtime - a.file.stat.mtime);
}

/**
 * Gives a chat a new title by renaming its transcript through the file manager, so that links
 * to it follow (when the user's setting says so). Returns the transcript's path after.
 */
export async function renameChat(app: App, file: TFile, title: string): Promise<string> {
	const target = retitledTranscriptPath(file.path, title, (path) => app.vault.getAbstractFileByPath(path) !== null);
	if (target !== file.path) await app.fileManager.renameFile(file, target);
	return target;
}

/** Deletes a chat's transcript as the user's "Deleted files" setting says (the trash, by default). */
export async function trashChat(app: App, file: TFile): Promise<void> {
	await app.fileManager.trashFile(file);
}
