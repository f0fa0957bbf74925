import type { AuditActor, AuditRecord } from "../audit/record";
import type { WriteIntent, WriteOutcome } from "../vault/auditedWriter";
import { escapeExcludedTags } from "../vault/excludedTagText";
import { baseName, extensionOf, joinVaultPath, parentFolder } from "../vault/paths";
import type { WorkspaceLayout } from "../workspace/layout";
import { archiveIndexLine, ARCHIVE_INDEX_TITLE, indexHasDay, summaryOf } from "./archiveIndex";
import { daysBefore, isDailyDate, localToday } from "./dailyDates";
import { archivedDayPath } from "./dayNotes";
import { appendBlock } from "../text/markdownSections";
import type { PromotionStatus } from "./longTerm";
import type { MemoryDeps } from "./memoryDeps";
import { promotionState } from "./promotion";

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
	/**
	 * Promotes a day's candidate long-term memory before its note is moved, so that no candidate is
	 * stranded in the archive; its records join the archive's. Without it, a day with candidates not
	 * yet promoted is left where it is (`not-promoted`).
	 */
	readonly promote?: (
		date: string,
	) => Promise<{ readonly status: PromotionStatus; readonly records: readonly AuditRecord[] }>;
}

export interface ArchivedDay {
	readonly date: string;
	readonly from: string;
	readonly to: string;
	readonly summary: string;
	/** Whether its candidate long-term memory was promoted first, by this run. */
	readonly promoted: boolean;
}

/**
 * `private`: the day is hidden by the privacy rules, so it is neither read, summarised nor moved.
 * `not-promoted`: its candidate long-term memory is not promoted yet and could not be now.
 */
export type ArchiveSkipReason =
	"not-a-daily-note" | "future" | "within-retention" | "destination-exists" | "private" | "not-promoted";

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
	if (!Number.isInteger(retentionDays) || retentionDays < 0)
		throw new RangeError("Retention must be a whole number of days, 0 or more.");
	const today = localToday(deps.clock);
	const result: ArchiveResult = { today, retentionDays, archived: [], skipped: [], records: [] };
	const indexPath = joinVaultPath(layout.archiveFolder, "index.md");
	const intent: WriteIntent = {
		actor: options.actor,
		reason: `Archive daily memory older than ${retentionDays} days`,
		action: "archive",
	};

	const inDailyFolder = (path: string) => parentFolder(path) === layout.dailyFolder;
	const files = deps.vault
		.listFiles()
		.filter((file) => inDailyFolder(file.path))
		.map((file) => file.path)
		.sort();
	for (const hidden of deps.vault.hiddenFiles())
		if (inDailyFolder(hidden.path)) result.skipped.push({ path: hidden.path, reason: "private" });
	for (const path of files) {
		const date = baseName(path);
		const reason = skipReason(path, date, today, retentionDays);
		const to = archivedDayPath(layout, date);
		// A taken destination is checked here, before the index line, so a skipped day leaves no trace.
		if (reason === null && !deps.writer.isTaken(to)) {
			const text = await deps.vault.read(path);
			const promotion = await promotedFirst(text, date, options);
			if (promotion === null) {
				result.skipped.push({ path, reason: "not-promoted" });
				continue;
			}
			result.records.push(...promotion.records);
			const summary = summaryOf(text);
			// The index line comes first: if the move then fails, the next run moves the note and finds the line.
			const indexed = await addIndexLine(deps, indexPath, date, archiveIndexLine(date, to, summary), intent);
			const moved = await deps.writer.moveNote(path, to, intent);
			result.archived.push({ date, from: path, to: moved.path, summary, promoted: promotion.promoted });
			result.records.push(...[indexed, moved].flatMap((outcome) => (outcome.record ? [outcome.record] : [])));
		} else {
			result.skipped.push({ path, reason: reason ?? "destination-exists" });
		}
	}
	return result;
}

/**
 * A day's candidates promoted before its note moves: nothing to do when it has none or they are
 * promoted already; `null` when they are there, unpromoted, and could not be promoted now.
 */
async function promotedFirst(
	text: string,
	date: string,
	options: ArchiveOptions,
): Promise<{ readonly promoted: boolean; readonly records: readonly AuditRecord[] } | null> {
	if (promotionState(text, date) !== "unpromoted") return { promoted: false, records: [] };
	if (options.promote === undefined) return null;
	const outcome = await options.promote(date);
	return PROMOTED.includes(outcome.status)
		? { promoted: outcome.status === "promoted", records: outcome.records }
		: null;
}

/** What a promotion ends with when the day's candidates are in long-term memory afterwards. */
const PROMOTED: readonly PromotionStatus[] = ["promoted", "already-promoted", "marker-restored"];

function skipReason(path: string, date: string, today: string, retentionDays: number): ArchiveSkipReason | null {
	if (extensionOf(path) !== "md" || !isDailyDate(date)) return "not-a-daily-note";
	const age = daysBefore(today, date);
	if (age < 0) return "future";
	return age > retentionDays ? null : "within-retention";
}

/**
 * Adds a day's line to the index. An excluded tag in it is escaped: the line is cut from what the
 * day's note says, and a cut through a link (`[[Diet|the #secret…`) can make a tag of what was none,
 * which would hide the whole index.
 */
async function addIndexLine(
	deps: MemoryDeps,
	indexPath: string,
	date: string,
	dayLine: string,
	intent: WriteIntent,
): Promise<WriteOutcome> {
	const line = escapeExcludedTags(dayLine, deps.vault.policy);
	if (!deps.writer.isTaken(indexPath)) {
		return deps.writer.createNote(indexPath, appendBlock(`${ARCHIVE_INDEX_TITLE}\n`, line, "paragraph"), intent);
	}
	return deps.writer.processNote(
		indexPath,
		(current) => (indexHasDay(current, date) ? current : appendBlock(current, line, "line")),
		intent,
	);
}
