import type { AuditActor } from "../audit/record";
import type { WriteOutcome } from "../vault/auditedWriter";
import { baseName } from "../vault/paths";
import { firstMeaningfulLine } from "./archiveIndex";
import { captureToInbox } from "./capture";
import type { MemoryDeps } from "./memoryDeps";

/**
 * "Capture selection": text selected in a note becomes a new inbox note whose `source` is a
 * link back to that note. A frontmatter link is a link to Obsidian: the source note lists the
 * capture among its backlinks, and the link follows the source note when it moves. Text selected
 * in a note the privacy view hides (a private folder, an excluded tag, `assistant: private`) is
 * captured marked `assistant: private`: a copy of a hidden note is as hidden as the note.
 */

export interface SelectionCapture {
	/** The vault path of the note the text was selected in. */
	readonly sourcePath: string;
	readonly selection: string;
	/** The title the user typed; without one, the selection's first line. */
	readonly title?: string;
	readonly tags?: readonly string[];
	readonly actor: AuditActor;
}

/** The longest title taken from a selection, in characters; the file name is cut further if need be. */
const TITLE_FROM_SELECTION_CHARS = 60;

export function captureSelection(
	deps: MemoryDeps,
	inboxFolder: string,
	capture: SelectionCapture,
): Promise<WriteOutcome> {
	return captureToInbox(deps, inboxFolder, {
		title: selectionTitle(capture),
		text: capture.selection,
		tags: capture.tags,
		source: sourceLink(capture.sourcePath),
		private: deps.vault.hiddenReason(capture.sourcePath) !== null,
		actor: capture.actor,
	});
}

/**
 * `[[path/without/extension|Name]]`: the full path, so that a note of the same name elsewhere
 * cannot take the link, shown as the note's name.
 */
export function sourceLink(sourcePath: string): string {
	return `[[${sourcePath.replace(/\.md$/i, "")}|${baseName(sourcePath)}]]`;
}

function selectionTitle(capture: SelectionCapture): string {
	const typed = capture.title?.trim() ?? "";
	if (typed !== "") return typed;
	const line = firstMeaningfulLine(capture.selection) ?? baseName(capture.sourcePath);
	const characters = [...line];
	return characters.length <= TITLE_FROM_SELECTION_CHARS
		? line
		: characters.slice(0, TITLE_FROM_SELECTION_CHARS).join("");
}
