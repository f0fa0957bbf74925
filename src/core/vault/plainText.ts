/**
 * Whether a file's bytes are text the assistant may edit. Obsidian decodes a note leniently: bytes
 * that are not UTF-8 (a Latin-1 note, a binary file named `.md`) become U+FFFD, and writing the
 * decoded text back would replace the user's bytes for good. A NUL character marks binary data
 * even when it happens to be valid UTF-8.
 */

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** The text of `bytes` when they are UTF-8 without NUL, otherwise `null`. */
export function plainTextOf(bytes: Uint8Array): string | null {
	let text: string;
	try {
		text = strictUtf8.decode(bytes);
	} catch {
		return null;
	}
	return text.includes("\u0000") ? null : text;
}

/** Whether decoded text shows what lenient decoding leaves of bytes that were not plain text. */
export function mayHideOtherBytes(text: string): boolean {
	return text.includes("\uFFFD") || text.includes("\u0000");
}
