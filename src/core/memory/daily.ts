import type { AuditActor, AuditRecord } from "../audit/record";
import { escapeExcludedTags } from "../vault/excludedTagText";
import { joinVaultPath } from "../vault/paths";
import type { WorkspaceLayout } from "../workspace/layout";
import { localDaysAgo, localToday } from "./dailyDates";
import {
	assistantPart,
	DAILY_NOTES_HEADING,
	DEFAULT_DAILY_TEMPLATE,
	entryHeadings,
	renderDailyTemplate,
	type DailyTarget,
} from "./dailyNote";
import { insertUnderHeadings } from "../text/markdownSections";
import type { MemoryDeps } from "./memoryDeps";

export type { DailyTarget } from "./dailyNote";

/** Daily memory in the assistant folder: `memory/daily/YYYY-MM-DD.md`, one note per day. */
export function assistantFolderTarget(
	layout: Pick<WorkspaceLayout, "dailyFolder">,
	template = DEFAULT_DAILY_TEMPLATE,
): DailyTarget {
	return { pathFor: (date) => joinVaultPath(layout.dailyFolder, `${date}.md`), heading: null, template };
}

/** Daily memory under `## Assistant` in the user's daily note; `pathFor` follows the Daily notes settings. */
export function dailyNotesTarget(pathFor: (date: string) => string, template: string): DailyTarget {
	return { pathFor, heading: DAILY_NOTES_HEADING, template };
}

export interface DailyEntryOptions {
	/** The section to write under (`Log` by default in the assistant's own note). */
	readonly section?: string;
	readonly actor: AuditActor;
	readonly reason?: string;
}

export interface DailyEntryResult {
	readonly date: string;
	readonly path: string;
	/** `created`: the note was made from the template with the entry in it. */
	readonly status: "created" | "appended" | "empty-entry";
	readonly record: AuditRecord | null;
}

/**
 * Adds `entry` at the end of its section in today's daily note, creating the note when missing.
 * An excluded tag in it is escaped (`escapeExcludedTags`): an entry never hides the day's note.
 */
export async function appendDailyEntry(
	deps: MemoryDeps,
	target: DailyTarget,
	written: string,
	options: DailyEntryOptions,
): Promise<DailyEntryResult> {
	const date = localToday(deps.clock);
	const path = target.pathFor(date);
	if (written.trim() === "") return { date, path, status: "empty-entry", record: null };
	const entry = escapeExcludedTags(written, deps.vault.policy);
	const headings = entryHeadings(target.heading, options.section);
	const intent = { actor: options.actor, reason: options.reason ?? `Daily memory entry for ${date}` };
	if (deps.vault.stat(path) === null) {
		const content = insertUnderHeadings(renderDailyTemplate(target.template, date), headings, entry);
		try {
			const outcome = await deps.writer.createNote(path, content, intent);
			return { date, path: outcome.path, status: "created", record: outcome.record };
		} catch (error) {
			// Another writer made today's note between the look and the create (a second entry of
			// the same moment, another process on the vault): the entry goes into that note.
			if (deps.vault.stat(path) === null) throw error;
		}
	}
	const outcome = await deps.writer.processNote(
		path,
		(current) => insertUnderHeadings(current, headings, entry),
		intent,
	);
	return { date, path: outcome.path, status: "appended", record: outcome.record };
}

export interface DailyMemory {
	readonly date: string;
	readonly path: string;
	/** The assistant's part of the note (see `assistantPart`). */
	readonly text: string;
}

/** The daily memory of today and the `days - 1` days before it that have a note, newest first. */
export async function readRecentDays(
	deps: Pick<MemoryDeps, "vault" | "clock">,
	target: DailyTarget,
	days: number,
): Promise<DailyMemory[]> {
	const found: DailyMemory[] = [];
	for (let back = 0; back < days; back++) {
		const date = localDaysAgo(deps.clock, back);
		const path = target.pathFor(date);
		if (deps.vault.stat(path) === null) continue;
		found.push({ date, path, text: assistantPart(await deps.vault.read(path), target.heading) });
	}
	return found;
}
