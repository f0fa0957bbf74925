/** Query words past this share the last bit of the coverage mask. */
const MAX_TRACKED_WORD = 30;
/** How many query words coverage can tell apart. */
const TRACKED_WORDS = MAX_TRACKED_WORD + 1;
/** Factors are remembered for the masks of the first this many query words: a table of 4,096 numbers at most. */
const REMEMBERED_WORDS = 12;

/** The bit of a note's word mask that stands for query word `word`. */
export function wordBit(word: number): number {
	return 1 << Math.min(word, MAX_TRACKED_WORD);
}

/**
 * How much of a query a note covers, as the factor its score is multiplied by:
 * `(1 − w) + w × covered / total`, where each query word counts by its weight (how rare it is,
 * how much of a word it is) rather than as one. A note with the query's one rare word then beats
 * a note with three of its common ones, which counting words got the wrong way round; and a long
 * Japanese query's particles no longer outvote its nouns.
 */
export class QueryCoverage {
	/** Weight by bit of the word mask (see `wordBit`); the last bit stands for every word past it. */
	private readonly bitWeights = new Float64Array(TRACKED_WORDS);
	private readonly total: number;
	/** `factor` of each mask below its length, worked out once (NaN until then): a search asks it of every match, several times. */
	private readonly factors: Float64Array;

	/** `wordWeights[w]` for query word `w`, each ≥ 0; `coverageWeight` is `w` above. */
	constructor(
		wordWeights: readonly number[],
		private readonly coverageWeight: number,
	) {
		const last = TRACKED_WORDS - 1;
		wordWeights.forEach((weight, word) => {
			this.bitWeights[Math.min(word, last)] += weight;
		});
		// Words past the last bit share it, as one word of their mean weight: matching any sets it.
		if (wordWeights.length > TRACKED_WORDS) this.bitWeights[last] /= wordWeights.length - last;
		this.total = this.bitWeights.reduce((sum, weight) => sum + weight, 0);
		this.factors = new Float64Array(1 << Math.min(wordWeights.length, REMEMBERED_WORDS)).fill(Number.NaN);
	}

	/** The factor for a note whose matched words have the bits of `words` set: 1 for a query without words. */
	factor(words: number): number {
		if (words < this.factors.length) {
			const known = this.factors[words];
			return Number.isNaN(known) ? (this.factors[words] = this.factorOf(words)) : known;
		}
		return this.factorOf(words);
	}

	private factorOf(words: number): number {
		if (this.total === 0) return 1;
		let covered = 0;
		for (let rest = words; rest !== 0; rest &= rest - 1) covered += this.bitWeights[31 - Math.clz32(rest & -rest)];
		return 1 - this.coverageWeight + (this.coverageWeight * covered) / this.total;
	}
}
