import { baseName } from "../../vault/paths";
import { normalizeTag } from "../../vault/noteProperties";

/** A query taken apart: free text, `#tags` (filters), and `[[links]]` (notes that must be in the results). */
export interface ParsedQuery {
	readonly text: string;
	/** Normalized (see `normalizeTag`). */
	readonly tags: readonly string[];
	/** Link paths, without `#heading` or `|display text`. */
	readonly links: readonly string[];
}

const WIKILINK = /\[\[([^\]\n]+?)\]\]/g;
/** A `#tag` as Obsidian writes one: after a space or the start, up to a space or punctuation. */
const TAG = /(^|[\s,;(，；（])#([^\s#,;()[\]{}"'`，；（）]+)/gu;

export function parseQuery(query: string): ParsedQuery {
	const links: string[] = [];
	const tags: string[] = [];
	// A link's words still count as text ("[[Atlas plan]] budget" also ranks notes that mention the plan).
	const withoutLinks = query.replace(WIKILINK, (_whole, inner: string) => {
		const [target, display] = inner.split("|", 2);
		const linkpath = target.split("#", 1)[0].trim();
		if (linkpath !== "") links.push(linkpath);
		return ` ${display ?? baseName(linkpath)} `;
	});
	const text = withoutLinks.replace(TAG, (whole, before: string, tag: string) => {
		// Obsidian does not take an all-digit "#123" for a tag; neither do we.
		if (/^\d+$/.test(tag)) return whole;
		tags.push(normalizeTag(tag));
		return before;
	});
	return { text: text.replace(/\s+/g, " ").trim(), tags, links };
}
