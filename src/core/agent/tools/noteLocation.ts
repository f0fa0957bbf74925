/**
 * A place in a note that a tool's result names: the note's vault path and, when the result points
 * at a line rather than the note as a whole, that line (1-based) and the heading trail of its
 * section (`A > B`, empty before the first heading).
 */
export interface NoteLocation {
	readonly path: string;
	readonly line?: number;
	readonly heading?: string;
}

/** The note as a whole, as a result that read or wrote all of it names it. */
export function wholeNote(path: string): NoteLocation {
	return { path };
}

/** A line of a note; an empty heading is left out. */
export function noteLine(path: string, line: number, heading = ""): NoteLocation {
	return heading === "" ? { path, line } : { path, line, heading };
}

/** `locations` in order, each place once: a line a result names twice (the best line and its note) is one link. */
export function distinctLocations(locations: readonly NoteLocation[]): NoteLocation[] {
	const seen = new Set<string>();
	return locations.filter((location) => {
		const key = `${location.line ?? 0}:${location.path}`;
		if (seen.has(key)) return false;
		seen.add(key);
		return true;
	});
}
