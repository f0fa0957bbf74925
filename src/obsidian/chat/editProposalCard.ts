import type { ApplyConfirmation } from "../../core/edits/applyProposal";
import type { ApplyOutcome, EditHunk, EditProposal } from "../../core/edits/editProposal";
import { baseName } from "../../core/vault/paths";
import { t } from "../../i18n";
import { describeError } from "../describeError";
import { formatCount } from "../localeFormat";
import { drawHunkDiff } from "./hunkDiff";
import { drawUndoButton, type UndoWrite } from "./undoButton";

/** Writes the accepted hunks of a proposal (`applyProposal`), only while the note is still its base. */
export type ApplyEdit = (
	proposal: EditProposal,
	accepted: ReadonlySet<number>,
	confirmed: ApplyConfirmation,
) => Promise<ApplyOutcome>;

/** What the card's buttons do: apply, undo, ask the assistant again. */
export interface EditCardActions {
	readonly apply: ApplyEdit;
	readonly undo: UndoWrite;
	/** Asks the assistant to propose again against the note as it is now; `false` when it could not (a turn runs). */
	readonly askAgain: (path: string) => boolean;
}

type Decision = "accepted" | "rejected";

/**
 * A change to the user's note the assistant proposed, for the user to review: the note (a link)
 * and the reason, each hunk as a small diff at its line with Accept and Reject, Accept all and
 * Reject all, and one Apply that writes the accepted hunks, nothing else. Nothing is decided for
 * the user: a hunk is written only once accepted. Changes that would take out most of the note
 * are written only after a second question on the card ("This removes N of M characters…"). Then
 * the card says how it ended: what was applied, with Undo; that the note changed since, with Ask
 * again; or why it was refused.
 */
export function renderEditProposal(parent: HTMLElement, proposal: EditProposal, actions: EditCardActions): HTMLElement {
	const el = cardFrame(parent, proposal.path);
	el.createDiv({ cls: "assistant-edit-card-reason", text: proposal.reason });
	const decisions = new Map<number, Decision>();
	const hunkEls = proposal.hunks.map((hunk) => drawHunk(el, hunk, (decision) => decide([hunk.id], decision)));
	const bar = el.createDiv({ cls: "assistant-edit-card-actions" });
	const button = (cls: string, text: string, label: string) =>
		bar.createEl("button", { cls, text, attr: { "aria-label": label } });
	const acceptAll = button("assistant-edit-accept-all", t("edit.accept-all"), t("edit.accept-all"));
	const rejectAll = button("assistant-edit-reject-all", t("edit.reject-all"), t("edit.reject-all"));
	const applyButton = button("assistant-edit-apply mod-cta", "", "");
	const status = bar.createSpan({ cls: "assistant-edit-card-status", attr: { role: "status" } });
	const ids = proposal.hunks.map((hunk) => hunk.id);
	acceptAll.addEventListener("click", () => decide(ids, "accepted"));
	rejectAll.addEventListener("click", () => decide(ids, "rejected"));

	function accepted(): Set<number> {
		return new Set(ids.filter((id) => decisions.get(id) === "accepted"));
	}

	function decide(which: readonly number[], decision: Decision): void {
		for (const id of which) decisions.set(id, decision);
		refresh();
	}

	function refresh(): void {
		for (const [index, hunkEl] of hunkEls.entries()) showDecision(hunkEl, decisions.get(ids[index]) ?? null);
		const count = accepted().size;
		applyButton.setText(count === 0 ? t("edit.apply") : t("edit.apply-count", { count }));
		applyButton.setAttr("aria-label", t("edit.apply-label", { count, total: ids.length }));
		applyButton.disabled = count === 0;
	}

	applyButton.addEventListener("click", () => {
		const chosen = accepted();
		if (chosen.size > 0) apply(chosen, { largeRemoval: false });
	});

	function apply(chosen: ReadonlySet<number>, confirmed: ApplyConfirmation): void {
		const buttons = Array.from(el.querySelectorAll("button"));
		for (const each of buttons) each.disabled = true;
		status.setText(t("edit.applying"));
		const enable = () => {
			for (const each of buttons) each.disabled = false;
			refresh();
		};
		void actions.apply(proposal, chosen, confirmed).then(
			(outcome) => {
				if (outcome.kind === "large-removal") {
					status.setText("");
					askToConfirm(el, outcome, () => apply(chosen, { largeRemoval: true }), enable);
					return;
				}
				bar.empty();
				for (const [index, hunkEl] of hunkEls.entries()) settle(hunkEl, chosen.has(ids[index]));
				showOutcome(el, bar, outcome, actions);
				// The focus left with Apply's button: it goes to the next step (Undo, Ask again), unless the user put it elsewhere.
				const active = el.ownerDocument.activeElement;
				if (active === null || active === el.ownerDocument.body) bar.querySelector("button")?.focus();
			},
			(error: unknown) => {
				status.setText(t("edit.apply-failed", { error: describeError(error) }));
				enable();
			},
		);
	}
	refresh();
	return el;
}

/**
 * The second question before changes that take out most of the note: how much of it goes, with
 * Apply anyway and Cancel. Cancel, focused first, leaves the card as it was before Apply.
 */
function askToConfirm(
	card: HTMLElement,
	removal: Extract<ApplyOutcome, { kind: "large-removal" }>,
	applyAnyway: () => void,
	cancel: () => void,
): void {
	const el = card.createDiv({
		cls: ["assistant-edit-card-actions", "assistant-edit-confirm"],
		attr: { role: "alert" },
	});
	el.createSpan({
		cls: "assistant-edit-confirm-question",
		text: t("edit.large-removal", {
			removed: formatCount(removal.removed),
			total: formatCount(removal.total),
			note: baseName(removal.path),
		}),
	});
	const anyway = el.createEl("button", {
		cls: "assistant-edit-apply-anyway mod-warning",
		text: t("edit.apply-anyway"),
	});
	const no = el.createEl("button", { cls: "assistant-edit-cancel", text: t("modal.cancel") });
	anyway.addEventListener("click", () => {
		el.remove();
		applyAnyway();
	});
	no.addEventListener("click", () => {
		el.remove();
		cancel();
	});
	no.focus();
}

/**
 * A proposal read back from a saved chat, which keeps the call (cut short), not its hunks or the
 * note's text they were made against: it cannot be applied any more, the card says so and offers
 * to ask again. `path` is `null` when the saved call does not name the note in full.
 */
export function renderSavedEditProposal(
	parent: HTMLElement,
	path: string | null,
	askAgain: EditCardActions["askAgain"],
): HTMLElement {
	const el = path === null ? parent.createDiv({ cls: "assistant-edit-card" }) : cardFrame(parent, path);
	el.addClass("is-expired");
	const bar = el.createDiv({ cls: "assistant-edit-card-actions" });
	bar.createSpan({ cls: "assistant-edit-card-status", text: t("edit.expired") });
	if (path !== null) askAgainButton(bar, path, askAgain);
	return el;
}

/**
 * The card and its header: the note's name as an internal link, which the chat opens (in a new
 * tab with Ctrl or Cmd) and previews on hover as it does the links of an answer.
 */
function cardFrame(parent: HTMLElement, path: string): HTMLElement {
	const el = parent.createDiv({
		cls: "assistant-edit-card",
		attr: { role: "group", "aria-label": t("edit.card-label", { path }) },
	});
	const header = el.createDiv({ cls: "assistant-edit-card-header" });
	header.createSpan({ cls: "assistant-edit-card-title", text: t("edit.title") });
	header.createEl("a", {
		cls: "assistant-edit-card-note internal-link",
		text: baseName(path),
		href: path,
		attr: { "data-href": path, "aria-label": t("chip.open-note", { path }) },
	});
	return el;
}

function drawHunk(card: HTMLElement, hunk: EditHunk, decide: (decision: Decision) => void): HTMLElement {
	const el = card.createDiv({ cls: "assistant-edit-hunk", attr: { "data-hunk": String(hunk.id) } });
	const head = el.createDiv({ cls: "assistant-edit-hunk-head" });
	head.createSpan({ cls: "assistant-edit-hunk-line", text: t("edit.hunk-line", { line: hunk.line }) });
	head.createSpan({ cls: "assistant-edit-hunk-state" });
	const toggles = head.createDiv({ cls: "assistant-edit-hunk-toggles" });
	const toggle = (cls: string, text: string, label: string, decision: Decision) =>
		toggles
			.createEl("button", { cls, text, attr: { "aria-label": label, "aria-pressed": "false" } })
			.addEventListener("click", () => decide(decision));
	toggle("assistant-edit-accept", t("edit.accept"), t("edit.accept-label", { line: hunk.line }), "accepted");
	toggle("assistant-edit-reject", t("edit.reject"), t("edit.reject-label", { line: hunk.line }), "rejected");
	drawHunkDiff(el, hunk);
	return el;
}

function showDecision(hunkEl: HTMLElement, decision: Decision | null): void {
	hunkEl.toggleClass("is-accepted", decision === "accepted");
	hunkEl.toggleClass("is-rejected", decision === "rejected");
	hunkEl.querySelector(".assistant-edit-accept")?.setAttr("aria-pressed", String(decision === "accepted"));
	hunkEl.querySelector(".assistant-edit-reject")?.setAttr("aria-pressed", String(decision === "rejected"));
	hunkEl
		.querySelector(".assistant-edit-hunk-state")
		?.setText(decision === null ? "" : t(decision === "accepted" ? "edit.accepted" : "edit.rejected"));
}

/** After Apply: the hunks are no longer choices; each says whether it was part of what was sent. */
function settle(hunkEl: HTMLElement, wasAccepted: boolean): void {
	hunkEl.querySelector(".assistant-edit-hunk-toggles")?.remove();
	hunkEl.toggleClass("is-rejected", !wasAccepted);
}

/** How an apply ended, once it wrote or was refused: a removal to confirm is asked about instead (`askToConfirm`). */
type FinalOutcome = Exclude<ApplyOutcome, { kind: "large-removal" }>;

function showOutcome(el: HTMLElement, bar: HTMLElement, outcome: FinalOutcome, actions: EditCardActions): void {
	const status = bar.createSpan({ cls: "assistant-edit-card-status", attr: { role: "status" } });
	const note = baseName(outcome.path);
	switch (outcome.kind) {
		case "applied":
			el.addClass("is-applied");
			for (const hunkEl of Array.from(el.querySelectorAll(".assistant-edit-hunk:not(.is-rejected)")))
				hunkEl.querySelector(".assistant-edit-hunk-state")?.setText(t("edit.applied-hunk"));
			status.setText(t("edit.applied", { count: outcome.hunks, note }));
			drawUndoButton(bar, el, outcome.undo, actions.undo);
			return;
		case "stale":
			el.addClass("is-stale");
			status.setText(t("edit.stale", { note }));
			askAgainButton(bar, outcome.path, actions.askAgain);
			return;
		case "refused":
			el.addClass("is-refused");
			status.setText(t(`edit.refused.${outcome.refusal}`));
			return;
		case "nothing-accepted":
			status.setText(t("edit.nothing-accepted"));
			return;
	}
}

function askAgainButton(bar: HTMLElement, path: string, askAgain: EditCardActions["askAgain"]): void {
	const button = bar.createEl("button", {
		cls: "assistant-edit-ask-again mod-cta",
		text: t("edit.ask-again"),
		attr: { "aria-label": t("edit.ask-again-label", { path }) },
	});
	button.addEventListener("click", () => {
		button.disabled = askAgain(path);
	});
}
