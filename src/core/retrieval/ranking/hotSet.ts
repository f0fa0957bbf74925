import type { RankingParams } from "./rankingParams";

/**
 * Notes the user keeps close: pinned in the settings, or opened often by the user in Obsidian (each
 * note opened in an editor counts; what the assistant reads for the user does not, so that its own
 * searches cannot lift the notes it happens to read).
 */
export interface HotSet {
	readonly pinned: ReadonlySet<string>;
	/** How many times the user opened each note lately, by path (a decayed count). */
	readonly openCounts: ReadonlyMap<string, number>;
}

/**
 * The factor each hot note's score is multiplied by: 1 plus a bonus for being pinned and one per
 * doubling of its opens, the sum capped. A factor, never an addition, so a note with no match
 * (score 0) stays out of the results. Computed per hot note, not per match: the hot set is small.
 */
export function hotFactors(hotSet: HotSet, params: RankingParams): Map<string, number> {
	const factors = new Map<string, number>();
	for (const path of new Set([...hotSet.pinned, ...hotSet.openCounts.keys()])) {
		const pinned = hotSet.pinned.has(path) ? params.pinnedBonus : 0;
		const opened = params.openedBonus * Math.log2(1 + Math.max(0, hotSet.openCounts.get(path) ?? 0));
		factors.set(path, 1 + Math.min(params.hotBonusCap, pinned + opened));
	}
	return factors;
}
