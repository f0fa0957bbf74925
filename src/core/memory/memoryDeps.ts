import type { Clock, NoteStore } from "../ports";
import type { AuditedWriter } from "../vault/auditedWriter";

/** What the memory operations need: reads go to the store, every write through the audited writer. */
export interface MemoryDeps {
	readonly store: NoteStore;
	readonly writer: AuditedWriter;
	readonly clock: Clock;
}
