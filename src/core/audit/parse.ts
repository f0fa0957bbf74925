import { auditRecordSchema, auditRefusalSchema, type AuditAction, type AuditActor, type AuditRecord, type AuditRefusal } from "./record";

export interface ParsedAuditLog {
	/** The writes, each of which reached the disk. */
	readonly records: AuditRecord[];
	/** The writes refused before anything was written, oldest first. */
	readonly refusals: AuditRefusal[];
	/** Lines that were not a valid record (a torn write, a hand edit); skipped, not fatal. */
	readonly corruptLines: number;
}

/** Reads the audit trail, oldest record first. Blank lines are not counted as corrupt. */
export function parseAuditLog(text: string): ParsedAuditLog {
	const records: AuditRecord[] = [];
	const refusals: AuditRefusal[] = [];
	let corruptLines = 0;
	for (const line of text.split(/\r?\n/)) {
		if (line.trim() === "") continue;
		const json = parseJson(line);
		const record = auditRecordSchema.safeParse(json);
		const refusal = record.success ? null : auditRefusalSchema.safeParse(json);
		if (record.success) records.push(record.data);
		else if (refusal?.success === true) refusals.push(refusal.data);
		else corruptLines++;
	}
	return { records, refusals, corruptLines };
}

function parseJson(line: string): unknown {
	try {
		return JSON.parse(line) as unknown;
	} catch {
		return undefined;
	}
}

export interface AuditFilter {
	readonly actor?: AuditActor;
	readonly action?: AuditAction;
	/** Matches the written path or, for a move, the path the file came from. */
	readonly path?: string;
}

/** The records matching every given criterion, in their original order. */
export function filterAudit(records: readonly AuditRecord[], filter: AuditFilter): AuditRecord[] {
	return records.filter(
		(record) =>
			(filter.actor === undefined || record.actor === filter.actor) &&
			(filter.action === undefined || record.action === filter.action) &&
			(filter.path === undefined || record.path === filter.path || record.from === filter.path),
	);
}
