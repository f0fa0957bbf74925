import type { PaneType } from "obsidian";
import {
	locationPhrase,
	toolDescriber,
	type NoteLocation,
	type ToolDescriber,
	type ToolPhrase,
	type ToolResult,
} from "../../core/agent/tools";
import { noteEdit } from "../../core/agent/tools/noteEdit";
import { CUT_MARK } from "../../core/agent/transcript/toolCallLine";
import type { SavedToolCall } from "../../core/agent/transcript";
import { t } from "../../i18n";
import { renderEditProposal, renderSavedEditProposal, type ApplyEdit } from "./editProposalCard";
import { renderIdentityChange } from "./identityChange";
import type { UndoWrite } from "./undoButton";

/**
 * What a chip's result can do: open a note it names, undo a write it announces (an identity
 * change, an applied edit), apply the accepted hunks of a proposed edit, ask the assistant again.
 */
export interface ChipActions {
	/**
	 * Whether the chat may name the note now: a chat reopened from its transcript, or a turn that
	 * ran while the user hid a note, lists no note the privacy rules hide at the time it is drawn.
	 */
	readonly shows: (path: string) => boolean;
	readonly open: (location: NoteLocation, newLeaf: PaneType | false) => void;
	readonly undo: UndoWrite;
	readonly apply: ApplyEdit;
	/** Asks the assistant to propose its edit of the note again, against the note as it is now (`false`: a turn runs, nothing sent). */
	readonly askAgain: (path: string) => boolean;
}

function said(phrase: ToolPhrase): string {
	return t(phrase.key, phrase.vars);
}

/**
 * A tool call in the chat: a small chip that says what it did, which opens (a `details`
 * element) to the call's input and, once it returned, the notes its result names, each a link
 * that opens the note there, then the result as the model read it. What is shown comes from the
 * tool's describer and its result's data, never from its text. An identity change is shown
 * below the chip, with its undo; a proposed edit, as the card the user reviews it on.
 */
export class ToolChip {
	private readonly el: HTMLDetailsElement;
	private readonly summaryEl: HTMLElement;
	private readonly describer: ToolDescriber;
	private readonly label: string;

	constructor(
		private readonly parent: HTMLElement,
		name: string,
		input: unknown,
		private readonly actions: ChipActions,
	) {
		this.describer = toolDescriber(name);
		this.label = said(this.describer.label(input));
		this.el = parent.createEl("details", { cls: "assistant-chat-chip is-running" });
		this.summaryEl = this.el.createEl("summary", { text: this.label });
		this.el.createDiv({ cls: "assistant-chat-chip-heading", text: t("chip.input") });
		this.el.createEl("pre", { cls: "assistant-chat-chip-body", text: JSON.stringify(input, null, 2) });
	}

	/** A call read back from a transcript, which keeps the notes its result named and its error, not its text. */
	static saved(parent: HTMLElement, call: SavedToolCall, actions: ChipActions): ToolChip {
		const chip = new ToolChip(parent, call.name, call.input, actions);
		chip.el.removeClass("is-running");
		chip.showLocations(call.locations);
		if (call.error !== null) chip.failed(call.error);
		// A saved chat keeps a proposal's call, not its hunks: its card can no longer apply.
		else if (call.name === noteEdit.name) {
			const path = savedPath(call.input);
			const shown = path !== null && actions.shows(path) ? path : null;
			chip.el.after(renderSavedEditProposal(parent, shown, actions.askAgain));
		}
		return chip;
	}

	finished(result: ToolResult): void {
		this.el.removeClass("is-running");
		this.showLocations(result.locations ?? []);
		if (result.isError) this.failed(result.text);
		else this.showResult(result.text);
		if (result.display?.kind === "identity-diff")
			this.el.after(renderIdentityChange(this.parent, result.display, this.actions.undo));
		if (result.display?.kind === "edit-proposal")
			this.el.after(renderEditProposal(this.parent, result.display.proposal, this.actions));
	}

	private failed(error: string): void {
		this.el.addClass("is-error");
		this.summaryEl.setText(t("chip.failed", { label: this.label }));
		this.showResult(error);
	}

	private showLocations(named: readonly NoteLocation[]): void {
		const locations = named.filter((location) => this.actions.shows(location.path));
		if (locations.length === 0) return;
		this.el.createDiv({ cls: "assistant-chat-chip-heading", text: t(`chip.locations.${this.describer.locations}`) });
		const list = this.el.createEl("ul", { cls: "assistant-chat-chip-locations" });
		for (const location of locations) {
			const open =
				location.line === undefined
					? t("chip.open-note", { path: location.path })
					: t("chip.open-location", { path: location.path, line: location.line });
			const link = list.createEl("li").createEl("a", {
				cls: "assistant-chat-chip-location",
				text: said(locationPhrase(location)),
				attr: { "aria-label": open },
			});
			link.addEventListener("click", (event) => {
				event.preventDefault();
				this.actions.open(location, event.ctrlKey || event.metaKey ? "tab" : false);
			});
		}
	}

	private showResult(text: string): void {
		this.el.createDiv({ cls: "assistant-chat-chip-heading", text: t("chip.result") });
		this.el.createEl("pre", { cls: "assistant-chat-chip-body", text });
	}
}

/** The note a saved call names, unless the transcript cut its path short (then it names none for sure). */
function savedPath(input: unknown): string | null {
	const path = typeof input === "object" && input !== null && "path" in input ? input.path : null;
	return typeof path === "string" && !path.endsWith(CUT_MARK) ? path : null;
}
