/**
 * How much a log of the plugin's own keeps (the text kept for undo, the receipts of what was
 * sent): it stays this small, and reaches back this far. A log past its limits is rewritten with
 * its newest lines only, in one replacement of the whole file (`LogFile.replace`), so that a
 * crash leaves the old file or the new one, never a part.
 */
export interface KeepLimits {
	/** The most the file holds, in UTF-16 code units of its lines (about bytes for most text). */
	readonly maxSize: number;
	/** Lines written longer ago than this are dropped. */
	readonly maxAgeDays: number;
}

/**
 * Five megabytes reach back over hundreds of changes to notes of ordinary size, or tens of
 * thousands of receipts; three months is further back than anyone asks what happened.
 */
export const DEFAULT_KEEP_LIMITS: KeepLimits = { maxSize: 5 * 1024 * 1024, maxAgeDays: 90 };

/** A rewrite leaves room for this share of the limit, so that the next lines do not rewrite it again at once. */
const AFTER_REWRITE = 0.8;
const DAY_MS = 24 * 60 * 60 * 1000;

/** One entry of a bounded log: when it was written (milliseconds) and the length of its line. */
export interface KeptLine {
	readonly at: number;
	readonly size: number;
}

/** Whether a log of `size` holding `entries` has outgrown `limits` at `now`. */
export function pastLimits(entries: Iterable<KeptLine>, size: number, limits: KeepLimits, now: number): boolean {
	if (size > limits.maxSize) return true;
	const oldestAllowed = now - limits.maxAgeDays * DAY_MS;
	for (const entry of entries) if (entry.at < oldestAllowed) return true;
	return false;
}

/**
 * The entries a rewrite keeps, of `newestFirst`: the newest ones within the age limit whose lines
 * fit in the room a rewrite leaves. The newest stays whatever its size: it is the one just written.
 */
export function newestWithin<T extends KeptLine>(newestFirst: readonly T[], limits: KeepLimits, now: number): T[] {
	const oldestAllowed = now - limits.maxAgeDays * DAY_MS;
	const survivors: T[] = [];
	let size = 0;
	for (const entry of newestFirst) {
		if (entry.at < oldestAllowed) break;
		if (survivors.length > 0 && size + entry.size > limits.maxSize * AFTER_REWRITE) break;
		survivors.push(entry);
		size += entry.size;
	}
	return survivors;
}
