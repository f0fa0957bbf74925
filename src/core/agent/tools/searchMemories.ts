import { snippetOf, type SearchFilters } from "../../retrieval";
import { checkReadAccess } from "../../vault/readAccess";
import type { MemoryToolDeps } from "./memoryToolDeps";

export interface MemorySearchRequest extends SearchFilters {
	readonly query: string;
	readonly limit: number;
}

/** One note found, as the model and the command line see it. */
export interface MemoryMatch {
	readonly path: string;
	/** 1-based: the line of the best passage where a query word occurs. */
	readonly line: number;
	/** The passage's heading trail (`A > B`), empty before the first heading. */
	readonly heading: string;
	readonly score: number;
	/** At most 300 characters around the hit. */
	readonly snippet: string;
}

/**
 * The notes that best match `request`, best first, each with a snippet read from the note. The
 * engine applies the filters before the limit and decays daily notes by the searcher's today.
 */
export async function searchMemories(deps: MemoryToolDeps, request: MemorySearchRequest): Promise<MemoryMatch[]> {
	const { query, ...options } = request;
	const hits = deps.index.search(query, options);
	const matches: MemoryMatch[] = [];
	for (const hit of hits) {
		// The index holds no private note; the guard covers one that turned private or vanished since it was indexed.
		const access = checkReadAccess(hit.path, deps.vault);
		if (access.kind !== "allowed") continue;
		const snippet = snippetOf(await deps.vault.read(access.path), hit);
		matches.push({ path: hit.path, line: snippet.line, heading: hit.heading, score: hit.score, snippet: snippet.text });
	}
	return matches;
}
