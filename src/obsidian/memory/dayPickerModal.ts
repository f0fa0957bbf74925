import { SuggestModal, type App } from "obsidian";
import type { PromotableDay } from "../../core/memory/promotableDays";
import { t } from "../../i18n";

/**
 * *Promote a day*: today first, so Enter promotes today's memory, then the other days latest
 * first, archived days included. Each says where it stands (candidates still to promote, already
 * promoted, nothing to promote, archived), and a day whose candidates wait is marked, so the user
 * finds the days that need it; typing a date or part of one narrows the list.
 */
export class DayPickerModal extends SuggestModal<PromotableDay> {
	constructor(
		app: App,
		private readonly days: readonly PromotableDay[],
		private readonly onChoose: (date: string) => void,
	) {
		super(app);
		this.setPlaceholder(t("promote.pick-day"));
	}

	getSuggestions(query: string): PromotableDay[] {
		const wanted = query.trim();
		return this.days.filter((day) => day.date.includes(wanted));
	}

	renderSuggestion(day: PromotableDay, el: HTMLElement): void {
		el.addClass("mod-complex");
		const content = el.createDiv("suggestion-content");
		content.createDiv({
			cls: "suggestion-title",
			text: day.date === this.days[0]?.date ? t("promote.today", { date: day.date }) : day.date,
		});
		const state = day.path === null ? t("promote.state.no-note") : t(`promote.state.${day.state}`);
		content.createDiv({ cls: "suggestion-note", text: day.archived ? `${state} ${t("promote.archived")}` : state });
		if (day.state === "unpromoted") el.addClass("assistant-day-unpromoted");
	}

	onChooseSuggestion(day: PromotableDay): void {
		this.onChoose(day.date);
	}
}
