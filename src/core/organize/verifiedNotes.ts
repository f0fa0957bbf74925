import type { NoteMetadata } from "../metadata";
import type { MetadataSource, NoteStore } from "../ports";
import { extensionOf } from "../vault/paths";
import { notesLinkingTo } from "./noteLinks";

/**
 * Notes the user marked `verified`, which organizing never changes unasked. A move changes the
 * notes whose links to the moved note Obsidian rewrites, and the moved note itself.
 *
 * `verified` is read as a person means it: the key in any case or width, and a value of `true`
 * (YAML's `true`, `True`, `TRUE`), `1`, or a string that folds to `true`, `yes`, `y`, `on`, `1`,
 * `是`, `✓` or `✔`, alone or in a list. A note whose properties cannot be read, or that the
 * metadata cache does not know yet, counts as verified: nothing says it is not.
 */

const YES = new Set(["true", "yes", "y", "on", "1", "是", "✓", "✔"]);

function fold(text: string): string {
	return text.normalize("NFKC").trim().toLowerCase();
}

function meansYes(value: unknown): boolean {
	if (value === true || value === 1) return true;
	if (typeof value === "string") return YES.has(fold(value));
	return (
		Array.isArray(value) &&
		value.some((item) => item === true || item === 1 || (typeof item === "string" && YES.has(fold(item))))
	);
}

export function isVerified(metadata: NoteMetadata | null): boolean {
	if (metadata === null) return true;
	const unreadable = metadata.frontmatter === undefined && metadata.sections?.[0]?.type === "yaml";
	if (unreadable) return true;
	return Object.entries(metadata.frontmatter ?? {}).some(([key, value]) => fold(key) === "verified" && meansYes(value));
}

/** The verified notes a move changes: the visible ones by path, in path order, and how many private ones. */
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
