import type { NoteMetadata } from "../../metadata";
import { checkReadAccess } from "../../vault/readAccess";
import { readForModel } from "../derivedNotes";
import type { MemoryToolDeps } from "./memoryToolDeps";
import { outlineOf, type NoteOutline } from "./noteOutline";
import { passageAt } from "./notePassage";
import { withResolvedLinks } from "./passageLinks";

/** At most this many notes linked from the top hit follow the results: a lead to follow, not more results. */
export const MAX_LINKED_NOTES = 2;
/** What is shown of a linked note: its opening, shorter than a result's passage. */
const LINKED_PASSAGE_CHARS = 300;

export interface LinkedNote {
	readonly path: string;
	/** 1-based: where the passage starts. */
	readonly line: number;
	readonly heading: string;
	readonly passage: string;
}

/** The notes the top hit `from` links to, shown below the results whether or not they share a word with the query. */
export interface LinkedNotes {
	readonly from: string;
	readonly notes: readonly LinkedNote[];
}

/**
 * Up to `MAX_LINKED_NOTES` notes the top hit links to that are not among the results: first
 * those linked from the line shown for it, then the rest in the order the note links them, its
 * properties' links last. Each is resolved through the view and read through the read guard, so
 * a note the view hides (private, in an excluded folder, with properties that cannot be read) is
 * never one of them; `admits` leaves out what the search itself left out.
 */
export async function linkedNotesOf(
	top: { readonly path: string; readonly line: number },
	shown: ReadonlySet<string>,
	admits: (path: string) => boolean,
	deps: MemoryToolDeps,
): Promise<LinkedNotes | null> {
	const metadata = deps.vault.getMetadata(top.path);
	const notes: LinkedNote[] = [];
	const seen = new Set([top.path, ...shown]);
	for (const linkpath of linkpathsOf(metadata, top.line)) {
		if (notes.length === MAX_LINKED_NOTES) break;
		const target = deps.vault.resolveLink(linkpath, top.path);
		if (target === null || seen.has(target) || !admits(target)) continue;
		seen.add(target);
		const access = checkReadAccess(target, deps.vault);
		if (access.kind !== "allowed" || !/\.md$/i.test(access.path)) continue;
		const linked = outlineOf(access.path, await readForModel(deps, access.path), access.metadata);
		notes.push(openingOf(linked, deps));
	}
	return notes.length === 0 ? null : { from: top.path, notes };
}

/** The note's first section with something in it, from its start. */
function openingOf(outline: NoteOutline, deps: MemoryToolDeps): LinkedNote {
	const section = outline.sections.find((candidate) => candidate.blocks.length > 0) ?? outline.sections[0];
	const line = (section.blocks[0]?.start ?? section.start) + 1;
	const passage = passageAt(outline, line, LINKED_PASSAGE_CHARS);
	return {
		path: outline.path,
		line,
		heading: passage.heading,
		passage: withResolvedLinks(passage.text, outline.path, deps.vault),
	};
}

/** The link paths of a note, each once: those on `line` (1-based) first, then the body's in order, then its properties'. */
function linkpathsOf(metadata: NoteMetadata | null, line: number): string[] {
	const body = [...(metadata?.links ?? [])].sort(
		(a, b) =>
			Number(b.position.start.line === line - 1) - Number(a.position.start.line === line - 1) ||
			a.position.start.offset - b.position.start.offset,
	);
	const linkpaths = [...body, ...(metadata?.frontmatterLinks ?? [])].map(({ link }) => link.split("#", 1)[0].trim());
	return [...new Set(linkpaths.filter((linkpath) => linkpath !== ""))];
}
