import { setIcon, type Component } from "obsidian";
import { baseName } from "../../core/vault/paths";
import { t } from "../../i18n";

/** What the user means to do with a selection: have it edited, or ask about it. */
export type SelectionIntent = "edit" | "ask";

/** Text the user selected in a note, sent with their next message (`ContextNotes.selection`). */
export interface AttachedSelection {
	readonly path: string;
	/** UTF-16 offsets into the note's text, `to` exclusive. */
	readonly from: number;
	readonly to: number;
	readonly text: string;
	/** The first and last lines it covers (1-based), for the chip. */
	readonly lines: { readonly first: number; readonly last: number };
}

/**
 * The selection attached to the message being written, shown above the text area as a chip (the
 * note's name and its lines), which the user can remove. The next message sent takes it.
 */
export class SelectionChip {
	private readonly el: HTMLElement;
	private attached: AttachedSelection | null = null;

	constructor(parent: HTMLElement, owner: Component) {
		this.el = parent.createDiv({ cls: "assistant-chat-selection" });
		this.el.hide();
		owner.registerDomEvent(this.el, "click", (event) => {
			if (event.target instanceof Element && event.target.closest(".assistant-chat-selection-remove") !== null)
				this.clear();
		});
	}

	attach(selection: AttachedSelection): void {
		this.attached = selection;
		this.draw();
	}

	/** The selection, for the message being sent: the chip goes, the next message has none. */
	take(): AttachedSelection | null {
		const selection = this.attached;
		this.clear();
		return selection;
	}

	clear(): void {
		this.attached = null;
		this.draw();
	}

	/** Drawn again in the interface language, after it changed. */
	draw(): void {
		this.el.empty();
		const selection = this.attached;
		this.el.toggle(selection !== null);
		if (selection === null) return;
		const note = baseName(selection.path);
		const { first, last } = selection.lines;
		this.el.setAttr("title", selection.text);
		this.el.setAttr("aria-label", t("selection.chip-label", { path: selection.path }));
		this.el.createSpan({
			cls: "assistant-chat-selection-label",
			text:
				first === last
					? t("selection.chip-line", { note, line: first })
					: t("selection.chip-lines", { note, from: first, to: last }),
		});
		const remove = this.el.createEl("button", {
			cls: "assistant-chat-selection-remove clickable-icon",
			attr: { "aria-label": t("selection.remove") },
		});
		setIcon(remove, "x");
	}
}
