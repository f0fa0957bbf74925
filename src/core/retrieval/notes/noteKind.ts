import { baseName, isInFolder } from "../../vault/paths";
import type { KindRules } from "../../vault/indexPolicy";
import { parseCalendarDay } from "./calendarDay";

/** What a note is to the assistant, derived from where it lives in the workspace layout. */
export type NoteKind = "daily" | "weekly" | "longterm" | "inbox" | "notes";

export const NOTE_KINDS: readonly NoteKind[] = ["daily", "weekly", "longterm", "inbox", "notes"];

/**
 * Folder and file names compare case-insensitively, as on the desktop systems most vaults live
 * on. A daily folder at the vault root (the Daily notes plugin's default) claims only the notes
 * named by a date, or every note of the vault would be a daily note.
 */
export function kindOf(path: string, rules: KindRules): NoteKind {
	const lower = path.toLowerCase();
	const within = (folders: readonly string[]) =>
		folders.some((folder) => folder !== "" && isInFolder(lower, folder.toLowerCase()));
	if (rules.longTermPaths.some((memory) => memory.toLowerCase() === lower)) return "longterm";
	if (within(rules.dailyFolders)) return "daily";
	if (rules.dailyFolders.includes("") && !lower.includes("/") && dateOfName(path) !== null) return "daily";
	if (within(rules.weeklyFolders)) return "weekly";
	if (within(rules.inboxFolders)) return "inbox";
	return "notes";
}

/**
 * The calendar day a note is about, for decay and date filters: a daily note named by a date
 * (`2026-03-05.md`, `2026-03-05 standup.md`), at any depth of its folder. Other notes are undated.
 */
export function dayOfNote(path: string, kind: NoteKind): number | null {
	return kind === "daily" ? dateOfName(path) : null;
}

function dateOfName(path: string): number | null {
	return parseCalendarDay(baseName(path));
}
