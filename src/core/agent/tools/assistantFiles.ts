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
 * What makes a question about the assistant's own files: a file's name (`soul`, `heartbeat`,
 * `claude.md`...), or asking about the assistant itself, its memory or its identity, in English,
 * Chinese and Japanese. Memory is asked about as the assistant's ("your memory", "do you
 * remember", 你记得), never by the word alone, which is also what a note is about ("sleep and
 * memory", 睡眠与记忆); "you" alone is not enough either, as most questions to the assistant say
 * it ("can you find my notes on...").
 */
const ABOUT_THE_ASSISTANT = new RegExp(
	[
		"\\b(soul|heartbeat|claude|assistant|yourself)\\b",
		"\\b(soul|user|claude|agents|profile|memory|heartbeat)\\.md\\b",
		"\\byour (memory|memories|identity|personality|persona|rules|instructions)\\b",
		"\\byou (remember|recall)\\b",
		"\\b(daily|long-term|long term) memory\\b",
		"\\bweekly summar(y|ies)\\b",
		"助理|助手|你的记忆|你记得|你还记得|长期记忆|每日记忆|你是谁|你的身份|你的性格|你的人格|灵魂|心跳",
		"アシスタント|あなたの記憶|覚えて(い|る)",
	].join("|"),
);

/** Whether `query` is about the assistant's own files (see `ABOUT_THE_ASSISTANT`), so that they may answer it. */
export function asksAboutAssistantFiles(query: string): boolean {
	return ABOUT_THE_ASSISTANT.test(query.normalize("NFKC").toLowerCase());
}
