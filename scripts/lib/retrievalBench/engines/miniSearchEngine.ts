import * as miniSearchModule from "minisearch";
import type { AsPlainObject, Options } from "minisearch";
import { tokenize, type NoteInput } from "../../../../src/core/retrieval";
import { chunkDocumentsOf, distinctPaths, type ChunkDocument } from "./chunkDocuments";
import { cjsDefault } from "./cjsDefault";
import type { SearchEngine, StoredIndex } from "./searchEngine";

/**
 * Set up the way Omnisearch uses MiniSearch (BM25 over title, aliases, headings and content,
 * title boosted, prefix and fuzzy matching), but fed our chunks and our tokenizer, so that the
 * comparison is of the indexes and not of the text they are given.
 */
const OPTIONS: Options<ChunkDocument> = {
	fields: ["title", "aliases", "tags", "headings", "text"],
	storeFields: ["path"],
	tokenize: (text) => tokenize(text),
	processTerm: (term) => term,
	searchOptions: {
		boost: { title: 3, aliases: 3, headings: 2, tags: 2 },
		prefix: (term) => term.length >= 3,
		fuzzy: 0.2,
	},
};

/** What is persisted: the index, and each note's version and chunk ids, to find what changed on restart. */
interface StoredMiniSearch {
	readonly index: AsPlainObject;
	readonly notes: Record<string, NoteEntry>;
	readonly nextId: number;
}

interface NoteEntry {
	readonly mtime: number;
	readonly size: number;
	readonly chunkIds: readonly number[];
}

const MiniSearch = cjsDefault(miniSearchModule);

export class MiniSearchEngine implements SearchEngine {
	readonly name = "minisearch";
	private index = new MiniSearch(OPTIONS);
	private notes: Record<string, NoteEntry> = {};
	private nextId = 0;

	build(notes: readonly NoteInput[]): void {
		this.index = new MiniSearch(OPTIONS);
		this.notes = {};
		this.nextId = 0;
		for (const note of notes) this.add(note);
	}

	search(query: string, limit: number): string[] {
		return distinctPaths(
			this.index.search(query).map((result) => String(result.path)),
			limit,
		);
	}

	update(note: NoteInput): void {
		this.discard(note.path);
		this.add(note);
	}

	save(): StoredIndex {
		const stored: StoredMiniSearch = { index: this.index.toJSON(), notes: this.notes, nextId: this.nextId };
		return JSON.stringify(stored);
	}

	/** As Omnisearch starts: the JSON index loaded, notes whose mtime or size changed re-added, removed ones discarded. */
	restore(stored: StoredIndex | null, notes: readonly NoteInput[]): void {
		if (typeof stored !== "string") {
			this.build(notes);
			return;
		}
		const parsed = JSON.parse(stored) as StoredMiniSearch;
		this.index = MiniSearch.loadJS(parsed.index, OPTIONS);
		this.notes = parsed.notes;
		this.nextId = parsed.nextId;
		const present = new Set<string>();
		for (const note of notes) {
			present.add(note.path);
			const known = this.notes[note.path];
			if (known === undefined || known.mtime !== note.stat.mtime || known.size !== note.stat.size) this.update(note);
		}
		for (const path of Object.keys(this.notes)) {
			if (!present.has(path)) this.discard(path);
		}
	}

	private add(note: NoteInput): void {
		const documents = chunkDocumentsOf(note, this.nextId);
		this.nextId += documents.length;
		this.index.addAll(documents);
		this.notes[note.path] = { ...note.stat, chunkIds: documents.map((document) => document.id) };
	}

	private discard(path: string): void {
		const entry = this.notes[path];
		if (entry === undefined) return;
		this.index.discardAll(entry.chunkIds);
		delete this.notes[path];
	}
}
