import type { LogFile } from "../ports";
import { parseAuditLog, type ParsedAuditLog } from "./parse";
import { auditLine, type AuditRecord, type AuditRefusal } from "./record";

/** The audit trail over the plugin's log file: records are only ever appended. */
export class AuditLog {
	constructor(private readonly file: LogFile) {}

	async append(record: AuditRecord): Promise<void> {
		await this.file.append(auditLine(record));
	}

	async appendRefusal(refusal: AuditRefusal): Promise<void> {
		await this.file.append(auditLine(refusal));
	}

	async read(): Promise<ParsedAuditLog> {
		return parseAuditLog(await this.file.readAll());
	}
}
