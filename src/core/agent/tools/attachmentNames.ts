import { attachmentMediaType } from "../../model/attachmentFiles";
import { CJK, classOfCodePoint } from "../../text/characterClasses";
import { baseName } from "../../vault/paths";
import type { VaultView } from "../../vault/vaultView";

/** At most this many files are named: a pointer to what exists, not a listing. */
const MAX_NAMED = 5;
/** Shorter Latin words ("the", "pdf", "of") would name half the vault's files. */
const MIN_WORD_CHARS = 4;

/**
 * The images and PDFs of the vault (those the view shows) whose names share a word with `query`:
 * `receipt` finds `Files/Receipt 2026-03.png`, and a name written in Chinese is found within the
 * query (`发票` in `我的发票在哪`). Matched by name alone: nothing is read.
 */
export function attachmentsNamed(query: string, vault: VaultView): string[] {
	const queryText = query.toLowerCase();
	const queryWords = new Set(wordsOf(queryText));
	if (queryWords.size === 0) return [];
	const cjkWords = [...queryWords].filter((word) => word.length >= 2 && hasCjk(word));
	const namedLikeQuery = (path: string) => {
		if (attachmentMediaType(path) === null) return false;
		const name = baseName(path).toLowerCase();
		return (
			wordsOf(name).some((word) => queryWords.has(word) || (hasCjk(word) && queryText.includes(word))) ||
			cjkWords.some((word) => name.includes(word))
		);
	};
	// The names first: the privacy rules are then asked of a few files, not of the whole vault.
	return vault
		.listFiles(namedLikeQuery)
		.map((file) => file.path)
		.sort()
		.slice(0, MAX_NAMED);
}

/** The words of `text` that may name a file: Latin ones of four characters or more, any run with CJK. */
function wordsOf(text: string): string[] {
	return text.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length >= MIN_WORD_CHARS || (word !== "" && hasCjk(word)));
}

function hasCjk(word: string): boolean {
	for (const char of word) if (classOfCodePoint(char.codePointAt(0) ?? 0) === CJK) return true;
	return false;
}
