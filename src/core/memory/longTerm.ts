import type { AuditActor, AuditRecord } from "../audit/record";
import type { WriteIntent, WriteOutcome } from "../vault/auditedWriter";
import { escapeExcludedTags } from "../vault/excludedTagText";
import { isDailyDate } from "./dailyDates";
import type { DailyTarget } from "./dailyNote";
import { appendBlock } from "../text/markdownSections";
import type { MemoryDeps } from "./memoryDeps";
import {
	findCandidateSection,
	hasPromotedHeading,
	promotedBlock,
	promotionRounds,
	unpromotedText,
	withPromotionMarker,
} from "./promotion";

/**
 * Long-term memory (`memory.md`) is append-only: this module has no way to rewrite it. Whatever
 * the user wrote there stays byte for byte; new memory goes after it, separated by a blank line.
 */

/**
 * Appends `written` to `memory.md` as a new paragraph, creating the file when it is missing. An
 * excluded tag in it is escaped (`escapeExcludedTags`): what is added never hides long-term memory.
 */
export async function appendToLongTermMemory(
	deps: MemoryDeps,
	memoryPath: string,
	written: string,
	intent: WriteIntent,
): Promise<WriteOutcome> {
	const block = escapeExcludedTags(written, deps.vault.policy);
	if (!deps.writer.isTaken(memoryPath)) {
		return deps.writer.createNote(memoryPath, appendBlock("", block, "paragraph"), intent);
	}
	return deps.writer.processNote(memoryPath, (current) => appendBlock(current, block, "paragraph"), intent);
}

export type PromotionStatus =
	/** Candidates appended to `memory.md` and the daily note marked. */
	| "promoted"
	/** The daily note carries the marker: nothing is written, even if the user later edited `memory.md`. */
	| "already-promoted"
	/** `memory.md` had the day's heading but the daily note lacked its marker (an interrupted run); only the marker was added. */
	| "marker-restored"
	| "no-daily-note"
	| "no-candidate-section"
	| "empty-candidate-section"
	| "invalid-date"
	/** The daily note or `memory.md` is hidden by the privacy rules: nothing is read or written. */
	| "skipped-private";

export interface PromotionResult {
	readonly date: string;
	readonly dailyPath: string | null;
	readonly memoryPath: string;
	readonly status: PromotionStatus;
	/** The audit records of this run's writes; empty when nothing was written. */
	readonly records: AuditRecord[];
}

export interface PromotionRequest {
	/** The `yyyy-MM-dd` day to promote. */
	readonly date: string;
	readonly target: DailyTarget;
	readonly memoryPath: string;
	readonly actor: AuditActor;
}

/**
 * Promotes a day's "Candidate long-term memory" section into `memory.md` under
 * `## Promoted from <date>`. Idempotent: a second run finds the marks and writes nothing.
 * `memory.md` is written before the daily note is marked, so an interrupted run is finished by
 * the next one (`marker-restored`) rather than promoting twice.
 */
export async function promoteDay(deps: MemoryDeps, request: PromotionRequest): Promise<PromotionResult> {
	const { date, memoryPath } = request;
	const result = (status: PromotionStatus, dailyPath: string | null, records: AuditRecord[] = []): PromotionResult => ({
		date,
		dailyPath,
		memoryPath,
		status,
		records,
	});
	if (!isDailyDate(date)) return result("invalid-date", null);
	const dailyPath = request.target.pathFor(date);
	if (deps.vault.hiddenReason(dailyPath) !== null || deps.vault.hiddenReason(memoryPath) !== null)
		return result("skipped-private", dailyPath);
	if (deps.vault.stat(dailyPath) === null) return result("no-daily-note", dailyPath);

	const daily = await deps.vault.read(dailyPath);
	const section = findCandidateSection(daily);
	// Candidates added after a promotion make a round of their own: `memory.md` stays append-only.
	const round = promotionRounds(daily, date) + 1;
	if (round > 1 && (section === null || unpromotedText(daily, section, date) === ""))
		return result("already-promoted", dailyPath);
	const intent: WriteIntent = {
		actor: request.actor,
		reason: `Promote candidate memory of ${date}`,
		action: "promote",
	};
	const markDaily = () => deps.writer.processNote(dailyPath, (current) => withPromotionMarker(current, date), intent);

	const memory = deps.vault.stat(memoryPath) === null ? "" : await deps.vault.read(memoryPath);
	if (hasPromotedHeading(memory, date, round))
		return result("marker-restored", dailyPath, recordsOf([await markDaily()]));

	if (section === null) return result("no-candidate-section", dailyPath);
	const candidates = unpromotedText(daily, section, date);
	if (candidates === "") return result("empty-candidate-section", dailyPath);

	const appended = await appendToLongTermMemory(deps, memoryPath, promotedBlock(date, candidates, round), intent);
	return result("promoted", dailyPath, recordsOf([appended, await markDaily()]));
}

function recordsOf(outcomes: readonly WriteOutcome[]): AuditRecord[] {
	return outcomes.flatMap((outcome) => (outcome.record === null ? [] : [outcome.record]));
}
