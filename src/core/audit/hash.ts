import { sha256HexOfBytes } from "./sha256";

const encoder = new TextEncoder();

/** The SHA-256 of a note's text as UTF-8, in lower-case hex: what `sha256sum` prints for the file on disk. */
export function sha256Hex(text: string): string {
	return sha256HexOfBytes(encoder.encode(text));
}

/** The size of a note's text as UTF-8, as the file on disk and `FileStat.size` count it. */
export function utf8ByteLength(text: string): number {
	return encoder.encode(text).length;
}
