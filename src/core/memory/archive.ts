import type { AuditActor, AuditRecord } from "../audit/record";
import type { WriteIntent, WriteOutcome } from "../vault/auditedWriter";
import { baseName, extensionOf, joinVaultPath, parentFolder } from "../vault/paths";
import type { WorkspaceLayout } from "../workspace/layout";
import { archiveIndexLine, ARCHIVE_INDEX_TITLE, indexHasDay, summaryOf } from "./archiveIndex";
import { daysBefore, isDailyDate, localToday } from "./dailyDates";
import { appendBlock } from "./markdownSections";
import type { MemoryDeps } from "./memoryDeps";

/**
 * Archiving keeps the daily folder short without losing anything: notes older than the retention
 * are moved (never deleted) to `memory/archive/YYYY/`, and each day gets one summary line in
 * `memory/archive/index.md`. Only the assistant's own daily folder is archived, never the user's
 * daily notes.
 */

export const DEFAULT_RETENTION_DAYS = 30;

export interface ArchiveOptions {
	/** Notes more than this many days before today are archived. */
	readonly retentionDays?: number;
	readonly actor: AuditActor;
}

export interface ArchivedDay {
	readonly date: string;
	readonly from: string;
	readonly to: string;
	readonly summary: string;
}

/** `private`: the day is hidden by the privacy rules, so it is neither read, summarised nor moved. */
export type ArchiveSkipReason = "not-a-daily-note" | "future" | "within-retention" | "destination-exists" | "private";

export interface ArchiveResult {
	readonly today: string;
	readonly retentionDays: number;
	readonly archived: ArchivedDay[];
	/** Files of the daily folder left where they are, and why. */
	readonly skipped: { readonly path: string; readonly reason: ArchiveSkipReason }[];
	readonly records: AuditRecord[];
}

export async function archiveOldDailyNotes(
	deps: MemoryDeps,
	layout: Pick<WorkspaceLayout, "dailyFolder" | "archiveFolder">,
	options: ArchiveOptions,
): Promise<ArchiveResult> {
	const retentionDays = options.retentionDays ?? DEFAULT_RETENTION_DAYS;
	if (!Number.isInteger(retentionDays) || retentionDays < 0) throw new RangeError("Retention must be a whole number of days, 0 or more.");
	const today = localToday(deps.clock);
	const result: ArchiveResult = { today, retentionDays, archived: [], skipped: [], records: [] };
	const indexPath = joinVaultPath(layout.archiveFolder, "index.md");
	const intent: WriteIntent = { actor: options.actor, reason: `Archive daily memory older than ${retentionDays} days`, action: "archive" };

	const inDailyFolder = (path: string) => parentFolder(path) === layout.dailyFolder;
	const files = deps.vault
		.listFiles()
		.filter((file) => inDailyFolder(file.path))
		.map((file) => file.path)
		.sort();
	for (const hidden of deps.vault.hiddenFiles()) if (inDailyFolder(hidden.path)) result.skipped.push({ path: hidden.path, reason: "private" });
	for (const path of files) {
		const date = baseName(path);
		const reason = skipReason(path, date, today, retentionDays);
		const to = joinVaultPath(layout.archiveFolder, date.slice(0, 4), `${date}.md`);
		// A taken destination is checked here, before the index line, so a skipped day leaves no trace.
		if (reason === null && !deps.writer.isTaken(to)) {
			const summary = summaryOf(await deps.vault.read(path));
			// The index line comes first: if the move then fails, the next run moves the note and finds the line.
			const indexed = await addIndexLine(deps, indexPath, date, archiveIndexLine(date, to, summary), intent);
			const moved = await deps.writer.moveNote(path, to, intent);
			result.archived.push({ date, from: path, to: moved.path, summary });
			result.records.push(...[indexed, moved].flatMap((outcome) => (outcome.record ? [outcome.record] : [])));
		} else {
			result.skipped.push({ path, reason: reason ?? "destination-exists" });
		}
	}
	return result;
}

function skipReason(path: string, date: string, today: string, retentionDays: number): ArchiveSkipReason | null {
	if (extensionOf(path) !== "md" || !isDailyDate(date)) return "not-a-daily-note";
	const age = daysBefore(today, date);
	if (age < 0) return "future";
	return age > retentionDays ? null : "within-retention";
}

async function addIndexLine(deps: MemoryDeps, indexPath: string, date: string, line: string, intent: WriteIntent): Promise<WriteOutcome> {
	if (!deps.writer.isTaken(indexPath)) {
		return deps.writer.createNote(indexPath, appendBlock(`${ARCHIVE_INDEX_TITLE}\n`, line, "paragraph"), intent);
	}
	return deps.writer.processNote(indexPath, (current) => (indexHasDay(current, date) ? current : appendBlock(current, line, "line")), intent);
}
