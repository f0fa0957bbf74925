import { ASSISTANT_TOOLS, runTool, type ToolResult, type WriteToolDeps } from "../../../../src/core/agent/tools";
import { AuditLog } from "../../../../src/core/audit/auditLog";
import { parseAuditLog } from "../../../../src/core/audit/parse";
import type { AuditRecord } from "../../../../src/core/audit/record";
import { assistantFolderTarget } from "../../../../src/core/memory/daily";
import type { PolicySettings } from "../../../../src/core/retrieval";
import { AuditedWriter } from "../../../../src/core/vault/auditedWriter";
import type { MemoryVault, SeedFile } from "../../../../headless/inMemory/memoryVault";
import { MemoryLogFile } from "../../../../headless/inMemory/memoryLogFile";
import { NOW, toolsOver } from "./toolFixture";

export { NOW };

export interface WriteToolVault {
	readonly vault: MemoryVault;
	readonly deps: WriteToolDeps;
	readonly log: MemoryLogFile;
	/** Runs any tool the chat offers, as the chat runs it. */
	run(name: string, input: unknown): Promise<ToolResult>;
	records(): AuditRecord[];
	/** Every file's content, by path. */
	snapshot(): Promise<Record<string, string>>;
}

/**
 * Every tool over an in-memory vault, the assistant folder at the root, daily memory in it, and
 * writes through an audited writer into a log kept in memory: the chat's wiring, headless.
 */
export async function writeToolsOver(
	files: Record<string, SeedFile>,
	settings: Omit<PolicySettings, "configDir"> = {},
	now = NOW,
): Promise<WriteToolVault> {
	const { vault, deps: readDeps } = await toolsOver(files, settings, now);
	const log = new MemoryLogFile();
	const writer = new AuditedWriter({
		store: vault,
		audit: new AuditLog(log),
		clock: readDeps.clock,
		excludedFolders: settings.excludedFolders ?? [],
	});
	const deps: WriteToolDeps = {
		...readDeps,
		writer,
		actor: "assistant",
		daily: assistantFolderTarget(readDeps.layout),
	};
	return {
		vault,
		deps,
		log,
		run: (name, input) => runTool(name, input, deps, ASSISTANT_TOOLS),
		records: () => parseAuditLog(log.text).records,
		async snapshot() {
			const entries = await Promise.all(
				vault.listFiles().map(async (file) => [file.path, await vault.read(file.path)] as const),
			);
			return Object.fromEntries(entries);
		},
	};
}

/** A seeded pseudo-random generator (mulberry32): the same notes on every run. */
export function seededRandom(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}
