/**
 * Markdown's links and embeds as Obsidian reads them: `[text](path)` and `![alt](path)`, the text
 * holding bracketed words of its own (`[see [1]](Pay.md)`), the path bare (parentheses in it
 * balanced) or in `<...>`, and a title after it in double or single quotes or in parentheses.
 * Groups: the `!` of an embed, the text, the destination as written.
 */
export const MARKDOWN_LINK =
	/(!?)\[((?:[^[\]\n]|\[[^[\]\n]*\])*)\]\(\s*(<[^>\n]*>|(?:[^()\s]|\([^()\s]*\))*)(?:\s+(?:"[^"\n]*"|'[^'\n]*'|\([^()\n]*\)))?\s*\)/g;

/** A link with a scheme (`https:`, `mailto:`, `obsidian:`) leads out of the vault's files. */
export const URL_SCHEME = /^[a-z][a-z0-9+.-]*:/i;
