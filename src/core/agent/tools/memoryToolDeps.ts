import type { DailyMemory } from "../../memory/daily";
import type { Clock } from "../../ports";
import type { SearchFilters, SearchHit } from "../../retrieval";
import type { VaultView } from "../../vault/vaultView";
import type { WorkspaceLayout } from "../../workspace/layout";

/**
 * The vault's search as the tools call it: the searcher supplies the present (decay), the hot
 * set and the link graph itself, as `IndexService.search` does. A search by meaning too answers
 * later, once the query is embedded.
 */
export interface MemorySearcher {
	search(
		query: string,
		options: SearchFilters & { readonly limit?: number; readonly admits?: (path: string) => boolean },
	): readonly SearchHit[] | Promise<readonly SearchHit[]>;
}

/**
 * What the memory tools work over, injected: the plugin passes the privacy view over Obsidian's
 * vault and metadata cache, the command line over a folder, the tests over an in-memory vault.
 */
export interface MemoryToolDeps {
	readonly index: MemorySearcher;
	/** The vault as the assistant may see it, under the same rules the index was built under. */
	readonly vault: VaultView;
	readonly layout: WorkspaceLayout;
	/** Today, for the days of daily memory. */
	readonly clock: Clock;
	/**
	 * The daily memory of today and the days before, newest first (`AssistantWorkspace.recentDailyMemory`,
	 * which knows whether it lives in the assistant folder or in the user's daily notes).
	 */
	readonly recentDailyMemory: (days: number) => Promise<readonly DailyMemory[]>;
	/**
	 * `when-asked`: the assistant's own files (identity files, daily and weekly memory) take a
	 * search's result slots only when the query is about them (`assistantFiles.ts`). For answers a
	 * person reads as the search gives them, the offline model's; a model keeps them, since it has
	 * its identity files in its prompt already and searches its own memory on purpose.
	 */
	readonly assistantFilesInSearch?: "when-asked";
	/**
	 * Whether the model the tools answer reads images and PDFs (`ModelClient.readsAttachments`);
	 * absent, it does not, and memory_get of one says so and sends nothing.
	 */
	readonly readsAttachments?: boolean;
}
