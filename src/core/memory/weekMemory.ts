import type { NoteStore } from "../ports";
import { joinVaultPath } from "../vault/paths";
import type { WorkspaceLayout } from "../workspace/layout";
import type { DailyMemory } from "./daily";
import { assistantPart, type DailyTarget } from "./dailyNote";
import type { IsoWeek } from "./isoWeek";

/**
 * The daily memory of one week, oldest day first: each day's note where daily memory is kept,
 * or, once archived, in `memory/archive/YYYY/` (archiving moves the assistant's own notes there).
 */
export async function readWeekMemory(
	store: Pick<NoteStore, "stat" | "read">,
	target: DailyTarget,
	layout: Pick<WorkspaceLayout, "archiveFolder">,
	week: IsoWeek,
): Promise<DailyMemory[]> {
	const found: DailyMemory[] = [];
	for (const date of week.days) {
		const archived = joinVaultPath(layout.archiveFolder, date.slice(0, 4), `${date}.md`);
		const path = [target.pathFor(date), archived].find((candidate) => store.stat(candidate) !== null);
		if (path === undefined) continue;
		const text = assistantPart(await store.read(path), path === archived ? null : target.heading);
		if (text.trim() !== "") found.push({ date, path, text });
	}
	return found;
}
