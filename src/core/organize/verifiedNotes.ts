import type { MetadataSource, NoteStore } from "../ports";
import { extensionOf } from "../vault/paths";
import { isVerified } from "../vault/verifiedFlag";
import { notesLinkingTo } from "./noteLinks";

/**
 * The verified notes (`isVerified`) a move changes, which organizing never changes unasked: the
 * visible ones by path, in path order, and how many private ones.
 */
export interface VerifiedChange {
	readonly visible: readonly string[];
	readonly hidden: number;
}

/**
 * The verified notes a move of `path` would change: the note itself and every note linking to it,
 * private or not (Obsidian rewrites links in all of them). `source` is the whole vault; `isHidden`
 * says which of them the privacy view hides, so that those are counted and never named.
 */
export function verifiedNotesChangedByMove(
	source: { readonly store: Pick<NoteStore, "listFiles">; readonly metadata: MetadataSource },
	isHidden: (path: string) => boolean,
	path: string,
): VerifiedChange {
	const notes = source.store
		.listFiles()
		.map((file) => file.path)
		.filter((note) => extensionOf(note) === "md");
	const changed = [path, ...notesLinkingTo(source.metadata, notes, path)].filter(
		(note) => extensionOf(note) === "md" && isVerified(source.metadata.getMetadata(note)),
	);
	return { visible: changed.filter((note) => !isHidden(note)).sort(), hidden: changed.filter(isHidden).length };
}
