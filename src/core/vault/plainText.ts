/**
 * Whether a file's bytes are text the assistant may edit. Obsidian decodes a note leniently: bytes
 * that are not UTF-8 (a Latin-1 note, a binary file named `.md`) become U+FFFD, and writing the
 * decoded text back would replace the user's bytes for good. A NUL character marks binary data
 * even when it happens to be valid UTF-8.
 */

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** The text of `bytes` when they are UTF-8 without NUL, otherwise `null`. */
export function plainTextOf(bytes: Uint8Array): string | null {
	const text = utf8TextOf(bytes);
	return text === null || text.includes("\u0000") ? null : text;
}

/** The text of `bytes` when they are valid UTF-8, which is then written back byte for byte; otherwise `null`. */
export function utf8TextOf(bytes: Uint8Array): string | null {
	try {
		return strictUtf8.decode(bytes);
	} catch {
		return null;
	}
}

/** Whether decoded text shows what lenient decoding leaves of bytes that were not plain text. */
export function mayHideOtherBytes(text: string): boolean {
	return text.includes("\uFFFD") || text.includes("\u0000");
}

/**
 * How much of a note's start is looked at, and the share of it that may be other than text:
 * random bytes give over half. A start shorter than the least sampled is a few words, read as they are.
 */
const SAMPLED_CHARS = 4096;
const LEAST_SAMPLED_CHARS = 64;
const MAX_NON_TEXT_SHARE = 0.3;

/**
 * Whether decoded text is a binary file's bytes rather than a note (an image, an archive or a
 * database named `.md`): it holds a NUL, or over a tenth of its start is what lenient decoding
 * leaves of bytes that are not UTF-8 (U+FFFD) and control characters no text uses. A note in
 * Latin-1 has a few replaced accents among its words, and is still read (and never edited).
 */
export function looksBinary(text: string): boolean {
	if (text.includes("\u0000")) return true;
	const sampled = Math.min(text.length, SAMPLED_CHARS);
	if (sampled < LEAST_SAMPLED_CHARS) return false;
	let other = 0;
	for (let index = 0; index < sampled; index++) {
		const code = text.charCodeAt(index);
		if (code === 0xfffd || (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d)) other++;
	}
	return other > sampled * MAX_NON_TEXT_SHARE;
}
