import type { FileVersion } from "../../retrieval";

/**
 * Where the next page of a note starts, within the text asked for (`from` to `end`), as character
 * offsets, tied to the note's version so that a cursor never continues a note that has changed
 * (its offsets would land in other text). Written as plain digits and letters, so that the model
 * copies it back unchanged: `0-3012-9000-m3x1a9k2.1f4`.
 */
export interface NoteCursor {
	/** Where the text asked for begins (the links listed after the last page are those of all of it). */
	readonly from: number;
	readonly start: number;
	readonly end: number;
	readonly version: string;
}

const CURSOR = /^(\d+)-(\d+)-(\d+)-([0-9a-z]+\.[0-9a-z]+)$/;

export function noteVersion(stat: FileVersion): string {
	return `${Math.round(stat.mtime).toString(36)}.${stat.size.toString(36)}`;
}

export function encodeCursor(cursor: NoteCursor): string {
	return `${cursor.from}-${cursor.start}-${cursor.end}-${cursor.version}`;
}

/** The cursor written in `text`, or `null` when it is not one `encodeCursor` wrote. */
export function decodeCursor(text: string): NoteCursor | null {
	const match = CURSOR.exec(text.trim());
	if (match === null) return null;
	const [from, start, end] = [match[1], match[2], match[3]].map(Number);
	return from <= start && start < end ? { from, start, end, version: match[4] } : null;
}
