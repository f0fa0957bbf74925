import type { EditHunk } from "./editProposal";

/** How much of a note the accepted changes take out: `removed` of its `total` characters. */
export interface Removal {
	readonly removed: number;
	readonly total: number;
}

/**
 * Changes that take out at least this many characters, and more than half of the note, are
 * applied only once the user has confirmed them a second time. More than half: less of the
 * note is then left than goes, whatever the changes put in its place. At least 1,000 characters,
 * about a screen of text: a short note's whole change is on the card, read at a glance, and
 * asking twice for it would teach the user to confirm without reading.
 */
export const LARGE_REMOVAL_CHARS = 1000;

/**
 * The characters of `base` that `hunks` replace or delete, when that is most of the note (see
 * `LARGE_REMOVAL_CHARS`); `null` when it is not. Text a change puts back does not count against
 * it: a rewrite of the whole note takes out all of what the user wrote.
 */
export function largeRemoval(base: string, hunks: readonly EditHunk[]): Removal | null {
	const removed = hunks.reduce((sum, hunk) => sum + hunk.before.length, 0);
	const total = base.length;
	return removed >= LARGE_REMOVAL_CHARS && removed * 2 > total ? { removed, total } : null;
}
