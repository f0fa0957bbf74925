import { FuzzySuggestModal, type App, type FuzzyMatch } from "obsidian";
import type { PromptEntry } from "../../core/prompts";
import { t } from "../../i18n";

/** "Run prompt…": the prompts by name, fuzzy-filtered as the user types, each with its description. */
export class PromptPicker extends FuzzySuggestModal<PromptEntry> {
	constructor(
		app: App,
		private readonly prompts: readonly PromptEntry[],
		private readonly run: (prompt: PromptEntry) => void,
	) {
		super(app);
		this.setPlaceholder(t("prompts.pick.placeholder"));
	}

	getItems(): PromptEntry[] {
		return [...this.prompts];
	}

	getItemText(prompt: PromptEntry): string {
		return prompt.name;
	}

	override renderSuggestion(match: FuzzyMatch<PromptEntry>, el: HTMLElement): void {
		el.addClass("mod-complex");
		const content = el.createDiv("suggestion-content");
		content.createDiv({ cls: "suggestion-title", text: match.item.name });
		if (match.item.description !== undefined)
			content.createDiv({ cls: "suggestion-note", text: match.item.description });
	}

	onChooseItem(prompt: PromptEntry): void {
		this.run(prompt);
	}
}
