/** The retrieval engine: what the rest of the plugin, the tools and the command line use. */
export { chunkNote, DEFAULT_CHUNKING, noteSections, type NoteSection } from "./notes/chunker";
export {
	DEFAULT_MAX_FILE_BYTES,
	indexPolicyFor,
	SKIP_REASONS,
	skipReasonForFile,
	skipReasonForNote,
	type IndexPolicy,
	type KindRules,
	type PolicySettings,
	type SkipReason,
} from "../vault/indexPolicy";
export { SNAPSHOT_VERSION, type IndexSnapshot } from "./indexing/indexSnapshot";
export { PIECES_FORMAT, splitSnapshot, startJoining, type SnapshotJoiner } from "./indexing/snapshotPieces";
export type { IndexStats } from "./indexing/indexStats";
export type { HotSet } from "./ranking/hotSet";
export { linkGraphFromResolvedLinks, ResolvedLinkGraph, type LinkGraph } from "./notes/linkGraph";
export type { Chunk, FileVersion, NoteInput } from "./notes/noteInput";
export { kindOf, NOTE_KINDS, type NoteKind } from "./notes/noteKind";
export { aliasesOf, normalizeTag, tagsOf } from "../vault/noteProperties";
export type { PassageOptions } from "./notes/passageSplitter";
export { parseQuery, type ParsedQuery } from "./query/queryParser";
export { DEFAULT_RANKING, type FieldBoosts, type RankingParams } from "./ranking/rankingParams";
export { RetrievalIndex, type FileEntry, type RenameOutcome, type RetrievalIndexOptions } from "./retrievalIndex";
export type { SearchFilters } from "./query/searchFilters";
export type { SearchHit, SearchOptions } from "./searchTypes";
export {
	indexInSlices,
	runInSlices,
	type IndexProgress,
	type SliceOptions,
	type Slicing,
} from "./indexing/slicedIndexing";
export { DEFAULT_SNIPPET_CHARS, snippetOf, type Snippet } from "./ranking/snippet";
export { forEachToken, tokenize } from "./text/tokenizer";
