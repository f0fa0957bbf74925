import type { RankingParams } from "./rankingParams";

/**
 * How much of its score a note keeps for its age: dated daily notes decay with a half-life
 * (`0.5^(age / halfLife)`, a future date counting as today), blended with a floor so that a
 * months-old note that is the only good answer still outranks notes that merely share a word.
 * Undated notes and long-term memory (`day` NaN) never decay.
 */
export function decayFactor(day: number, today: number, params: RankingParams): number {
	if (Number.isNaN(day)) return 1;
	const age = Math.max(0, today - day);
	const decay = Math.pow(0.5, age / params.halfLifeDays);
	return params.decayFloor + (1 - params.decayFloor) * decay;
}
