/**
 * Every knob of ranking in one place, with defaults chosen by hand on small vaults; the
 * evaluation (`npm run eval`) is where they get tuned.
 */
export interface RankingParams {
	/** BM25 term-frequency saturation. */
	readonly k1: number;
	/** BM25 length normalization (0: none, 1: full). */
	readonly b: number;
	/** How much a match in each field counts, relative to the body. */
	readonly boosts: FieldBoosts;
	/** A note's score is its best chunk's plus this share of its second best. */
	readonly secondChunkWeight: number;
	/**
	 * How much covering more of the query's words matters: the score is multiplied by
	 * `(1 − w) + w × covered / words`, so a note with every word outranks one that repeats one.
	 */
	readonly coverageWeight: number;
	/** Dated daily notes lose half their weight every this many days... */
	readonly halfLifeDays: number;
	/** ...but never more than this share of it: `score × (floor + (1 − floor) × decay)`. */
	readonly decayFloor: number;
	readonly pinnedBonus: number;
	/** Bonus per doubling of the times the user opened a note in an editor (a decayed count). */
	readonly openedBonus: number;
	/** The hot set's bonus never exceeds this share of the score. */
	readonly hotBonusCap: number;
	/**
	 * A match linked to or from one of the top `linkSeeds` matches gains this share of that match's
	 * score (of the strongest, if several): the passage that best answers a query often points to
	 * the note that answers it fully ("You can save and restore window layouts using the
	 * [[Workspaces]] plugin"), so the note pointed to inherits a little of its relevance.
	 */
	readonly linkBonus: number;
	/** ...but never more than this share of its own score: the link reorders matches close in score. */
	readonly linkBonusCap: number;
	readonly linkSeeds: number;
	/** Weight of a query word replaced by its typo correction. */
	readonly typoWeight: number;
	/**
	 * Weight of a Japanese query bigram that is all hiragana or spans two scripts (see
	 * `grammarBigrams.ts`): mostly a particle or a word boundary, seldom the word looked for.
	 */
	readonly grammarBigramWeight: number;
	/**
	 * Weight of a bigram standing for one CJK character of the query, a character alone ("盐") or
	 * the end of a word whose last bigram no note has (see `cjkCharacterExpander.ts`): below a
	 * real match, so a note with the query's own bigram or character still ranks first.
	 */
	readonly cjkCharacterWeight: number;
}

export interface FieldBoosts {
	readonly body: number;
	readonly headings: number;
	readonly title: number;
	readonly aliases: number;
	readonly tags: number;
	readonly path: number;
}

export const DEFAULT_RANKING: RankingParams = {
	k1: 1.2,
	b: 0.75,
	boosts: { body: 1, headings: 1.5, title: 2.5, aliases: 2.5, tags: 1.5, path: 0.75 },
	secondChunkWeight: 0.4,
	coverageWeight: 1,
	halfLifeDays: 30,
	decayFloor: 0.3,
	pinnedBonus: 0.15,
	openedBonus: 0.04,
	hotBonusCap: 0.25,
	linkBonus: 0.06,
	linkBonusCap: 0.25,
	linkSeeds: 3,
	typoWeight: 0.7,
	grammarBigramWeight: 0.5,
	cjkCharacterWeight: 0.5,
};

/** The boosts in field order (see `fields.ts`). */
export function boostsByField(boosts: FieldBoosts): readonly number[] {
	return [boosts.body, boosts.headings, boosts.title, boosts.aliases, boosts.tags, boosts.path];
}
