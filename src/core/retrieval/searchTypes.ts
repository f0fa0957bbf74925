import type { HotSet } from "./ranking/hotSet";
import type { LinkGraph } from "./notes/linkGraph";
import type { NoteKind } from "./notes/noteKind";
import type { SearchFilters } from "./query/searchFilters";

export interface SearchOptions extends SearchFilters {
	/** The present, from the injected clock: daily notes decay by their age on this day. */
	readonly now: Date;
	/** How many notes to return (default 5). */
	readonly limit?: number;
	/** The caller's own rule on which notes may be found, applied as the filters are: before the limit. */
	readonly admits?: (path: string) => boolean;
	readonly hotSet?: HotSet;
	readonly links?: LinkGraph;
}

/** One note found: where its best passage is, and how well it matched. */
export interface SearchHit {
	readonly path: string;
	readonly score: number;
	/** The best chunk's lines, 1-based and inclusive. */
	readonly line: number;
	readonly endLine: number;
	/** The best chunk's heading trail (`A > B`), empty before the first heading. */
	readonly heading: string;
	readonly kind: NoteKind;
	/** The index terms that matched (typo corrections included), for highlighting a snippet. */
	readonly matchedTerms: readonly string[];
	/** Whether the query linked to the note (`[[Title]]`), which puts it in the results whatever its score. */
	readonly linked: boolean;
}
