import { Modal } from "./modal";

/**
 * Obsidian's `SuggestModal`, driven through its elements as a user drives it: typing in
 * `inputEl` (an `input` event) asks `getSuggestions` and redraws the list in
 * `resultContainerEl`; Up and Down move the selection, Enter or a click chooses a suggestion
 * (the modal closes, then is told).
 */
export abstract class SuggestModal<T> extends Modal {
	limit = 100;
	emptyStateText = "No results found.";
	readonly inputEl: HTMLInputElement;
	readonly resultContainerEl: HTMLElement;
	private suggestions: T[] = [];
	private selected = 0;
	/** Settles when the list shows the suggestions for what was typed last. */
	updated: Promise<void> = Promise.resolve();

	constructor(app: ConstructorParameters<typeof Modal>[0]) {
		super(app);
		this.modalEl.addClass("prompt");
		this.inputEl = this.modalEl.createEl("input", { cls: "prompt-input", type: "text" }) as HTMLInputElement;
		this.resultContainerEl = this.modalEl.createDiv("prompt-results");
		this.inputEl.addEventListener("input", () => (this.updated = this.showSuggestions()));
		this.inputEl.addEventListener("keydown", (evt) => {
			if (evt.key === "ArrowDown" || evt.key === "ArrowUp") {
				evt.preventDefault();
				this.select(this.selected + (evt.key === "ArrowDown" ? 1 : -1));
			} else if (evt.key === "Enter" && this.suggestions.length > 0) {
				// Taken, so it does not also reach what gets the focus once the modal closes.
				evt.preventDefault();
				this.selectSuggestion(this.suggestions[this.selected], evt);
			}
		});
	}

	override open(): void {
		super.open();
		this.inputEl.focus();
		this.updated = this.showSuggestions();
	}

	setPlaceholder(placeholder: string): void {
		this.inputEl.placeholder = placeholder;
	}

	/** Drawn below the list as Obsidian draws them: each command beside what it does. */
	setInstructions(instructions: readonly { command: string; purpose: string }[]): void {
		this.modalEl.querySelector(".prompt-instructions")?.remove();
		const list = this.modalEl.createDiv("prompt-instructions");
		for (const { command, purpose } of instructions) {
			const item = list.createDiv("prompt-instruction");
			item.createSpan({ cls: "prompt-instruction-command", text: command });
			item.createSpan({ text: purpose });
		}
	}

	selectSuggestion(value: T, evt: MouseEvent | KeyboardEvent): void {
		this.close();
		this.onChooseSuggestion(value, evt);
	}

	abstract getSuggestions(query: string): T[] | Promise<T[]>;
	abstract renderSuggestion(value: T, el: HTMLElement): void;
	abstract onChooseSuggestion(item: T, evt: MouseEvent | KeyboardEvent): void;

	private async showSuggestions(): Promise<void> {
		const suggestions = (await this.getSuggestions(this.inputEl.value)).slice(0, this.limit);
		this.suggestions = suggestions;
		this.selected = 0;
		this.resultContainerEl.empty();
		if (suggestions.length === 0) {
			this.resultContainerEl.createDiv({ cls: "suggestion-empty", text: this.emptyStateText });
			return;
		}
		for (const [index, suggestion] of suggestions.entries()) {
			const el = this.resultContainerEl.createDiv("suggestion-item");
			this.renderSuggestion(suggestion, el);
			el.addEventListener("click", (evt) => this.selectSuggestion(suggestion, evt));
			el.addEventListener("mousemove", () => this.select(index));
		}
		this.select(0);
	}

	private select(index: number): void {
		const items = Array.from(this.resultContainerEl.querySelectorAll(".suggestion-item"));
		if (items.length === 0) return;
		this.selected = (index + items.length) % items.length;
		items.forEach((item, at) => item.toggleClass("is-selected", at === this.selected));
		items[this.selected].scrollIntoView?.({ block: "nearest" });
	}
}
