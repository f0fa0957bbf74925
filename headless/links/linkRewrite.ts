import type { CachedMetadata, Reference } from "obsidian";
import { getLinkpath, type LinkResolver } from "./linkResolver";

/** Where one note stood before and after a move (the same path when it did not move). */
export interface NoteMove {
	readonly before: string;
	readonly after: string;
}

/** The vault around a move: resolution before and after it, and old path → new path of every moved file. */
export interface VaultMove {
	readonly before: LinkResolver;
	readonly after: LinkResolver;
	readonly moved: ReadonlyMap<string, string>;
}

interface Edit {
	readonly start: number;
	readonly end: number;
	readonly text: string;
}

/**
 * A note's content with its links to moved files rewritten, as `FileManager.renameFile` does
 * with "Automatically update internal links" on: a link that resolved to a moved file and no
 * longer does gets the moved file's new link text (subpath and display text kept, wikilinks
 * without `.md`, markdown links with it). Links that still resolve are left as the user wrote
 * them. Frontmatter links have no position, so they are found by their text in the frontmatter.
 */
export function rewriteLinks(content: string, cache: CachedMetadata, note: NoteMove, vault: VaultMove): string {
	const edits: Edit[] = [];
	for (const reference of [...(cache.links ?? []), ...(cache.embeds ?? [])]) {
		const { start, end } = reference.position;
		if (content.slice(start.offset, end.offset) !== reference.original) continue;
		const text = rewrittenLink(reference, note, vault);
		if (text !== null) edits.push({ start: start.offset, end: end.offset, text });
	}
	edits.push(...frontmatterEdits(content, cache, note, vault));
	return edits
		.sort((a, b) => b.start - a.start)
		.reduce((text, edit) => text.slice(0, edit.start) + edit.text + text.slice(edit.end), content);
}

function frontmatterEdits(content: string, cache: CachedMetadata, note: NoteMove, vault: VaultMove): Edit[] {
	const frontmatterEnd = cache.frontmatterPosition?.end.offset;
	if (frontmatterEnd === undefined) return [];
	const frontmatter = content.slice(0, frontmatterEnd);
	const edits: Edit[] = [];
	let from = 0;
	for (const reference of cache.frontmatterLinks ?? []) {
		const start = frontmatter.indexOf(reference.original, from);
		if (start === -1) continue;
		from = start + reference.original.length;
		const text = rewrittenLink(reference, note, vault);
		if (text !== null) edits.push({ start, end: from, text });
	}
	return edits;
}

/** The new text of one link, or `null` when it is to stay as it is. */
function rewrittenLink(reference: Reference, note: NoteMove, vault: VaultMove): string | null {
	const linkpath = getLinkpath(reference.link);
	if (linkpath === "") return null;
	const oldTarget = vault.before.resolve(linkpath, note.before);
	const newTarget = oldTarget === null ? undefined : vault.moved.get(oldTarget);
	if (newTarget === undefined || vault.after.resolve(linkpath, note.after) === newTarget) return null;
	const wikilink = /^!?\[\[/.test(reference.original);
	const linktext = vault.after.linktext(newTarget, note.after, !wikilink);
	return wikilink
		? replaceWikilinkPath(reference.original, linktext)
		: replaceMarkdownLinkPath(reference.original, linktext);
}

/** `[[old#sub|shown]]` → `[[new#sub|shown]]`, embeds included. */
function replaceWikilinkPath(original: string, linktext: string): string {
	const open = original.indexOf("[[") + 2;
	const inner = original.slice(open, -2);
	const pipe = inner.indexOf("|");
	const target = pipe === -1 ? inner : inner.slice(0, pipe);
	const hash = target.indexOf("#");
	const kept = inner.slice(hash === -1 ? target.length : hash);
	return `${original.slice(0, open)}${linktext}${kept}]]`;
}

/** `[shown](old.md#sub)` → `[shown](new.md#sub)`, spaces encoded as Obsidian writes them. */
function replaceMarkdownLinkPath(original: string, linktext: string): string {
	const open = original.lastIndexOf("](") + 2;
	const url = original.slice(open, -1);
	const angled = url.startsWith("<") && url.endsWith(">");
	const bare = angled ? url.slice(1, -1) : url;
	const hash = bare.indexOf("#");
	const subpath = hash === -1 ? "" : bare.slice(hash);
	const path = angled ? `<${linktext}${subpath}>` : `${linktext.replace(/ /g, "%20")}${subpath}`;
	return `${original.slice(0, open)}${path})`;
}
