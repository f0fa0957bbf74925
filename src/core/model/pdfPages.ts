const TYPE = [..."/Type"].map((char) => char.charCodeAt(0));
const PAGE = [..."/Page"].map((char) => char.charCodeAt(0));
const isSpace = (byte: number) =>
	byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0x00;
const isNameChar = (byte: number) =>
	(byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a);

/**
 * The pages of a PDF as its uncompressed objects name them (`/Type /Page`), `null` when none is
 * found: a file that keeps its objects in compressed streams (PDF 1.5 and later may) says
 * nothing readable without inflating them, and its size has to stand for its pages.
 */
export function pdfPageCount(bytes: Uint8Array): number | null {
	let pages = 0;
	for (let index = bytes.indexOf(0x2f); index !== -1; index = bytes.indexOf(0x2f, index + 1)) {
		if (!matches(bytes, index, TYPE)) continue;
		let at = index + TYPE.length;
		while (at < bytes.length && isSpace(bytes[at])) at++;
		if (matches(bytes, at, PAGE) && !isNameChar(bytes[at + PAGE.length] ?? 0)) pages++;
	}
	return pages === 0 ? null : pages;
}

function matches(bytes: Uint8Array, at: number, word: readonly number[]): boolean {
	for (let offset = 0; offset < word.length; offset++) if (bytes[at + offset] !== word[offset]) return false;
	return true;
}
