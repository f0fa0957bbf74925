import { chunkNote, tagsOf, type NoteInput } from "../../../../src/core/retrieval";
import { aliasesOf } from "../../../../src/core/vault/noteProperties";
import { baseName } from "../../../../src/core/vault/paths";

/**
 * One chunk of a note as the baselines index it: our chunker's passages, each carrying its note's
 * title, aliases and tags, so that the libraries see exactly the text our engine sees.
 */
export interface ChunkDocument {
	readonly id: number;
	readonly path: string;
	readonly title: string;
	readonly aliases: string;
	readonly tags: string;
	readonly headings: string;
	readonly text: string;
}

export function chunkDocumentsOf(note: NoteInput, firstId: number): ChunkDocument[] {
	const title = baseName(note.path);
	const aliases = aliasesOf(note.metadata).join("\n");
	const tags = tagsOf(note.metadata).join(" ");
	return chunkNote(note.content, note.metadata).map((chunk, index) => ({
		id: firstId + index,
		path: note.path,
		title,
		aliases,
		tags,
		headings: chunk.headingTrail,
		text: chunk.text,
	}));
}

/** The first `limit` distinct paths of chunk results ranked best first: a note ranks by its best chunk. */
export function distinctPaths(rankedPaths: Iterable<string>, limit: number): string[] {
	const paths = new Set<string>();
	for (const path of rankedPaths) {
		if (paths.size === limit) break;
		paths.add(path);
	}
	return [...paths];
}
