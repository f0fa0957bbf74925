import { auditRecordSchema, auditRefusalSchema, type AuditRecord, type AuditRefusal } from "./record";

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

/** A line of a JSON Lines file as its value, `undefined` when it is not JSON. */
export function parseJson(line: string): unknown {
	try {
		return JSON.parse(line) as unknown;
	} catch {
		return undefined;
	}
}
