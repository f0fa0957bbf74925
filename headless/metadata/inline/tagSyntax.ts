/**
 * Obsidian's tag syntax: `#` then letters of any script, digits, emoji, `_`, `-` and `/`. A tag
 * of digits only (`#1984`) is not a tag. A `#` glued to a preceding tag character (`a#b`, a URL's
 * `page#anchor`) starts no tag, while punctuation before it does not prevent one (`\[#tag`).
 */
const TAG_CHARACTER =
	/[\p{L}\p{M}\p{N}\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}\u200d\ufe0f_/-]/u;

function isTagCharacter(char: string): boolean {
	return TAG_CHARACTER.test(char);
}

/** The code point that ends just before `index`, or "" at the start. */
function characterBefore(text: string, index: number): string {
	if (index === 0) return "";
	const last = text.charCodeAt(index - 1);
	const isLowSurrogate = last >= 0xdc00 && last <= 0xdfff;
	return isLowSurrogate && index >= 2 ? text.slice(index - 2, index) : text[index - 1];
}

/** The length of the tag (with its `#`) that starts at `text[index] === "#"`, or 0 when none does. */
export function tagLengthAt(text: string, index: number): number {
	const before = characterBefore(text, index);
	if (before !== "" && isTagCharacter(before)) return 0;
	let end = index + 1;
	while (end < text.length) {
		const char = String.fromCodePoint(text.codePointAt(end) ?? 0);
		if (!isTagCharacter(char)) break;
		end += char.length;
	}
	const body = text.slice(index + 1, end);
	return body === "" || /^\d+$/.test(body) ? 0 : end - index;
}
