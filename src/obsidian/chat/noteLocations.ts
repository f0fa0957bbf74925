/** A place in a note that a tool's result names: the note's vault path and a line (1-based). */
export interface NoteLocation {
	readonly path: string;
	readonly line: number;
}

/** `memory_search`'s `N. path:line  heading (score)` (the heading may be empty). */
const SEARCH_MATCH = /^\s*\d+\. (.+?):(\d+)(?: {2}|$)/;
/** `memory_get`'s `Source: path:line` header. */
const SOURCE = /^Source: (.+):(\d+)$/;

/** The note and line a line of a tool's result names, or `null`. */
export function noteLocationIn(line: string): NoteLocation | null {
	const match = SEARCH_MATCH.exec(line) ?? SOURCE.exec(line);
	return match === null ? null : { path: match[1], line: Number(match[2]) };
}
