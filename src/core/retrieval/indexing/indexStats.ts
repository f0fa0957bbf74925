import { SKIP_REASONS, type SkipReason } from "../../vault/indexPolicy";
import type { SkippedFile } from "./indexSnapshot";

/** What the index holds, for the status bar, the settings tab and the command line. */
export interface IndexStats {
	readonly notes: number;
	readonly chunks: number;
	/** Distinct terms interned (including some no note uses any more, until the next snapshot). */
	readonly terms: number;
	readonly skipped: number;
	readonly skippedBy: Readonly<Record<SkipReason, number>>;
}

export function indexStatsOf(notes: number, chunks: number, terms: number, skipped: Iterable<SkippedFile>): IndexStats {
	const skippedBy = Object.fromEntries(SKIP_REASONS.map((reason) => [reason, 0])) as Record<SkipReason, number>;
	let total = 0;
	for (const file of skipped) {
		skippedBy[file.reason]++;
		total++;
	}
	return { notes, chunks, terms, skipped: total, skippedBy };
}
