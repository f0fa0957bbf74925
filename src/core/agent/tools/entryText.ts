import * as z from "zod/mini";

/** The most text one write may add: an entry, a note or an annotation, not a document. */
export const MAX_ENTRY_CHARS = 4000;

/** Text the model asks to write: not blank, at most `maxChars` characters. */
export function entryText(description: string, maxChars = MAX_ENTRY_CHARS) {
	return z.string().check(
		z.minLength(1),
		z.maxLength(maxChars),
		z.refine((text) => text.trim() !== "", "must not be blank"),
		z.describe(description),
	);
}
