import { tokenize } from "../../retrieval";
import { isInFolder } from "../../vault/paths";
import { answersToIdentityRole } from "../../workspace/identity";
import type { WorkspaceLayout } from "../../workspace/layout";

/**
 * The assistant's own files: its identity files (`claude.md`, `soul.md`, `user.md`, `memory.md`,
 * `HEARTBEAT.md` and the other names they answer to, directly in the assistant folder) and its
 * daily, weekly and archived memory there. A person asking about their notes does not want the
 * assistant's instructions and diary as answers; asking about the assistant, they do.
 */
export function isAssistantFile(path: string, layout: WorkspaceLayout): boolean {
	const lower = path.toLowerCase();
	const memoryFolders = [layout.dailyFolder, layout.weeklyFolder, layout.archiveFolder];
	return answersToIdentityRole(path, layout) || memoryFolders.some((folder) => isInFolder(lower, folder.toLowerCase()));
}

/**
 * The words that make a question about the assistant's own files: the files' names (`soul`,
 * `heartbeat`, `claude`; `memory` for `memory.md` and the memory folders), and asking about the
 * assistant itself, its memory or its identity, in English, Chinese and Japanese. "You" alone is
 * not among them: most questions to the assistant say it ("can you find my notes on...").
 */
const ABOUT_THE_ASSISTANT = new Set(
	tokenize(
		[
			"soul heartbeat claude agents assistant yourself memory memories remember identity personality persona",
			"助理 助手 记忆 记得 身份 性格 人格 灵魂 心跳",
			"アシスタント 記憶 覚え 人格 性格",
		].join(" "),
	),
);

/** Whether `query` is about the assistant's own files (see `ABOUT_THE_ASSISTANT`), so that they may answer it. */
export function asksAboutAssistantFiles(query: string): boolean {
	return tokenize(query).some((token) => ABOUT_THE_ASSISTANT.has(token));
}
