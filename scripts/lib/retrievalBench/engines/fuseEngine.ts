import Fuse = require("fuse.js");
import type { NoteInput } from "../../../../src/core/retrieval";
import { chunkDocumentsOf, distinctPaths, type ChunkDocument } from "./chunkDocuments";
import type { SearchEngine, StoredIndex } from "./searchEngine";

/**
 * fuse.js as a plugin would use it naively over note bodies: the library's defaults, title and
 * body as keys, and `ignoreLocation` (without it, fuse.js only looks at the first ~100 characters
 * of each chunk, so bodies would not be searched at all).
 */
const OPTIONS: Fuse.IFuseOptions<ChunkDocument> = {
	keys: [
		{ name: "title", weight: 2 },
		{ name: "text", weight: 1 },
	],
	ignoreLocation: true,
};

export class FuseEngine implements SearchEngine {
	readonly name = "fuse";
	private fuse = new Fuse<ChunkDocument>([], OPTIONS);
	private nextId = 0;

	build(notes: readonly NoteInput[]): void {
		const documents: ChunkDocument[] = [];
		for (const note of notes) documents.push(...this.documentsOf(note));
		this.fuse = new Fuse(documents, OPTIONS);
	}

	search(query: string, limit: number): string[] {
		return distinctPaths(
			this.fuse.search(query).map((result) => result.item.path),
			limit,
		);
	}

	update(note: NoteInput): void {
		this.fuse.remove((document) => document.path === note.path);
		for (const document of this.documentsOf(note)) this.fuse.add(document);
	}

	/** fuse.js keeps nothing worth persisting here: a restart rebuilds. */
	save(): null {
		return null;
	}

	restore(_stored: StoredIndex | null, notes: readonly NoteInput[]): void {
		this.build(notes);
	}

	private documentsOf(note: NoteInput): ChunkDocument[] {
		const documents = chunkDocumentsOf(note, this.nextId);
		this.nextId += documents.length;
		return documents;
	}
}
