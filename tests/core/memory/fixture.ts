import { AuditLog } from "../../../src/core/audit/auditLog";
import { parseAuditLog } from "../../../src/core/audit/parse";
import type { AuditRecord } from "../../../src/core/audit/record";
import type { Clock } from "../../../src/core/ports";
import { AuditedWriter } from "../../../src/core/vault/auditedWriter";
import type { MemoryDeps } from "../../../src/core/memory/memoryDeps";
import { MemoryVault, type SeedFile } from "../../../headless/inMemory/memoryVault";
import { viewOf } from "../../harness/viewOf";
import { MemoryLogFile } from "../../../headless/inMemory/memoryLogFile";

export interface MemoryFixture {
	readonly vault: MemoryVault;
	readonly log: MemoryLogFile;
	readonly deps: MemoryDeps;
	/** Every file's content, to compare a vault before and after an operation. */
	snapshot(): Promise<Record<string, string>>;
	records(): AuditRecord[];
}

/** A vault, an audit log and a writer over them, with the clock at `now` (tests run in UTC). */
export function memoryFixture(
	files: Record<string, SeedFile>,
	now: string,
	excludedFolders: string[] = [],
): MemoryFixture {
	const vault = new MemoryVault({ files });
	const log = new MemoryLogFile();
	const clock: Clock = { now: () => new Date(now) };
	const writer = new AuditedWriter({ store: vault, audit: new AuditLog(log), clock, excludedFolders });
	return {
		vault,
		log,
		deps: { vault: viewOf(vault, { excludedFolders }), writer, clock },
		async snapshot() {
			const entries = await Promise.all(
				vault.listFiles().map(async (file) => [file.path, await vault.read(file.path)] as const),
			);
			return Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)));
		},
		records: () => parseAuditLog(log.text).records,
	};
}
