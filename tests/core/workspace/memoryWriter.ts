import type { WorkspaceWriter } from "../../../src/core/workspace/initialize";
import type { MemoryVault } from "../../../headless/inMemory/memoryVault";

/** The writer initialization gets, straight over the in-memory vault, recording each call. */
export function memoryWriter(vault: MemoryVault): WorkspaceWriter & { readonly calls: string[] } {
	const calls: string[] = [];
	return {
		calls,
		async createNote(path, content) {
			calls.push(`create ${path}`);
			await vault.create(path, content);
		},
		async ensureFolder(path) {
			calls.push(`folder ${path}`);
			await vault.ensureFolder(path);
		},
	};
}
