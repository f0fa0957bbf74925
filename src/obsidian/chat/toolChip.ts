import type { ToolResult } from "../../core/agent/tools";
import { t } from "../../i18n";

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
 * element) to the call's input and, once it returned, its result.
 */
export class ToolChip {
	private readonly el: HTMLDetailsElement;
	private readonly summaryEl: HTMLElement;
	private readonly label: string;

	constructor(parent: HTMLElement, name: string, input: unknown) {
		this.label = toolChipLabel(name, input);
		this.el = parent.createEl("details", { cls: "assistant-chat-chip is-running" });
		this.summaryEl = this.el.createEl("summary", { text: this.label });
		this.el.createDiv({ cls: "assistant-chat-chip-heading", text: t("chip.input") });
		this.el.createEl("pre", { cls: "assistant-chat-chip-body", text: JSON.stringify(input, null, 2) });
	}

	finished(result: ToolResult): void {
		this.el.removeClass("is-running");
		this.el.toggleClass("is-error", result.isError);
		if (result.isError) this.summaryEl.setText(t("chip.failed", { label: this.label }));
		this.el.createDiv({ cls: "assistant-chat-chip-heading", text: t("chip.result") });
		this.el.createEl("pre", { cls: "assistant-chat-chip-body", text: result.text });
	}
}
