import { isInFolder, normalizeVaultPath } from "../../vault/paths";
import { localCalendarDay, parseCalendarDay } from "../notes/calendarDay";
import type { NoteKind } from "../notes/noteKind";
import { normalizeTag, tagMatches } from "../../vault/noteProperties";
import type { NoteRecord } from "../indexing/noteRecord";

/** Narrowing a search. Filters apply before the limit: a limit of 5 means five notes that pass. */
export interface SearchFilters {
	/** Every tag must be on the note, itself or nested below it (`project` matches `project/atlas`); `#` and case ignored. */
	readonly tags?: readonly string[];
	readonly kind?: NoteKind;
	/** The note is in this folder, at any depth. */
	readonly folder?: string;
	/** Inclusive `YYYY-MM-DD` bounds on a daily note's date, or on any other note's last modification. */
	readonly since?: string;
	readonly until?: string;
}

export type NotePredicate = (record: NoteRecord) => boolean;

/** The filters as one predicate, `null` when there are none; `extraTags` are the `#tags` written in the query. */
export function compileFilters(filters: SearchFilters, extraTags: readonly string[]): NotePredicate | null {
	const tags = [...(filters.tags ?? []), ...extraTags].map(normalizeTag).filter((tag) => tag !== "");
	const folder = filters.folder === undefined ? "" : normalizeVaultPath(filters.folder).toLowerCase();
	const since = boundary(filters.since, "since");
	const until = boundary(filters.until, "until");
	const kind = filters.kind;
	if (kind === undefined && folder === "" && tags.length === 0 && since === null && until === null) return null;
	return (record) => {
		if (kind !== undefined && record.kind !== kind) return false;
		if (folder !== "" && folder !== "/" && !isInFolder(record.path.toLowerCase(), folder)) return false;
		if (!tags.every((wanted) => record.tags.some((tag) => tagMatches(tag, wanted)))) return false;
		if (since === null && until === null) return true;
		const day = record.day ?? localCalendarDay(record.mtime);
		return (since === null || day >= since) && (until === null || day <= until);
	};
}

function boundary(date: string | undefined, name: string): number | null {
	if (date === undefined) return null;
	const day = parseCalendarDay(date);
	if (day === null) throw new RangeError(`"${name}" must be a date written YYYY-MM-DD, not "${date}".`);
	return day;
}
