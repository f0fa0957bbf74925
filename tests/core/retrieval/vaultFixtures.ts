import {
	indexPolicyFor,
	RetrievalIndex,
	type IndexPolicy,
	type NoteInput,
	type PolicySettings,
	type RetrievalIndexOptions,
	type SearchHit,
	type SearchOptions,
} from "../../../src/core/retrieval";
import { layoutFor } from "../../../src/core/workspace/layout";
import { computeMetadata } from "../../../headless/metadata";

/** "Today" in these tests: 2026-03-15, midday UTC (tests run with TZ=UTC). */
export const NOW = new Date("2026-03-15T12:00:00Z");
export const DEFAULT_MTIME = Date.UTC(2026, 0, 1);

/** The assistant folder at the vault root: memory/daily, memory/weekly, memory.md, Inbox, chats. */
export const layout = layoutFor("");

export function policyFor(settings: Partial<PolicySettings> = {}): IndexPolicy {
	return indexPolicyFor(layout, { configDir: ".obsidian", ...settings });
}

/** A note as the plugin would hand it over, with the metadata Obsidian would compute for it. */
export function noteOf(path: string, content: string, mtime = DEFAULT_MTIME): NoteInput {
	return {
		path,
		content,
		metadata: computeMetadata(content),
		stat: { mtime, size: new TextEncoder().encode(content).length },
	};
}

export interface VaultOptions extends RetrievalIndexOptions {
	readonly policy?: IndexPolicy;
	readonly mtimes?: Readonly<Record<string, number>>;
}

/** An index of a small inline vault (path → content). */
export function indexOfVault(files: Readonly<Record<string, string>>, options: VaultOptions = {}): RetrievalIndex {
	const index = new RetrievalIndex(options.policy ?? policyFor(), options);
	for (const [path, content] of Object.entries(files)) index.upsert(noteOf(path, content, options.mtimes?.[path]));
	return index;
}

export function searchPaths(index: RetrievalIndex, query: string, options: Partial<SearchOptions> = {}): string[] {
	return index.search(query, { now: NOW, ...options }).map((hit: SearchHit) => hit.path);
}

/** A word of letters only (typo correction leaves words with digits alone), a different one for each `n`. */
export function lettersWord(n: number): string {
	return `zq${[...n.toString(26)].map((digit) => String.fromCharCode(97 + parseInt(digit, 26))).join("")}w`;
}
