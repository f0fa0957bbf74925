import type { UndoableWrite } from "../memory/undoWrite";

/**
 * A change to the user's text that the assistant proposes and the user approves, hunk by hunk.
 * Nothing is written when it is proposed: the proposal is made against the note's bytes as they
 * were (`baseHash`), and applied only while the note still holds exactly those bytes.
 */

/** One contiguous change: `before` (at `start`..`end` of the base text) becomes `after`. */
export interface EditHunk {
	/** Its number in the proposal, from 0, in the note's order: what accepting names. */
	readonly id: number;
	/** Where the replaced text starts and ends in the base text (UTF-16 offsets, `end` exclusive). */
	readonly start: number;
	readonly end: number;
	readonly before: string;
	readonly after: string;
	/** The base text's line (1-based) where the hunk starts, for the card's header. */
	readonly line: number;
}

/** A range of the note the user selected: proposals made for it may change nothing outside it. */
export interface EditScope {
	readonly path: string;
	/** UTF-16 offsets into the note's text as it was when selected, `to` exclusive. */
	readonly from: number;
	readonly to: number;
}

/** What the model proposed for one note, checked and ready to show. */
export interface EditProposal {
	readonly path: string;
	/** Why, in the model's words, shown on the card. */
	readonly reason: string;
	/** The SHA-256 (hex) of the note's text the hunks were computed against. */
	readonly baseHash: string;
	readonly hunks: readonly EditHunk[];
	/** The selection the proposal was confined to, when it was made for one. */
	readonly scope?: EditScope;
}

/** Why a proposal is not made, or not applied: the tool tells the model, the card tells the user. */
export type EditRefusal =
	/** The note's properties say `verified: true`: the user has checked it, the assistant proposes nothing there. */
	| "verified"
	/** The privacy rules hide it, or it does not exist: for the assistant there is no such note. */
	| "hidden"
	| "missing"
	/** `soul.md`, `user.md`, `claude.md`: changed through `identity_update` only. */
	| "identity"
	/** Outside what the writer may change: the assistant's own memory and transcripts, not plain UTF-8 text, not markdown. */
	| "not-editable"
	/** A `find` that the note does not contain. */
	| "find-absent"
	/** A `find` that the note contains more than once: the change would be a guess. */
	| "find-ambiguous"
	/** A `section` heading the note does not have (or has twice). */
	| "section-absent"
	/** Two edits that touch the same text. */
	| "overlap"
	/** An edit outside the user's selection, when the proposal is for a selection. */
	| "outside-scope"
	/** Nothing would change. */
	| "no-change";

/** How applying the accepted hunks of a proposal ended. */
export type ApplyOutcome =
	| { readonly kind: "applied"; readonly path: string; readonly hunks: number; readonly undo: UndoableWrite }
	/** The note's bytes are no longer the proposal's base: nothing was written; the model may be asked again. */
	| { readonly kind: "stale"; readonly path: string }
	/** The accepted changes take out most of the note (`largeRemoval`): nothing was written, until the user confirms. */
	| { readonly kind: "large-removal"; readonly path: string; readonly removed: number; readonly total: number }
	| { readonly kind: "refused"; readonly path: string; readonly refusal: EditRefusal }
	/** No hunk was accepted: nothing to write. */
	| { readonly kind: "nothing-accepted"; readonly path: string };
