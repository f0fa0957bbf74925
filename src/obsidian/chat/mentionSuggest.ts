import type { App, Component, TFile } from "obsidian";
import { parentFolder } from "../../core/vault/paths";
import type { NoteTitleSearch } from "./noteTitleSearch";

/** `[[` and what was typed after it, up to the caret: a link being written. */
const OPEN_MENTION = /\[\[([^[\]|#^\n]*)$/;

/**
 * Suggestions of notes under the composer while the user writes a `[[link`: the names matching
 * what follows `[[`, updated on every keystroke. Up and Down move, Enter or Tab (or a click)
 * puts `[[Title]]` in place of what was typed, Esc closes. The link is what puts the note in
 * the context: the session reads every `[[link]]` of the message.
 */
export class MentionSuggest {
	private readonly el: HTMLElement;
	private files: TFile[] = [];
	private selected = 0;
	/** Where the `[[` being completed starts in the text; -1 when closed. */
	private start = -1;

	constructor(
		private readonly app: App,
		private readonly input: HTMLTextAreaElement,
		parent: HTMLElement,
		owner: Component,
		private readonly titles: NoteTitleSearch,
	) {
		this.el = parent.createDiv({ cls: "suggestion-container assistant-chat-mentions" });
		this.el.hide();
		owner.registerDomEvent(input, "input", () => this.update());
		owner.registerDomEvent(input, "blur", () => this.close());
		// A click on a suggestion must not take the focus from the text (which would close the list first).
		owner.registerDomEvent(this.el, "mousedown", (event) => event.preventDefault());
	}

	get isOpen(): boolean {
		return this.start !== -1;
	}

	/** Takes the keys that move in or choose from the open list; returns whether it took `event`. */
	handleKey(event: KeyboardEvent): boolean {
		if (!this.isOpen || event.isComposing) return false;
		switch (event.key) {
			case "ArrowDown":
			case "ArrowUp":
				this.select(this.selected + (event.key === "ArrowDown" ? 1 : -1));
				break;
			case "Enter":
			case "Tab":
				this.choose(this.files[this.selected]);
				break;
			case "Escape":
				this.close();
				break;
			default:
				return false;
		}
		event.preventDefault();
		event.stopPropagation();
		return true;
	}

	private update(): void {
		const caret = this.input.selectionStart;
		const match = OPEN_MENTION.exec(this.input.value.slice(0, caret));
		this.files = match === null ? [] : this.titles.search(match[1]);
		if (match === null || this.files.length === 0) {
			this.close();
			return;
		}
		this.start = match.index;
		this.el.empty();
		const list = this.el.createDiv({ cls: "suggestion" });
		this.files.forEach((file, index) => {
			const item = list.createDiv({ cls: "suggestion-item mod-complex" });
			const content = item.createDiv({ cls: "suggestion-content" });
			content.createDiv({ cls: "suggestion-title", text: file.basename });
			const folder = parentFolder(file.path);
			if (folder !== "") content.createDiv({ cls: "suggestion-note", text: folder });
			item.addEventListener("click", () => this.choose(file));
			item.addEventListener("mousemove", () => this.select(index));
		});
		this.select(0);
		this.el.show();
	}

	private select(index: number): void {
		const items = Array.from(this.el.querySelectorAll(".suggestion-item"));
		this.selected = (index + items.length) % items.length;
		items.forEach((item, at) => item.toggleClass("is-selected", at === this.selected));
		items[this.selected]?.scrollIntoView({ block: "nearest" });
	}

	/** Puts `[[link]]` where the `[[` began, the caret after it (a `]]` already there is reused). */
	private choose(file: TFile | undefined): void {
		if (file === undefined || !this.isOpen) return;
		const value = this.input.value;
		const caret = this.input.selectionStart;
		const link = `[[${this.app.metadataCache.fileToLinktext(file, "")}]]`;
		const after = value.slice(caret).replace(/^\]\]/, "");
		this.input.value = value.slice(0, this.start) + link + after;
		const end = this.start + link.length;
		this.input.setSelectionRange(end, end);
		this.close();
	}

	private close(): void {
		this.start = -1;
		this.files = [];
		this.el.empty();
		this.el.hide();
	}
}
