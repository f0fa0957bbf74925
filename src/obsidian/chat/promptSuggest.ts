import type { Component } from "obsidian";
import { promptsMatching, type PromptEntry } from "../../core/prompts";

/** A `/` at the very start of the message and what was typed after it, up to the caret: a prompt being called. */
const OPEN_COMMAND = /^\/([^\n/]*)$/;

/**
 * Suggestions of prompts under the composer while the message begins with `/`: each prompt's
 * name and description, those whose names match what follows the `/`. Up and Down move, Enter or
 * Tab (or a click) puts `/name ` in place of what was typed, for the user to add their own words
 * and send; Esc closes. Sending `/name …` runs the prompt (see `ChatView.send`).
 */
export class PromptSuggest {
	private readonly el: HTMLElement;
	private shown: PromptEntry[] = [];
	private selected = 0;

	constructor(
		private readonly input: HTMLTextAreaElement,
		parent: HTMLElement,
		owner: Component,
		private readonly prompts: () => readonly PromptEntry[],
	) {
		this.el = parent.createDiv({ cls: "suggestion-container assistant-chat-mentions assistant-chat-prompts" });
		this.el.hide();
		owner.registerDomEvent(input, "input", () => this.update());
		owner.registerDomEvent(input, "blur", () => this.close());
		// A click on a suggestion must not take the focus from the text (which would close the list first).
		owner.registerDomEvent(this.el, "mousedown", (event) => event.preventDefault());
	}

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
		const match = OPEN_COMMAND.exec(this.input.value.slice(0, this.input.selectionStart));
		this.shown = match === null ? [] : promptsMatching(this.prompts(), match[1]);
		if (this.shown.length === 0) {
			this.close();
			return;
		}
		this.el.empty();
		const list = this.el.createDiv({ cls: "suggestion" });
		this.shown.forEach((prompt, index) => {
			const item = list.createDiv({ cls: "suggestion-item mod-complex" });
			const content = item.createDiv({ cls: "suggestion-content" });
			content.createDiv({ cls: "suggestion-title", text: `/${prompt.name}` });
			if (prompt.description !== undefined) content.createDiv({ cls: "suggestion-note", text: prompt.description });
			item.addEventListener("click", () => this.choose(prompt));
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

	/** Puts `/name ` in place of the `/` and what followed it, the caret after it, the rest of the text kept. */
	private choose(prompt: PromptEntry | undefined): void {
		if (prompt === undefined) return;
		const after = this.input.value.slice(this.input.selectionStart).replace(/^\S*\s?/, "");
		const command = `/${prompt.name} `;
		this.input.value = command + after;
		this.input.setSelectionRange(command.length, command.length);
		this.close();
	}

	private close(): void {
		this.shown = [];
		this.el.empty();
		this.el.hide();
	}
}
