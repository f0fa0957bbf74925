import type { ParsedAuditLog } from "../../src/core/audit/parse";
import type { ArchiveResult } from "../../src/core/memory/archive";
import type { PromotionResult } from "../../src/core/memory/longTerm";
import type { InitializeReport } from "../../src/core/workspace/initialize";
import type { WorkspaceInspection } from "../../src/core/workspace/inspect";

/** Plain-text reports for the command line: one fact a line, paths vault-relative. */

export function inspectionReport(inspection: WorkspaceInspection): string[] {
	return [
		`status: ${inspection.status} (${inspection.noteCount} notes)`,
		...inspection.present.map((entry) => `  present  ${entry.item.padEnd(12)} ${entry.path}`),
		...inspection.missing.map((entry) => `  missing  ${entry.item.padEnd(12)} ${entry.path}`),
		...inspection.shadowed.map((path) => `  ignored  ${path} (another spelling is in use)`),
	];
}

export function initializeReport(report: InitializeReport): string[] {
	if (report.created.length === 0 && report.failed.length === 0)
		return ["nothing to create: the workspace is complete"];
	return [
		...report.created.map((entry) => `  created  ${entry.path}`),
		...report.adopted.map((entry) => `  adopted  ${entry.path}`),
		...report.failed.map((entry) => `  FAILED   ${entry.path}: ${entry.error}`),
	];
}

export function promotionReport(result: PromotionResult): string[] {
	return [
		`promote ${result.date}: ${result.status}${result.dailyPath ? ` (${result.dailyPath} -> ${result.memoryPath})` : ""}`,
	];
}

export function archiveReport(result: ArchiveResult): string[] {
	const lines = [`archive (today ${result.today}, keep ${result.retentionDays} days): ${result.archived.length} moved`];
	lines.push(
		...result.archived.map(
			(day) => `  moved    ${day.from} -> ${day.to}${day.promoted ? " (its candidates promoted first)" : ""}`,
		),
	);
	lines.push(
		...result.skipped
			.filter((skip) => skip.reason !== "within-retention")
			.map((skip) => `  skipped  ${skip.path} (${skip.reason === "private" ? "skipped: private" : skip.reason})`),
	);
	return lines;
}

/** The trail oldest first, writes and refused writes in the order they happened. */
export function auditReport({ records, refusals, corruptLines }: ParsedAuditLog): string[] {
	const entries = [
		...records.map((record) => ({
			time: record.time,
			line: `${record.time}  ${record.actor.padEnd(9)} ${record.action.padEnd(8)} ${record.from ? `${record.from} -> ` : ""}${record.path}  (${record.bytes} bytes; ${record.reason})`,
		})),
		...refusals.map((refusal) => ({
			time: refusal.time,
			line: `${refusal.time}  ${refusal.actor.padEnd(9)} refused  ${refusal.action} ${refusal.path}  (${refusal.refused}, nothing written; ${refusal.reason})`,
		})),
	];
	const lines = entries.sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0)).map((entry) => entry.line);
	if (entries.length === 0) lines.push("no changes recorded yet");
	if (corruptLines > 0) lines.push(`(${corruptLines} unreadable lines skipped)`);
	return lines;
}
