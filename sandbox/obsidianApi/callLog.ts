/**
 * Counts every call the plugin makes into the mocked Obsidian API, by name (`vault.read`,
 * `vault.adapter.write`, `fileManager.renameFile`, `plugin.loadData` ...), so that a test can
 * prove, for instance, that `onload` leaves the vault alone.
 */
export class CallLog {
	private readonly counts = new Map<string, number>();

	record(name: string): void {
		this.counts.set(name, (this.counts.get(name) ?? 0) + 1);
	}

	/** Calls whose name starts with `prefix` (all calls by default). */
	count(prefix = ""): number {
		let total = 0;
		for (const [name, count] of this.counts) if (name.startsWith(prefix)) total += count;
		return total;
	}

	/** The names called so far, each once, sorted (for a readable assertion message). */
	names(): string[] {
		return [...this.counts.keys()].sort();
	}

	reset(): void {
		this.counts.clear();
	}
}
