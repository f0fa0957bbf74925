import { joinVaultPath } from "../vault/paths";
import type { VaultView } from "../vault/vaultView";
import type { WorkspaceLayout } from "../workspace/layout";
import type { DailyTarget } from "./dailyNote";

/**
 * Where a day's memory is: where daily memory is kept, or, once archived, in
 * `memory/archive/YYYY/` (archiving moves the assistant's own notes there, whole). Readers that
 * look back (the history book, promotion) find a day in either place.
 */

/** The path archiving moves a day's note to. */
export function archivedDayPath(layout: Pick<WorkspaceLayout, "archiveFolder">, date: string): string {
	return joinVaultPath(layout.archiveFolder, date.slice(0, 4), `${date}.md`);
}

/** The archive as a daily target: the assistant's own notes, moved whole, so no heading of the user's to write under. */
export function archiveTarget(layout: Pick<WorkspaceLayout, "archiveFolder">): DailyTarget {
	return { pathFor: (date) => archivedDayPath(layout, date), heading: null, template: "" };
}

export interface DayNote {
	readonly path: string;
	readonly archived: boolean;
}

/** The note of `date` the assistant may read, where it is kept first, else in the archive; `null` when there is none (or it is hidden). */
export function findDayNote(
	vault: Pick<VaultView, "stat">,
	target: DailyTarget,
	layout: Pick<WorkspaceLayout, "archiveFolder">,
	date: string,
): DayNote | null {
	if (vault.stat(target.pathFor(date)) !== null) return { path: target.pathFor(date), archived: false };
	const archived = archivedDayPath(layout, date);
	return vault.stat(archived) !== null ? { path: archived, archived: true } : null;
}

/** The target that holds `date`'s note: the archive once the day was archived, else where daily memory is kept. */
export function targetHolding(
	vault: Pick<VaultView, "stat">,
	target: DailyTarget,
	layout: Pick<WorkspaceLayout, "archiveFolder">,
	date: string,
): DailyTarget {
	return findDayNote(vault, target, layout, date)?.archived === true ? archiveTarget(layout) : target;
}
