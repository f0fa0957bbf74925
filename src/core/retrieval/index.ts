/** The retrieval engine: what the rest of the plugin, the tools and the command line use. */
export { chunkNote, DEFAULT_CHUNKING, noteSections, type NoteSection } from "./chunker";
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
export { SNAPSHOT_VERSION, type IndexSnapshot } from "./indexSnapshot";
export type { IndexStats } from "./indexStats";
export type { HotSet } from "./hotSet";
export { linkGraphFromResolvedLinks, type LinkGraph } from "./linkGraph";
export type { Chunk, FileVersion, NoteInput } from "./noteInput";
export { kindOf, NOTE_KINDS, type NoteKind } from "./noteKind";
export { aliasesOf, normalizeTag, tagsOf } from "../vault/noteProperties";
export type { PassageOptions } from "./passageSplitter";
export { parseQuery, type ParsedQuery } from "./queryParser";
export { DEFAULT_RANKING, type FieldBoosts, type RankingParams } from "./rankingParams";
export { RetrievalIndex, type FileEntry, type RenameOutcome, type RetrievalIndexOptions } from "./retrievalIndex";
export type { SearchFilters } from "./searchFilters";
export type { SearchHit, SearchOptions } from "./searchTypes";
export { indexInSlices, runInSlices, type IndexProgress, type SliceOptions, type Slicing } from "./slicedIndexing";
export { DEFAULT_SNIPPET_CHARS, snippetOf, type Snippet } from "./snippet";
export { forEachToken, tokenize } from "./tokenizer";
