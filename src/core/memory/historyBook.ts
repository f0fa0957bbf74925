import type { NoteStore } from "../ports";
import { fileName, joinVaultPath, parentFolder } from "../vault/paths";
import type { WorkspaceLayout } from "../workspace/layout";

/**
 * The history book: one summary per ISO week, `memory/weekly/YYYY-Www.md`, and the
 * weeks beyond the latest 50 folded into one summary per year, `memory/yearly/YYYY.md`.
 */

/** The most weeks the history book keeps as weekly summaries; older weeks are in the yearly ones. */
export const MAX_HISTORY_WEEKS = 50;

/** A summary of the history book: `period` is `YYYY-Www` or `YYYY`, which sort in time order. */
export interface HistoryPage {
	readonly period: string;
	readonly path: string;
}

const WEEK_FILE = /^(\d{4}-W(?:0[1-9]|[1-4]\d|5[0-3]))\.md$/;
const YEAR_FILE = /^(\d{4})\.md$/;

/** The yearly summaries' folder, beside the weekly one (`memory/yearly`). */
export function yearlyFolder(layout: Pick<WorkspaceLayout, "weeklyFolder">): string {
	return joinVaultPath(parentFolder(layout.weeklyFolder), "yearly");
}

/** The weekly summaries, newest first. */
export function weeklyPages(
	store: Pick<NoteStore, "listFiles">,
	layout: Pick<WorkspaceLayout, "weeklyFolder">,
): HistoryPage[] {
	return pagesIn(store, layout.weeklyFolder, WEEK_FILE);
}

/** The yearly summaries, newest first. */
export function yearlyPages(
	store: Pick<NoteStore, "listFiles">,
	layout: Pick<WorkspaceLayout, "weeklyFolder">,
): HistoryPage[] {
	return pagesIn(store, yearlyFolder(layout), YEAR_FILE);
}

function pagesIn(store: Pick<NoteStore, "listFiles">, folder: string, name: RegExp): HistoryPage[] {
	const pages: HistoryPage[] = [];
	for (const file of store.listFiles()) {
		const period = parentFolder(file.path) === folder ? name.exec(fileName(file.path))?.[1] : undefined;
		if (period !== undefined) pages.push({ period, path: file.path });
	}
	return pages.sort((a, b) => (a.period < b.period ? 1 : a.period > b.period ? -1 : 0));
}
