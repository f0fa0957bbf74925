import type { PaneType } from "obsidian";
import type { ToolResult } from "../../core/agent/tools";
import type { SavedToolCall } from "../../core/agent/transcript";
import { t } from "../../i18n";
import { renderIdentityChange, type UndoIdentityChange } from "./identityChange";
import { noteLocationIn, type NoteLocation } from "./noteLocations";

/** What a chip's result can do: open a note it names, undo an identity change it announces. */
export interface ChipActions {
	readonly open: (location: NoteLocation, newLeaf: PaneType | false) => void;
	readonly undo: UndoIdentityChange;
}

/** A string field of a tool's input, or `""`. */
function field(input: unknown, name: string): string {
	if (typeof input !== "object" || input === null) return "";
	const value = (input as Record<string, unknown>)[name];
	return typeof value === "string" ? value : "";
}

/** What a tool call did, in the user's words ("Searched memory for …", "Read Projects/Atlas"). */
export function toolChipLabel(name: string, input: unknown): string {
	switch (name) {
		case "memory_search":
			return t("chip.memory_search", { query: field(input, "query") });
		case "memory_get":
			return t("chip.memory_get", { path: field(input, "path") });
		case "note_annotate":
			return t("chip.note_annotate", { path: field(input, "path") });
		case "memory_append":
			return field(input, "target") === "longterm" ? t("chip.memory_append.longterm") : t("chip.memory_append.daily");
		case "memory_recent":
		case "memory_history":
		case "capture_note":
		case "checkpoint":
		case "identity_update":
			return t(`chip.${name}`);
		default:
			return t("chip.other", { name });
	}
}

/**
 * A tool call in the chat: a small chip that says what it did, which opens (a `details`
 * element) to the call's input and, once it returned, its result, where each line that names a
 * note and line opens it there. An identity change is shown below the chip, with its undo.
 */
export class ToolChip {
	private readonly el: HTMLDetailsElement;
	private readonly summaryEl: HTMLElement;
	private readonly label: string;

	constructor(
		private readonly parent: HTMLElement,
		name: string,
		input: unknown,
		private readonly actions: ChipActions,
	) {
		this.label = toolChipLabel(name, input);
		this.el = parent.createEl("details", { cls: "assistant-chat-chip is-running" });
		this.summaryEl = this.el.createEl("summary", { text: this.label });
		this.el.createDiv({ cls: "assistant-chat-chip-heading", text: t("chip.input") });
		this.el.createEl("pre", { cls: "assistant-chat-chip-body", text: JSON.stringify(input, null, 2) });
	}

	/** A call read back from a transcript, which keeps no result: only its error, if it failed. */
	static saved(parent: HTMLElement, call: SavedToolCall, actions: ChipActions): ToolChip {
		const chip = new ToolChip(parent, call.name, call.input, actions);
		chip.el.removeClass("is-running");
		if (call.error !== null) chip.failed(call.error);
		return chip;
	}

	finished(result: ToolResult): void {
		this.el.removeClass("is-running");
		if (result.isError) this.failed(result.text);
		else this.showResult(result.text);
		if (result.display?.kind === "identity-diff") this.el.after(renderIdentityChange(this.parent, result.display, this.actions.undo));
	}

	private failed(error: string): void {
		this.el.addClass("is-error");
		this.summaryEl.setText(t("chip.failed", { label: this.label }));
		this.showResult(error);
	}

	private showResult(text: string): void {
		this.el.createDiv({ cls: "assistant-chat-chip-heading", text: t("chip.result") });
		const body = this.el.createEl("pre", { cls: "assistant-chat-chip-body" });
		text.split("\n").forEach((line, index) => {
			if (index > 0) body.appendText("\n");
			const location = noteLocationIn(line);
			if (location === null) {
				body.appendText(line);
				return;
			}
			const link = body.createEl("a", { cls: "assistant-chat-chip-location", text: line, attr: { "aria-label": t("chip.open-location", { path: location.path, line: location.line }) } });
			link.addEventListener("click", (event) => {
				event.preventDefault();
				this.actions.open(location, event.ctrlKey || event.metaKey ? "tab" : false);
			});
		});
	}
}
