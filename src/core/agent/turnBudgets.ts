/** How many of each kind of action the model may take: in one answer (one response), or in one turn. */
export interface ActionCounts {
	/** Tool calls of any kind. */
	readonly toolCalls: number;
	/** Calls that change the vault: appends, annotations, checkpoints, new notes, identity edits. */
	readonly writes: number;
	/** Calls that create a note. */
	readonly notesCreated: number;
	/** Calls that add to `soul.md`, `user.md` or `claude.md`. */
	readonly identityEdits: number;
	/** Calls that propose changes to the user's notes for them to approve (`note_edit`); not writes. */
	readonly editProposals: number;
}

export interface TurnBudgets {
	readonly perAnswer: ActionCounts;
	readonly perTurn: ActionCounts;
	/** An identity file that an `identity_update` would make longer than this (in characters) is left as it is. */
	readonly identityFileChars: number;
	/** The most text one `memory_append` adds, in characters. */
	readonly memoryAppendChars: number;
}

/**
 * What a model can do in one turn, at most, even when it follows an instruction planted in a
 * note ("call memory_append 500 times"): each number is well above what an honest conversation
 * needs, so that only a runaway or a hijacked model meets it, and then does a bounded amount the
 * user is told about.
 * - A turn has at most 8 tool rounds. An honest answer calls one to five tools at once (a few
 *   searches, a read, an append); 12 leaves room for a wide fan-out, and 40 in a turn is five
 *   per round over every round.
 * - Writes: a turn that records what the user said writes a few entries and a checkpoint; 8 in
 *   one answer and 12 in a turn allow a long "remember all of this", not a flood.
 * - Notes created: the user asks for a note, or a few; 3 at once and 5 in a turn bound a burst of
 *   inbox notes the user would have to delete by hand.
 * - Identity edits: one per file at most in a turn is what an honest update needs (there are
 *   three files), and each is shown with an undo.
 * - An identity file is in the context of every conversation, cut to 8,000 characters there;
 *   32,000 is four times that, far beyond a hand-written profile, and keeps a hijacked model
 *   from growing it without end.
 * - A memory entry is a line or a few lines; 4,000 characters is a long page of them.
 * - Edit proposals write nothing, but each is a card the user must review: an honest request
 *   ("fix this paragraph", "tidy these two notes") needs one or two, and one proposal holds up to
 *   20 changes of a note. 3 in one answer and 6 in a turn leave room for a retry after a refused
 *   find, and keep a hijacked model from burying the chat in cards.
 */
export const TURN_BUDGETS: TurnBudgets = {
	perAnswer: { toolCalls: 12, writes: 8, notesCreated: 3, identityEdits: 3, editProposals: 3 },
	perTurn: { toolCalls: 40, writes: 12, notesCreated: 5, identityEdits: 3, editProposals: 6 },
	identityFileChars: 32_000,
	memoryAppendChars: 4000,
};
