import { FRONTMATTER_FENCE } from "../text/frontmatterBlock";
import { cannotStartTag, isEscaped } from "../text/tagStart";
import { hasExcludedTag, type IndexPolicy } from "./indexPolicy";
import { normalizeTag } from "./noteProperties";

/**
 * `text` with every `#` that would start an excluded tag escaped (`\#secret`), which Obsidian
 * shows as `#secret` and reads as no tag. For text the assistant adds to a note: an excluded tag
 * in its memory entry would hide the whole day's note (or the user's own daily note) from it
 * from then on. A full-width or small number sign (`＃`, `﹟`), which the privacy rules read as a
 * `#`, becomes an escaped `#`. A tag is taken as widely as the rules could read it (up to the next
 * space, and up to its first character that is no letter, digit, `_`, `-` or `/`), so that
 * whatever Obsidian makes of it, the text holds no excluded tag.
 */
export function escapeExcludedTags(text: string, policy: IndexPolicy): string {
	const signs = excludedTagsIn(text, policy, "tags only").map(({ at }) => ({ at, end: at + 1 }));
	return spliced(text, signs, "\\#");
}

/**
 * `text` with every excluded tag, found as `escapeExcludedTags` finds them, replaced by `marker`:
 * for text read again under today's rules, in which such a tag names what is private now. An
 * escaped one (`\#secret`, as the assistant's own escaping writes it) is no tag, yet it still
 * spells the tag's name: withheld too, with its backslash.
 */
export function withholdExcludedTags(text: string, policy: IndexPolicy, marker: string): string {
	return spliced(text, excludedTagsIn(text, policy, "escaped too"), marker);
}

/**
 * Each excluded tag of `text`: where it starts (its sign, or the backslash that escapes it when
 * `escaped too`) and where it ends (its word, or the tag part of it that is excluded).
 */
function excludedTagsIn(
	text: string,
	policy: IndexPolicy,
	which: "tags only" | "escaped too",
): { readonly at: number; readonly end: number }[] {
	if (policy.excludedTags.length === 0) return [];
	const found: { at: number; end: number }[] = [];
	for (const sign of text.matchAll(TAG_SIGN)) {
		const at = sign.index;
		const escaped = which === "escaped too" && isEscaped(text, at);
		if (!escaped && cannotStartTag(text, at)) continue;
		const word = WORD.exec(text.slice(at + 1, at + 1 + LONGEST_TAG))?.[0] ?? "";
		const tagPart = TAG_PART.exec(word)?.[0] ?? "";
		if (!hasExcludedTag([normalizeTag(word), normalizeTag(tagPart)], policy)) continue;
		const tag = hasExcludedTag([normalizeTag(tagPart)], policy) ? tagPart : word;
		found.push({ at: escaped ? at - 1 : at, end: at + 1 + tag.length });
	}
	return found;
}

/** `text` with each span, in order, replaced by `replacement`. */
function spliced(
	text: string,
	spans: readonly { readonly at: number; readonly end: number }[],
	replacement: string,
): string {
	let result = "";
	let done = 0;
	for (const { at, end } of spans) {
		result += text.slice(done, at) + replacement;
		done = end;
	}
	return result + text.slice(done);
}

/**
 * Text a model wrote, as the body of a note the assistant writes whole (an answer saved as a
 * note, a consolidated `memory.md`): its excluded tags escaped, and no properties block at its
 * top, where `assistant: private` or an excluded tag would hide the note. A first line of `---`
 * goes one line down, below an empty line, where Obsidian reads no properties; the text is kept.
 */
export function modelWrittenBody(text: string, policy: IndexPolicy): string {
	const escaped = escapeExcludedTags(text, policy);
	const firstLine = escaped.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0];
	return FRONTMATTER_FENCE.test(firstLine) ? `\n${escaped}` : escaped;
}

/** The number signs the privacy rules fold to `#`: ASCII, full-width, small. */
const TAG_SIGN = /[#\uFF03\uFE5F]/g;
/** What may follow a `#` as its tag, at most: anything up to a space or another number sign. */
const WORD = /^[^\s#\uFF03\uFE5F]*/;
/** The tag as Obsidian reads it at least: letters, marks, digits, invisible characters, `_`, `-`, `/`. */
const TAG_PART = /^[\p{L}\p{M}\p{N}\p{Cf}_/-]*/u;
/** Longer than any tag a person types: the rules match a tag by how it starts (itself, or a tag below it). */
const LONGEST_TAG = 512;
