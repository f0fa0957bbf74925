import type { VaultView } from "../../vault/vaultView";
import { extensionOf, fileName, isInFolder } from "../../vault/paths";
import type { IdentityFiles } from "../../workspace/identity";
import type { WorkspaceLayout } from "../../workspace/layout";

/** How many example questions the empty chat offers. */
export const EXAMPLE_COUNT = 3;

/**
 * Titles that name no topic: a date (a daily note), or Obsidian's "Untitled" and its numbered
 * copies, in English or Chinese.
 */
const NAMELESS_TITLE = /^(\d{4}[-./年]?\d{1,2}[-./月]?\d{1,2}日?|\d{4}-W\d{2}|untitled( \d+)?|未命名( \d+)?)$/iu;

/**
 * What the example questions of the empty chat are about: the topics of the notes the user
 * changed most recently, newest first, one a note, never twice the same. A note's topic is its
 * title, or its first heading when the title names nothing (a daily note); a note with neither
 * gives none. Only the notes the view shows count (a hidden note never lends its title), and
 * none of the assistant's own folder (its identity files, memory, chats), which are about the
 * assistant rather than the user's work.
 *
 * The view orders the listing by date before it judges any note and judges the newest few alone,
 * reading the metadata of those, so a vault of 50,000 notes costs one scan and no sort.
 */
export function exampleTopics(
	view: Pick<VaultView, "newestFiles" | "getMetadata">,
	layout: WorkspaceLayout,
	identity: IdentityFiles,
	count = EXAMPLE_COUNT,
): string[] {
	const own = assistantsOwn(layout, identity);
	// Some notes give no topic, or the same one: a few spare.
	const candidates = view.newestFiles(count * 4, (path) => extensionOf(path) === "md" && !own(path));
	const topics: string[] = [];
	for (const file of candidates) {
		const topic = topicOf(file.path, view);
		if (topic === null || topics.some((taken) => taken.toLowerCase() === topic.toLowerCase())) continue;
		topics.push(topic);
		if (topics.length === count) break;
	}
	return topics;
}

/**
 * Whether a note is the assistant's: anything in its folder, or, when that folder is the vault
 * root (where the user's notes are too), its identity files and its memory and chat folders; and
 * the prompts, wherever they are kept (a prompt is an instruction, not a topic).
 */
function assistantsOwn(layout: WorkspaceLayout, identity: IdentityFiles): (path: string) => boolean {
	if (layout.root !== "") return (path) => isInFolder(path, layout.root) || isInFolder(path, layout.promptsFolder);
	const files = new Set(Object.values(identity).filter((path): path is string => path !== null));
	const folders = [
		layout.dailyFolder,
		layout.weeklyFolder,
		layout.archiveFolder,
		layout.chatsFolder,
		layout.promptsFolder,
	];
	return (path) => files.has(path) || folders.some((folder) => isInFolder(path, folder));
}

function topicOf(path: string, view: Pick<VaultView, "getMetadata">): string | null {
	const title = fileName(path).replace(/\.md$/i, "").trim();
	if (title !== "" && !NAMELESS_TITLE.test(title)) return title;
	const heading = view.getMetadata(path)?.headings?.[0]?.heading.trim() ?? "";
	return heading === "" || NAMELESS_TITLE.test(heading) ? null : heading;
}
