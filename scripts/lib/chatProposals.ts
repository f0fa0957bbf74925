import type { TurnResult } from "../../src/core/agent/loop";
import type { EditProposalDisplay } from "../../src/core/agent/tools";
import { sha256Hex } from "../../src/core/audit/hash";
import {
	applyProposal,
	type ApplyDeps,
	type ApplyOutcome,
	type EditHunk,
	type EditProposal,
} from "../../src/core/edits";
import { UsageError, type ParsedArgs } from "./args";

/**
 * The changes a chat turn proposed (`note_edit`), on the command line: printed as diffs, and
 * applied only when `--approve all` says so, through the same audited writer and checks as the
 * chat's Apply. The default, `none`, writes nothing.
 */

export type Approval = "none" | "all";

export function approvalOf(args: ParsedArgs): Approval {
	const value = args.options.get("approve") ?? "none";
	if (value !== "none" && value !== "all") throw new UsageError(`--approve is none or all, not ${value}.`);
	return value;
}

/**
 * Whether the turn's proposals are applied: only with `--approve all`, and not once Ctrl-C stopped
 * the turn, which stops the run: nothing is written after it, approved beforehand or not.
 */
export function appliesProposals(approval: Approval, stopReason: TurnResult["stopReason"]): boolean {
	return approval === "all" && stopReason !== "aborted";
}

/** The proposals of the turn, in the order they were made. */
export function proposalsOf(result: TurnResult): EditProposal[] {
	return result.toolCalls.flatMap((call) => {
		const display = call.result.display;
		return display?.kind === "edit-proposal" ? [(display as EditProposalDisplay).proposal] : [];
	});
}

/**
 * A proposal as a unified diff of whole lines: a header with the note and the reason, then each
 * hunk with the lines it changes. `base` is the note as it is now; when it is no longer the
 * proposal's base, each hunk shows only its own text, and the header says the note changed.
 */
export function proposalDiff(proposal: EditProposal, base: string | null): string {
	const current = base !== null && sha256Hex(base) === proposal.baseHash ? base : null;
	const lines = [
		`--- ${proposal.path}`,
		`+++ ${proposal.path} (proposed: ${proposal.reason})`,
		...(current === null ? ["# The note changed since this was proposed: it can no longer be applied."] : []),
	];
	let shift = 0;
	for (const hunk of proposal.hunks) {
		const { old, now, first } = current === null ? bare(hunk) : wholeLines(current, hunk);
		lines.push(`@@ -${first},${old.length} +${first + shift},${now.length} @@ (change ${hunk.id + 1})`);
		lines.push(...old.map((line) => `-${line}`), ...now.map((line) => `+${line}`));
		shift += now.length - old.length;
	}
	return lines.join("\n");
}

/** The lines the hunk touches in `base`, before and after it. */
function wholeLines(base: string, hunk: EditHunk): { old: string[]; now: string[]; first: number } {
	const lineStart = base.lastIndexOf("\n", hunk.start - 1) + 1;
	// A hunk of whole lines ends where the next line starts: that line is not part of it.
	const endsLine = hunk.end > lineStart && base[hunk.end - 1] === "\n";
	const lineBreak = base.indexOf("\n", hunk.end);
	const lineEnd = endsLine ? hunk.end : lineBreak === -1 ? base.length : lineBreak;
	const old = base.slice(lineStart, lineEnd);
	const now = base.slice(lineStart, hunk.start) + hunk.after + base.slice(hunk.end, lineEnd);
	return { old: linesOf(old), now: linesOf(now), first: hunk.line };
}

function bare(hunk: EditHunk): { old: string[]; now: string[]; first: number } {
	return { old: linesOf(hunk.before), now: linesOf(hunk.after), first: hunk.line };
}

/** The lines of `text`, a line break at its end ending its last line rather than starting another. */
function linesOf(text: string): string[] {
	const trimmed = text.replace(/\r?\n$/, "");
	return text === "" ? [] : trimmed.split(/\r?\n/);
}

/**
 * Every hunk of every proposal applied, one proposal after the other; each outcome in order.
 * Nothing confirms a change that takes out most of its note: that one is left unapplied.
 */
export async function applyAll(deps: ApplyDeps, proposals: readonly EditProposal[]): Promise<ApplyOutcome[]> {
	const outcomes: ApplyOutcome[] = [];
	for (const proposal of proposals)
		outcomes.push(await applyProposal(deps, proposal, new Set(proposal.hunks.map((hunk) => hunk.id))));
	return outcomes;
}

/** What stderr says of an outcome. */
export function outcomeLine(outcome: ApplyOutcome): string {
	switch (outcome.kind) {
		case "applied":
			return `Applied ${outcome.hunks} ${outcome.hunks === 1 ? "change" : "changes"} to ${outcome.path} (in the audit trail; undo it from Show assistant changes).`;
		case "stale":
			return `Not applied to ${outcome.path}: the note changed since the change was proposed.`;
		case "large-removal":
			return `Not applied to ${outcome.path}: it removes ${outcome.removed} of the note's ${outcome.total} characters, which --approve all never does (the chat's Apply asks to confirm it).`;
		case "refused":
			return `Not applied to ${outcome.path}: refused (${outcome.refusal}).`;
		case "nothing-accepted":
			return `Nothing to apply to ${outcome.path}.`;
	}
}
