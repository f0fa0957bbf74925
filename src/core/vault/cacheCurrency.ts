import type { NoteMetadata } from "../metadata";
import { hasExcludedTag, type IndexPolicy } from "./indexPolicy";
import { tagsOf } from "./noteProperties";
import { foldedAsMeant } from "../text/foldedAsMeant";
import { cannotStartTag } from "../text/tagStart";

/**
 * Whether `metadata` may still describe `text` as it was before its last edit in a way that
 * matters for privacy. The metadata cache reads a note a moment after it is saved, so a note the
 * user has just marked private or tagged is, for that moment, described by its old properties.
 * Two edits can hide a note, and each leaves a trace in the text itself:
 * - its properties changed: the block's closing fence no longer ends where the cache says;
 * - an excluded tag was written (`#health`) that the cache's tags do not have yet.
 * Anything else an edit does (more text, a heading) changes nothing the privacy rules read, so it
 * does not keep a note closed. An excluded tag inside code, which Obsidian does not count as a
 * tag, keeps the note closed too: a false alarm that fails closed. A `#` that cannot start a tag
 * at all (`\#secret`, a heading link `[[Diet#Secret sauce]]`, a URL's `page#secret`) is no such
 * trace: were it one, the note would stay closed for good, its cache never holding that tag.
 */
export function mayBeStale(metadata: NoteMetadata, text: string, policy: IndexPolicy): boolean {
	return propertiesMoved(metadata, text) || namesUnseenExcludedTag(metadata, text, policy);
}

/** A block's closing fence, after an optional byte-order mark and the opening fence. */
const BLOCK = /^\uFEFF?---[ \t]*\r?\n(?:[^\n]*\n)*?---[ \t]*(?=\r?\n|$)/;

function propertiesMoved(metadata: NoteMetadata, text: string): boolean {
	const cachedEnd = metadata.frontmatterPosition?.end.offset;
	if (cachedEnd === undefined) return false;
	const block = BLOCK.exec(text.slice(0, Math.max(cachedEnd + 256, 4096)));
	return block === null || block[0].length !== cachedEnd;
}

function namesUnseenExcludedTag(metadata: NoteMetadata, text: string, policy: IndexPolicy): boolean {
	if (policy.excludedTags.length === 0 || hasExcludedTag(tagsOf(metadata), policy)) return false;
	const folded = foldedAsMeant(text);
	return policy.excludedTags.some((tag) => writesTag(folded, tag));
}

/** Whether `#tag` (or a tag below it, `#tag/x`) stands in `folded` text as a whole tag. */
function writesTag(folded: string, tag: string): boolean {
	const written = `#${tag}`;
	for (let at = folded.indexOf(written); at !== -1; at = folded.indexOf(written, at + 1)) {
		if (cannotStartTag(folded, at)) continue;
		const after = folded.charCodeAt(at + written.length);
		if (Number.isNaN(after) || !/[\p{L}\p{N}_-]/u.test(String.fromCharCode(after))) return true;
	}
	return false;
}
