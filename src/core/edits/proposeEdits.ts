import { sha256Hex } from "../audit/hash";
import { findAssistantCallout } from "../text/assistantCallout";
import { detectEol, headingOfLine, parseHeadingSpec, sameTitle, scanHeadings } from "../text/markdownSections";
import type { EditHunk, EditProposal, EditRefusal, EditScope } from "./editProposal";
import { applyAccepted } from "./applyAccepted";
import { changedProtectedRegion, protectedRegionAt, type ProtectedRegion } from "./protectedRegions";
import { commonEnds } from "../text/commonEnds";

/**
 * Turns what the model asks to change in a note into a proposal the user can review hunk by
 * hunk, or says why it cannot be one. Pure: it reads nothing and writes nothing; whether the note
 * may be edited at all (`editableNote`) is the caller's to check first.
 */

/**
 * The most characters one `find`, `replace` or section `text` may hold. A proposal is read by a
 * person on a card before anything is written: 20,000 characters is some ten pages, more than a
 * reviewable change; a whole rewrite beyond it is the user's to make.
 */
export const MAX_EDIT_TEXT_CHARS = 20_000;

/** What the model asks: exact replacements, or a new body for a section under a heading. */
export type EditRequest =
	| { readonly edits: readonly { readonly find: string; readonly replace: string }[] }
	| { readonly section: string; readonly text: string };

export type Proposed =
	| { readonly kind: "proposed"; readonly proposal: EditProposal }
	| {
			readonly kind: "refused";
			readonly refusal: EditRefusal;
			/** Which of `edits` (from 0) was refused, when one was. */
			readonly edit?: number;
			/** What the model is told besides the refusal, when there is more to say. */
			readonly detail?: string;
	  };

/** One change before it is numbered: `[start, end)` of the base becomes `after`. */
interface Change {
	readonly start: number;
	readonly end: number;
	readonly after: string;
	/** Which edit of the request it came from. */
	readonly edit: number;
}

/**
 * The proposal for `request` against `base`, the note at `path` as it is now. With `scope`,
 * every change must lie inside it (a `find` is looked for there only).
 */
export function proposeEdits(
	base: string,
	request: EditRequest,
	note: { readonly path: string; readonly reason: string; readonly scope?: EditScope },
): Proposed {
	const changes = "edits" in request ? replacements(base, request.edits, note.scope) : sectionBody(base, request);
	if (!Array.isArray(changes)) return changes;
	const effective = changes.filter((change) => base.slice(change.start, change.end) !== change.after);
	if (effective.length === 0) return { kind: "refused", refusal: "no-change" };
	const sorted = [...effective].sort((a, b) => a.start - b.start || a.end - b.end);
	for (let index = 1; index < sorted.length; index++) {
		// Two changes of one place: applying one would change what the other was shown against.
		const [previous, next] = [sorted[index - 1], sorted[index]];
		if (next.start < previous.end) return { kind: "refused", refusal: "overlap", edit: next.edit };
	}
	const hunks: EditHunk[] = sorted.map((change, id) => ({
		id,
		start: change.start,
		end: change.end,
		before: base.slice(change.start, change.end),
		after: change.after,
		line: lineAt(base, change.start),
	}));
	for (const [index, hunk] of hunks.entries()) {
		const refused = placeRefusal(base, hunk, note.scope) ?? halvesRefusal(base, hunk) ?? together(base, [hunk]);
		if (refused !== null) return { ...refused, edit: sorted[index].edit };
	}
	const all = together(base, hunks);
	if (all !== null) return all;
	return {
		kind: "proposed",
		proposal: {
			path: note.path,
			reason: note.reason,
			baseHash: sha256Hex(base),
			hunks,
			...(note.scope === undefined ? {} : { scope: note.scope }),
		},
	};
}

/**
 * Where a change may not go: the note's properties, the assistant's own callout (each has its
 * own tool or is the user's to set), outside the selection the proposal is for.
 */
export function placeRefusal(
	base: string,
	change: { readonly start: number; readonly end: number },
	scope: EditScope | undefined,
): Extract<Proposed, { kind: "refused" }> | null {
	const region = protectedRegionAt(base, change.start, change.end);
	if (region !== null) return regionRefusal(region);
	if (scope !== undefined && (change.start < scope.from || change.end > scope.to))
		return { kind: "refused", refusal: "outside-scope" };
	return null;
}

function regionRefusal(region: ProtectedRegion): Extract<Proposed, { kind: "refused" }> {
	return {
		kind: "refused",
		refusal: "not-editable",
		detail:
			region === "properties"
				? "The note's properties (frontmatter) are not changed by a proposed edit."
				: "That is your own callout: write it with note_annotate.",
	};
}

/** Half of a character outside the Basic Multilingual Plane (an emoji): a UTF-16 surrogate without its pair. */
// A low half is lone at the start or after anything but a high half: written without a lookbehind,
// which Safari 15 (iOS 15) cannot parse.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** What belongs to the character before it: an accent written apart (`e` + U+0301), a variation selector, a joiner. */
const JOINS_BEFORE = /^[\p{M}\u200D]/u;

/**
 * Refused when the hunk starts or ends inside a character, or its new text would join the
 * character before or after it: half of an emoji cannot be stored in UTF-8 (it would be saved as
 * a replacement character), and an accent written apart would land on text the card does not
 * show as changed.
 */
function halvesRefusal(base: string, hunk: EditHunk): Extract<Proposed, { kind: "refused" }> | null {
	const splits = (at: number) =>
		at > 0 &&
		(/^[\uD800-\uDBFF][\uDC00-\uDFFF]$/.test(base.slice(at - 1, at + 1)) ||
			JOINS_BEFORE.test(base.slice(at)) ||
			base[at - 1] === "\u200D");
	const joins = (at: number) => at > 0 && JOINS_BEFORE.test(hunk.after);
	if (!splits(hunk.start) && !splits(hunk.end) && !joins(hunk.start) && !LONE_SURROGATE.test(hunk.after)) return null;
	return {
		kind: "refused",
		refusal: "not-editable",
		detail:
			"A change may not cut a character in two (half of an emoji, a letter without its accent): find and replace whole characters.",
	};
}

/** Refused when the hunks, applied together, would change the note's properties or the assistant's callout. */
function together(base: string, hunks: readonly EditHunk[]): Extract<Proposed, { kind: "refused" }> | null {
	const next = applyAccepted(base, hunks, new Set(hunks.map((hunk) => hunk.id)));
	const region = next === null ? null : changedProtectedRegion(base, next);
	return region === null ? null : regionRefusal(region);
}

/** Each `find` found exactly once (in the scope, when there is one) and its replacement. */
function replacements(
	base: string,
	edits: readonly { readonly find: string; readonly replace: string }[],
	scope: EditScope | undefined,
): Change[] | Proposed {
	const crlf = isCrlfOnly(base);
	const changes: Change[] = [];
	for (const [edit, { find, replace }] of edits.entries()) {
		if (find === "") return { kind: "refused", refusal: "find-absent", edit };
		if (find.length > MAX_EDIT_TEXT_CHARS || replace.length > MAX_EDIT_TEXT_CHARS) return tooLong(edit);
		// A model writes `\n`; a note saved on Windows has `\r\n`: matched and replaced in the note's own style.
		const needle = crlf ? withCrlf(find) : find;
		const from = scope?.from ?? 0;
		const to = scope?.to ?? base.length;
		const found = occurrences(base, needle, from, to);
		if (found.length === 0) {
			const elsewhere = scope !== undefined && occurrences(base, needle, 0, base.length).length > 0;
			return { kind: "refused", refusal: elsewhere ? "outside-scope" : "find-absent", edit };
		}
		if (found.length > 1) return { kind: "refused", refusal: "find-ambiguous", edit };
		changes.push({ start: found[0], end: found[0] + needle.length, after: crlf ? withCrlf(replace) : replace, edit });
	}
	return changes;
}

/** Where `needle` starts inside `[from, to)` of `text`, overlapping matches counted (`aa` is twice in `aaa`); two at most. */
function occurrences(text: string, needle: string, from: number, to: number): number[] {
	const found: number[] = [];
	for (let at = text.indexOf(needle, from); at !== -1 && at + needle.length <= to; at = text.indexOf(needle, at + 1)) {
		found.push(at);
		if (found.length === 2) break;
	}
	return found;
}

/**
 * The body of the one section whose heading `request.section` names (`## Goals`, or `Goals` at
 * any level) replaced by `request.text`: the lines from its first to its last non-blank line, so
 * that the blank lines around it stay. The change is narrowed to the lines that differ.
 */
function sectionBody(base: string, request: { readonly section: string; readonly text: string }): Change[] | Proposed {
	if (request.text.length > MAX_EDIT_TEXT_CHARS) return tooLong(0);
	const spec = parseHeadingSpec(request.section);
	const levelGiven = /^\s*#/.test(request.section);
	const headings = scanHeadings(base);
	const matching = headings.filter(
		(heading) => sameTitle(heading.title, spec.title) && (!levelGiven || heading.level === spec.level),
	);
	if (matching.length !== 1 || spec.title === "")
		return {
			kind: "refused",
			refusal: "section-absent",
			detail: matching.length > 1 ? "The note has more than one heading of that name." : undefined,
		};
	const heading = matching[0];
	const next = headings.find((other) => other.start > heading.start && other.level <= heading.level);
	// The assistant's callout, at the end of the note, is no part of the last section's body.
	const callout = findAssistantCallout(base);
	const sectionEnd = Math.min(
		next?.start ?? base.length,
		callout !== null && callout.start >= heading.end ? callout.start : base.length,
	);
	const eol = detectEol(base);
	const { start, end } = textLines(base, heading.end, sectionEnd);
	let lines = request.text.replace(/\s+$/, "").split(/\r?\n/);
	// The heading itself, when the model repeats it above the body, is kept as it is, not doubled.
	const repeated = headingOfLine(lines[0]);
	if (repeated !== null && sameTitle(repeated.title, heading.title)) lines = lines.slice(1);
	while (lines.length > 0 && lines[0].trim() === "") lines = lines.slice(1);
	const body = lines.join(eol);
	let after: string;
	if (start < end) after = body === "" ? "" : `${body}${base.slice(end - eol.length, end) === eol ? eol : ""}`;
	else {
		// An empty section: the new body goes on the line after the heading.
		const lead = start === 0 || base[start - 1] === "\n" ? "" : eol;
		after = body === "" ? "" : `${lead}${body}${start < base.length ? eol : ""}`;
	}
	const change = narrowed(base, { start, end, after, edit: 0 });
	// The text a change removes is read on the card as much as what it writes.
	if (change.end - change.start > MAX_EDIT_TEXT_CHARS)
		return {
			kind: "refused",
			refusal: "not-editable",
			edit: 0,
			detail: `The section's body holds more than ${MAX_EDIT_TEXT_CHARS} characters, more than a person can review on a card: propose edits of the parts to change.`,
		};
	return [change];
}

/** From the first non-blank line in `[from, to)` to the end of its last (its line break included). */
function textLines(base: string, from: number, to: number): { start: number; end: number } {
	const slice = base.slice(from, to);
	const leading = /^(?:[ \t]*\r?\n)*/.exec(slice)?.[0].length ?? 0;
	const trimmed = slice.replace(/\s+$/, "").length;
	if (trimmed <= leading) return { start: from, end: from };
	const lineBreak = base.indexOf("\n", from + trimmed);
	return { start: from + leading, end: lineBreak === -1 || lineBreak >= to ? from + trimmed : lineBreak + 1 };
}

/** The change without the whole lines it leaves as they were at its start and end. */
function narrowed(base: string, change: Change): Change {
	const old = linesWithBreaks(base.slice(change.start, change.end));
	const now = linesWithBreaks(change.after);
	const { head, tail } = commonEnds(old, now);
	const skipped = old.slice(0, head).join("").length;
	const dropped = old.slice(old.length - tail).join("").length;
	return {
		start: change.start + skipped,
		end: change.end - dropped,
		after: now.slice(head, now.length - tail).join(""),
		edit: change.edit,
	};
}

/** The lines of `text`, each with its line break. */
function linesWithBreaks(text: string): string[] {
	return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

function tooLong(edit: number): Proposed {
	return {
		kind: "refused",
		refusal: "not-editable",
		edit,
		detail: `A find, replace or section text may hold at most ${MAX_EDIT_TEXT_CHARS} characters: propose smaller changes.`,
	};
}

/** Whether every line break of `text` is `\r\n` (and there is one). */
function isCrlfOnly(text: string): boolean {
	return text.includes("\r\n") && !/(^|[^\r])\n/.test(text);
}

function withCrlf(text: string): string {
	return text.replace(/\r?\n/g, "\r\n");
}

/** The 1-based line of `offset`. */
function lineAt(text: string, offset: number): number {
	let line = 1;
	for (let at = text.indexOf("\n"); at !== -1 && at < offset; at = text.indexOf("\n", at + 1)) line++;
	return line;
}
