import type { Clock } from "../ports";
import { baseName } from "../vault/paths";
import type { VaultView } from "../vault/vaultView";
import type { WorkspaceLayout } from "../workspace/layout";
import { isDailyDate, localDaysAgo, localToday } from "./dailyDates";
import type { DailyTarget } from "./dailyNote";
import { archivedDayPath, findDayNote } from "./dayNotes";
import { promotionState } from "./promotion";

/** A day the promote picker offers: where its note is, and where it stands with promotion. */
export interface PromotableDay {
	readonly date: string;
	/** `null` for today before its note exists: promoting it then says there is nothing yet. */
	readonly path: string | null;
	readonly archived: boolean;
	readonly state: "unpromoted" | "promoted" | "nothing";
}

/** How far back the picker looks for days by date where daily memory is kept (the user's daily notes have no date in every name). */
export const RECENT_DAYS = 60;

/**
 * Every day *Promote* can take, today first, then the others latest first: today (promoted by
 * default), the recent days where daily memory is kept, and every day in the archive or the
 * assistant's daily folder, each with whether its candidates are still to promote, so the user
 * sees which days need it. Each note is read once; hidden notes are not offered.
 */
export async function promotableDays(
	vault: VaultView,
	target: DailyTarget,
	layout: Pick<WorkspaceLayout, "archiveFolder">,
	clock: Clock,
): Promise<PromotableDay[]> {
	const today = localToday(clock);
	const dates = new Set<string>([today]);
	for (let days = 1; days <= RECENT_DAYS; days++) dates.add(localDaysAgo(clock, days));
	for (const file of vault.listFiles()) {
		const date = baseName(file.path);
		if (isDailyDate(date) && (file.path === target.pathFor(date) || file.path === archivedDayPath(layout, date)))
			dates.add(date);
	}
	const days: PromotableDay[] = [];
	for (const date of [...dates].sort().reverse()) {
		const note = findDayNote(vault, target, layout, date);
		if (note === null) {
			if (date === today) days.push({ date, path: null, archived: false, state: "nothing" });
			continue;
		}
		days.push({
			date,
			path: note.path,
			archived: note.archived,
			state: promotionState(await vault.read(note.path), date),
		});
	}
	// A date ahead of today's (a note named for tomorrow) comes after it: today is the default.
	return [...days.filter((day) => day.date === today), ...days.filter((day) => day.date !== today)];
}
