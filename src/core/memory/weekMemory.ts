import { withoutHiddenNames } from "../vault/hiddenNames";
import type { VaultView } from "../vault/vaultView";
import type { WorkspaceLayout } from "../workspace/layout";
import type { DailyMemory } from "./daily";
import { assistantPart, type DailyTarget } from "./dailyNote";
import { archivedDayPath, findDayNote } from "./dayNotes";
import type { IsoWeek } from "./isoWeek";

/**
 * The daily memory of one week, oldest day first: each day's note where daily memory is kept,
 * or, once archived, in `memory/archive/YYYY/` (archiving moves the assistant's own notes there).
 * Each was written under the rules of its day, so it is read through today's: a link to a note
 * private now is withheld before the model or the summary sees it.
 */
export async function readWeekMemory(
	vault: VaultView,
	target: DailyTarget,
	layout: Pick<WorkspaceLayout, "archiveFolder">,
	week: IsoWeek,
): Promise<DailyMemory[]> {
	const found: DailyMemory[] = [];
	for (const date of week.days) {
		const note = findDayNote(vault, target, layout, date);
		if (note === null) continue;
		const written = assistantPart(await vault.read(note.path), note.archived ? null : target.heading);
		const text = withoutHiddenNames(written, vault, note.path);
		if (text.trim() !== "") found.push({ date, path: note.path, text });
	}
	return found;
}

/** How many days of the week have daily memory the assistant may read (where it is kept, or archived). */
export function daysWithMemory(
	vault: VaultView,
	target: DailyTarget,
	layout: Pick<WorkspaceLayout, "archiveFolder">,
	week: IsoWeek,
): number {
	return week.days.filter((date) => findDayNote(vault, target, layout, date) !== null).length;
}

/** The days of the week whose daily memory is hidden by the privacy rules: left out, and said so. */
export function hiddenDaysOf(
	vault: VaultView,
	target: DailyTarget,
	layout: Pick<WorkspaceLayout, "archiveFolder">,
	week: IsoWeek,
): string[] {
	return week.days.filter((date) =>
		[target.pathFor(date), archivedDayPath(layout, date)].some((path) => vault.hiddenReason(path) !== null),
	);
}
