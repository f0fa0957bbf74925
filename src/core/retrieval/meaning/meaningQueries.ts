import type { SearchHit } from "../searchTypes";
import type { MemorySearchOptions } from "../service/serviceTypes";
import { SavedRowsError } from "../vectors/vectorRows";
import { hybridSearch, type MeaningSearch } from "./hybridSearch";
import type { MeaningIndex } from "./meaningIndex";
import type { MeaningServicePorts } from "./meaningServiceTypes";
import { relatedNotes, type RelatedNote } from "./relatedNotes";

/** What a query asks of the service: its ports, and where saved rows that cannot be read are told. */
export interface QueryPorts extends Pick<MeaningServicePorts, "keyword" | "scheduler" | "notes"> {
	/** A query or a save of `meaning`'s vectors failed; a query went on without them. */
	readonly failed: (meaning: MeaningIndex, error: unknown) => void;
}

/**
 * The best notes for `query`: keyword search and search by meaning fused, or keyword search
 * alone while there are no vectors to fuse with (`meaning` is `null` while the server is paused),
 * once the query's vector has been waited for `queryWaitMs`, or when the saved vectors cannot be
 * read (never an answer ranked with a vector that could not be checked).
 */
export function searchFused(
	ports: QueryPorts,
	meaning: MeaningIndex | null,
	queryWaitMs: number,
	query: string,
	options: MemorySearchOptions,
): SearchHit[] | Promise<SearchHit[]> {
	const { keyword, scheduler } = ports;
	const fusable = keyword.fusable();
	if (meaning === null || fusable === null || (meaning.index?.chunkCount ?? 0) === 0)
		return keyword.search(query, options);
	const deadline = new AbortController();
	const cancel = scheduler.delay(() => deadline.abort(), queryWaitMs);
	const waiting: MeaningSearch = {
		coverage: meaning.coverage,
		readableShare: meaning.readableShare,
		nearest: (text, nearest) => meaning.nearest(text, { ...nearest, signal: deadline.signal }),
	};
	return hybridSearch(fusable, waiting, query, keyword.searchOptions(options))
		.catch((error: unknown) => {
			if (error instanceof SavedRowsError) ports.failed(meaning, error);
			else if (!deadline.signal.aborted) throw error;
			return keyword.search(query, options);
		})
		.finally(cancel);
}

/**
 * The notes related to the note at `path` (`relatedNotes`): its neighbours in meaning while
 * there are vectors, and its links; never a note the view hides, and nothing for a hidden note.
 * The neighbours' vectors may be read from the device first.
 */
export async function relatedTo(
	ports: QueryPorts,
	meaning: MeaningIndex | null,
	path: string,
	limit: number,
): Promise<RelatedNote[]> {
	const { keyword, notes } = ports;
	if (notes.stat(path) === null) return [];
	const shown = (other: string) => notes.stat(other) !== null && keyword.holds(other);
	// Saved vectors that cannot be read leave the links alone: never a broken view.
	const nearest =
		meaning === null
			? []
			: await meaning.similarTo(path, { limit, accept: shown }).catch((error: unknown) => {
					if (error instanceof SavedRowsError) ports.failed(meaning, error);
					return [];
				});
	return relatedNotes(path, { nearest, links: keyword.linkGraph(), shown }, limit);
}
