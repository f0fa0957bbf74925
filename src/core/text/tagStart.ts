/**
 * Where a `#` in a note's text can start no tag, as Obsidian reads the text: escaped (`\#secret`),
 * glued to a letter, digit, `_`, `-` or `/` before it (`a#b`, a heading link `[[Diet#Secret
 * sauce]]`, `example.com/#secret`), inside a wikilink (`[[#Secret]]`, `[[Diet|see #secret]]`), or
 * inside a bare URL (`https://example.com/?q=#secret`). The characters before a `#` that prevent a
 * tag are a part of those Obsidian counts as a tag's own, so a `#` that this says may start one is
 * read as a tag whenever Obsidian could: a reader of the raw text errs towards a tag.
 */
export function cannotStartTag(text: string, at: number): boolean {
	return isEscaped(text, at) || followsWordCharacter(text, at) || insideWikilink(text, at) || insideBareUrl(text, at);
}

const WORD_CHARACTER = /[\p{L}\p{N}_/-]/u;

/** An odd number of backslashes before it: `\#` is a `#`, while `\\#` is a backslash and then a `#`. */
export function isEscaped(text: string, at: number): boolean {
	let backslashes = 0;
	while (at - backslashes > 0 && text[at - backslashes - 1] === "\\") backslashes++;
	return backslashes % 2 === 1;
}

function followsWordCharacter(text: string, at: number): boolean {
	if (at === 0) return false;
	const before = text.codePointAt(at - 1) ?? 0;
	// The second half of a surrogate pair: the character is the pair, which starts one unit earlier.
	const character = before >= 0xdc00 && before <= 0xdfff && at >= 2 ? text.slice(at - 2, at) : text[at - 1];
	return WORD_CHARACTER.test(character);
}

/**
 * How far around a `#` a wikilink or a URL holding it is looked for: a link longer than this is
 * not seen, and its `#` may start a tag. Bounded, so that a note of many `#` costs no more than
 * a few thousand characters for each.
 */
const REACH = 1000;

/**
 * Between a `[[` that opens a wikilink and the `]]` that closes it, on one line. Brackets that open
 * none do not count: escaped (`\[[`), inside inline code (an odd number of backticks before them on
 * the line), or with a backtick between them, where each bracket may belong to a code span of its
 * own (`` `[[` #secret `]]` `` is a tag between two spans).
 */
function insideWikilink(text: string, at: number): boolean {
	const from = Math.max(0, at - REACH);
	const before = text.slice(from, at);
	const open = before.lastIndexOf("[[");
	const lineStart = before.lastIndexOf("\n") + 1;
	if (open === -1 || open < lineStart || before.includes("]]", open + 2)) return false;
	if (isEscaped(text, from + open) || backticks(before.slice(lineStart, open)) % 2 === 1) return false;
	const after = text.slice(at, at + REACH);
	const close = after.indexOf("]]");
	const lineEnd = after.indexOf("\n");
	if (close === -1 || (lineEnd !== -1 && lineEnd < close)) return false;
	return backticks(before.slice(open)) + backticks(after.slice(0, close)) === 0;
}

function backticks(text: string): number {
	return text.split("`").length - 1;
}

/** A scheme of a URL (`https`) at the end of the text before its `://`. */
const SCHEME = /[A-Za-z][A-Za-z0-9+.-]{0,31}$/;

/** After a scheme and `://`, with no space between them and the `#`. */
export function insideBareUrl(text: string, at: number): boolean {
	const from = Math.max(0, at - REACH);
	let start = at;
	while (start > from && !/\s/.test(text[start - 1])) start--;
	const word = text.slice(start, at);
	const separator = word.lastIndexOf("://");
	return separator > 0 && SCHEME.test(word.slice(Math.max(0, separator - 32), separator));
}
