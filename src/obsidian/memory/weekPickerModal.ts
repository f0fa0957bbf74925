import { SuggestModal, type App } from "obsidian";
import { t } from "../../i18n";

/** "Build weekly summary": the recent weeks, last week first, so Enter builds last week's. */
export class WeekPickerModal extends SuggestModal<string> {
	constructor(
		app: App,
		private readonly weeks: readonly string[],
		private readonly onChoose: (week: string) => void,
	) {
		super(app);
		this.setPlaceholder(t("weekly.pick-week"));
	}

	getSuggestions(query: string): string[] {
		const wanted = query.trim().toUpperCase();
		return this.weeks.filter((week) => week.includes(wanted));
	}

	renderSuggestion(week: string, el: HTMLElement): void {
		el.setText(week === this.weeks[0] ? t("weekly.last-week", { week }) : week);
	}

	onChooseSuggestion(week: string): void {
		this.onChoose(week);
	}
}
