import type { VaultView } from "../vault/vaultView";
import { baseName, extensionOf, isInFolder, parentFolder } from "../vault/paths";
import { answersToIdentityRole } from "../workspace/identity";
import type { WorkspaceLayout } from "../workspace/layout";
import { descriptionOf } from "./promptNote";

/** A prompt as the chat's `/` suggestions and the palette list it, before its note is read. */
export interface PromptEntry {
	/** The note's file name without `.md`: what `/name` and "Run prompt: name" say. */
	readonly name: string;
	readonly path: string;
	/** The palette command's id, unique among the prompts and safe in Obsidian's `plugin-id:command-id`. */
	readonly commandId: string;
	readonly description?: string;
}

export interface PromptListing {
	readonly prompts: readonly PromptEntry[];
	/** Notes not listed because a prompt of the same name (in any case) comes first by path. */
	readonly shadowed: readonly string[];
}

/**
 * The most prompts listed. Each is a palette command and a suggestion; a folder of thousands of
 * notes set as the prompts folder by mistake would flood the palette and relist at every change.
 */
export const MAX_PROMPTS = 200;

/**
 * The prompts of `folder`: its Markdown notes and those of its subfolders, as the privacy view
 * shows them, so a note in a private folder or with a private tag is never a prompt, nor a note
 * the assistant writes (`writtenByAssistant`), whatever folder is set. Names are
 * unique whatever their case (`/summarize` must name one prompt): a note of the folder itself
 * wins over one of a subfolder, then the first by path. Past `MAX_PROMPTS`, notes are not read.
 */
export function listPrompts(view: VaultView, folder: string, layout: WorkspaceLayout): PromptListing {
	const notes = view
		.listFiles()
		.map((file) => file.path)
		.filter((path) => extensionOf(path) === "md" && path !== folder && isInFolder(path, folder))
		.filter((path) => !writtenByAssistant(path, layout))
		.sort((a, b) => depth(a) - depth(b) || (a < b ? -1 : a > b ? 1 : 0));
	const names = new Set<string>();
	const ids = new Set<string>();
	const prompts: PromptEntry[] = [];
	const shadowed: string[] = [];
	for (const path of notes) {
		if (prompts.length === MAX_PROMPTS) break;
		const name = baseName(path).trim();
		const key = nameKey(name);
		if (name === "" || names.has(key)) {
			shadowed.push(path);
			continue;
		}
		names.add(key);
		const commandId = uniqueId(commandIdOf(name), ids);
		const description = descriptionOf(view.getMetadata(path)?.frontmatter);
		prompts.push({ name, path, commandId, ...(description === undefined ? {} : { description }) });
	}
	return { prompts, shadowed };
}

/** The prompt a chat message calls with `/name`, and what the user wrote after the name; the longest name wins. */
export function slashCommandOf(
	prompts: readonly PromptEntry[],
	message: string,
): { readonly prompt: PromptEntry; readonly rest: string } | null {
	const text = message.trimStart();
	if (!text.startsWith("/")) return null;
	const called = nameKey(text.slice(1));
	const matches = prompts.filter((prompt) => {
		const key = nameKey(prompt.name);
		return called === key || (called.startsWith(key) && /^\s/.test(called.slice(key.length)));
	});
	const prompt = matches.sort((a, b) => b.name.length - a.name.length)[0];
	return prompt === undefined ? null : { prompt, rest: text.slice(1 + prompt.name.length).trim() };
}

/** The prompts whose names contain `query`, those that begin with it first; for the `/` suggestions. */
export function promptsMatching(prompts: readonly PromptEntry[], query: string): PromptEntry[] {
	const key = nameKey(query);
	const starts = prompts.filter((prompt) => nameKey(prompt.name).startsWith(key));
	const contains = prompts.filter((prompt) => !starts.includes(prompt) && nameKey(prompt.name).includes(key));
	return [...starts, ...contains];
}

/**
 * A note the assistant writes itself: its identity files, its memory, its chats' transcripts,
 * its captures (made directly in the inbox). A prompt is sent as the user's own message; one of
 * these, in a prompts folder set to hold them, would send the model's words as the user's.
 */
function writtenByAssistant(path: string, layout: WorkspaceLayout): boolean {
	// In any case: on a disk that ignores it, `inbox` is the folder `Inbox` the captures go to.
	const lower = path.toLowerCase();
	const folders = [parentFolder(layout.dailyFolder), layout.chatsFolder].map((folder) => folder.toLowerCase());
	return (
		answersToIdentityRole(path, layout) ||
		parentFolder(lower) === layout.inboxFolder.toLowerCase() ||
		folders.some((folder) => isInFolder(lower, folder))
	);
}

function depth(path: string): number {
	return path.split("/").length;
}

/** Names compared as a person reads them: same letters, whatever their case or Unicode composition. */
function nameKey(name: string): string {
	return name.normalize("NFC").toLowerCase();
}

/**
 * A command id from a name: letters and digits of any script kept, everything else (a `:` that
 * Obsidian reads as the plugin's separator, spaces, slashes, emoji) a dash.
 */
export function commandIdOf(name: string): string {
	const slug = nameKey(name)
		.replace(/[^\p{L}\p{N}]+/gu, "-")
		.replace(/^-+|-+$/g, "");
	return `run-prompt-${slug === "" ? "unnamed" : slug}`;
}

function uniqueId(id: string, taken: Set<string>): string {
	let unique = id;
	for (let count = 2; taken.has(unique); count++) unique = `${id}-${count}`;
	taken.add(unique);
	return unique;
}
