/** Link text as Obsidian reads it: what a reference points to and the text it shows. */

export interface LinkTarget {
	readonly link: string;
	readonly displayText: string;
}

/**
 * The inside of `[[...]]`. The first `|` separates the alias, unless nothing precedes it
 * (`[[|x]]` links to `|x`). Without an alias Obsidian shows the subpath as `note > heading`.
 */
export function wikilinkTarget(inner: string): LinkTarget {
	const bar = inner.indexOf("|");
	if (bar > 0) return { link: inner.slice(0, bar), displayText: inner.slice(bar + 1) };
	const displayText = inner
		.split("#")
		.filter((part) => part !== "")
		.join(" > ");
	return { link: inner, displayText };
}

/** `[[...]]` filling a whole string, as in a frontmatter value; `null` otherwise. */
export function wholeWikilink(text: string): LinkTarget | null {
	const match = /^\[\[([^\]]+)\]\]$/.exec(text);
	return match ? wikilinkTarget(match[1]) : null;
}

const URL_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const BACKSLASH_ESCAPE = /\\([!-/:-@[-`{-~])/g;

/**
 * A markdown link's destination as Obsidian indexes it: backslash escapes and percent-encoding
 * undone. `null` for what it does not index: external URLs and empty destinations.
 */
export function markdownLinkTarget(destination: string): string | null {
	if (destination === "" || URL_SCHEME.test(destination)) return null;
	const unescaped = destination.replace(BACKSLASH_ESCAPE, "$1");
	try {
		return decodeURIComponent(unescaped);
	} catch {
		return unescaped;
	}
}
