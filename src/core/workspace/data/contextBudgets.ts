/**
 * Every budget of the context, in estimated tokens (see `tokenEstimate.ts`), in one place so
 * that a setting, a test or the debug view can change any of them.
 */
export interface ContextBudgets {
	/** The identity layer (`soul.md`, `user.md`, `claude.md`) in all. */
	readonly identityTokens: number;
	/**
	 * One identity file; a longer one keeps its head and tail around a marker: 8,000
	 * characters per file at four characters per token, room for a rich file without crowding
	 * the prompt.
	 */
	readonly identityFileTokens: number;
	/**
	 * The shortest useful cut of a note when its layer is tight (`soul.md`, `user.md`, a
	 * mentioned note, a week): below it the note is left out with a pointer rather than sent as
	 * little more than a marker.
	 */
	readonly minExcerptTokens: number;
	/**
	 * Of a cut note, the share of what is kept that goes to its head (the rest to its tail):
	 * a head of 6,000 and a tail of 1,800 characters, since a note's start says what it is.
	 */
	readonly headShare: number;
	/**
	 * Hot memory: the slice of `memory.md` always in context, capped so it never crowds out the
	 * question.
	 */
	readonly hotMemoryTokens: number;
	/** The list of days that have daily memory. */
	readonly memoryHintTokens: number;
	/** The current note, when the user turned it on. */
	readonly currentNoteTokens: number;
	/** Each note mentioned with `[[...]]`. */
	readonly mentionTokens: number;
	/** The current note and the mentioned notes together. */
	readonly notesTokens: number;
	/** The history book (weekly summaries), for questions about the past. */
	readonly historyBookTokens: number;
	/** One week of the history book. */
	readonly historyWeekTokens: number;
	/**
	 * At most this many of the latest weeks (50, about a year; older weeks are folded into yearly
	 * summaries).
	 */
	readonly historyMaxWeeks: number;
	/** Of the model's context window, what the answer and the tool definitions need. */
	readonly reservedTokens: number;
	/** The conversation is compacted once the prompt reaches this share of the window left after the reserve. */
	readonly compactAtFraction: number;
	/** Turns kept verbatim when the conversation is compacted. */
	readonly keepTurns: number;
}

export const DEFAULT_CONTEXT_BUDGETS: ContextBudgets = {
	identityTokens: 6000,
	identityFileTokens: 2000,
	minExcerptTokens: 200,
	headShare: 6000 / 7800,
	hotMemoryTokens: 2000,
	memoryHintTokens: 300,
	currentNoteTokens: 3000,
	mentionTokens: 1500,
	notesTokens: 6000,
	historyBookTokens: 8000,
	historyWeekTokens: 1000,
	historyMaxWeeks: 50,
	reservedTokens: 12_000,
	compactAtFraction: 0.8,
	keepTurns: 4,
};
