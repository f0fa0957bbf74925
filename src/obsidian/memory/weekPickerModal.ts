import { SuggestModal, type App } from "obsidian";
import { t } from "../../i18n";
import type { PickableWeek } from "./weeklySummaryRun";

/**
 * "Build weekly summary": the recent weeks, last week first, so Enter builds last week's. Each
 * says how many days of daily memory it has and whether it is summarised, so that a week with
 * nothing to summarise is not picked by mistake.
 */
export class WeekPickerModal extends SuggestModal<PickableWeek> {
	constructor(
		app: App,
		private readonly weeks: readonly PickableWeek[],
		private readonly onChoose: (week: string) => void,
	) {
		super(app);
		this.setPlaceholder(t("weekly.pick-week"));
	}

	getSuggestions(query: string): PickableWeek[] {
		const wanted = query.trim().toUpperCase();
		return this.weeks.filter((entry) => entry.week.includes(wanted));
	}

	renderSuggestion(entry: PickableWeek, el: HTMLElement): void {
		el.addClass("mod-complex");
		const content = el.createDiv("suggestion-content");
		content.createDiv({
			cls: "suggestion-title",
			text: entry.week === this.weeks[0]?.week ? t("weekly.last-week", { week: entry.week }) : entry.week,
		});
		const memory = entry.days === 0 ? t("weekly.no-memory-days") : t("weekly.memory-days", { count: entry.days });
		content.createDiv({
			cls: "suggestion-note",
			text: entry.summarised ? `${memory} ${t("weekly.summarised")}` : memory,
		});
		if (entry.days > 0) el.addClass("assistant-week-with-memory");
	}

	onChooseSuggestion(entry: PickableWeek): void {
		this.onChoose(entry.week);
	}
}
