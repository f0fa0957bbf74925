import type { Clock } from "../ports";
import type { AuditedWriter } from "../vault/auditedWriter";
import type { VaultView } from "../vault/vaultView";

/**
 * What the memory operations need: reads go through the privacy view, so that nothing derived
 * from a hidden note can be written or sent; every write goes through the audited writer.
 */
export interface MemoryDeps {
	readonly vault: VaultView;
	readonly writer: AuditedWriter;
	readonly clock: Clock;
}
