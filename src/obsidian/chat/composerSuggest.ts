import type { Component } from "obsidian";

/** How one suggestion reads in the list: its name, and a second line when there is one. */
export interface SuggestionText {
	readonly title: string;
	readonly note?: string;
}

/**
 * A list of suggestions under the composer's text, opened by what is typed before the caret
 * (`[[` for notes, `/` for prompts) and drawn as Obsidian's own suggesters are. Up and Down
 * move, Enter or Tab (or a click) chooses, Esc closes; a key the open list takes goes no further
 * (Enter does not also send the message). A subclass says what the typed text matches, how an
 * item reads and what choosing it writes.
 */
export abstract class ComposerSuggest<T> {
	private readonly el: HTMLElement;
	private shown: readonly T[] = [];
	private selected = 0;

	constructor(
		protected readonly input: HTMLTextAreaElement,
		parent: HTMLElement,
		owner: Component,
		cls: readonly string[] = [],
	) {
		this.el = parent.createDiv({ cls: ["suggestion-container", "assistant-chat-mentions", ...cls] });
		this.el.hide();
		owner.registerDomEvent(input, "input", () => this.update());
		owner.registerDomEvent(input, "blur", () => this.close());
		// A click on a suggestion must not take the focus from the text (which would close the list first).
		owner.registerDomEvent(this.el, "mousedown", (event) => event.preventDefault());
	}

	/** The items the text before the caret calls for; none closes the list. */
	protected abstract matching(beforeCaret: string): readonly T[];
	protected abstract textOf(item: T): SuggestionText;
	/** Writes the chosen item into the text; the list closes after. */
	protected abstract insert(item: T): void;

	/** Takes the keys that move in or choose from the open list; returns whether it took `event`. */
	handleKey(event: KeyboardEvent): boolean {
		if (this.shown.length === 0 || event.isComposing) return false;
		switch (event.key) {
			case "ArrowDown":
			case "ArrowUp":
				this.select(this.selected + (event.key === "ArrowDown" ? 1 : -1));
				break;
			case "Enter":
			case "Tab":
				this.choose(this.shown[this.selected]);
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
		this.shown = this.matching(this.input.value.slice(0, this.input.selectionStart));
		if (this.shown.length === 0) {
			this.close();
			return;
		}
		this.el.empty();
		const list = this.el.createDiv({ cls: "suggestion" });
		this.shown.forEach((suggestion, index) => {
			const { title, note } = this.textOf(suggestion);
			const item = list.createDiv({ cls: "suggestion-item mod-complex" });
			const content = item.createDiv({ cls: "suggestion-content" });
			content.createDiv({ cls: "suggestion-title", text: title });
			if (note !== undefined && note !== "") content.createDiv({ cls: "suggestion-note", text: note });
			item.addEventListener("click", () => this.choose(suggestion));
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

	private choose(item: T | undefined): void {
		if (item === undefined || this.shown.length === 0) return;
		this.insert(item);
		this.close();
	}

	private close(): void {
		this.shown = [];
		this.el.empty();
		this.el.hide();
	}
}
