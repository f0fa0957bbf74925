import { deserialize, serialize } from "node:v8";
import {
	indexPolicyFor,
	linkGraphFromResolvedLinks,
	RetrievalIndex,
	type IndexPolicy,
	type IndexSnapshot,
	type LinkGraph,
	type NoteInput,
	type RetrievalIndexOptions,
	type SearchHit,
} from "../../../../src/core/retrieval";
import { hybridSearch, type MeaningSearch } from "../../../../src/core/retrieval/meaning/hybridSearch";
import { layoutFor } from "../../../../src/core/workspace/layout";
import { countLinks } from "../../../../headless/links/linkCounts";
import { LinkResolver } from "../../../../headless/links/linkResolver";
import type { EngineSetup, SearchEngine, StoredIndex } from "./searchEngine";

/** Our `RetrievalIndex`, driven as the plugin drives it. */
export class OurEngine implements SearchEngine {
	readonly name = "ours";
	/** The default workspace at the vault root, nothing excluded: what a fresh install runs under. */
	private readonly policy: IndexPolicy = indexPolicyFor(layoutFor(""), { configDir: ".obsidian" });
	private readonly now: Date;
	private readonly options: RetrievalIndexOptions;
	private index: RetrievalIndex;
	/** The notes' paths and metadata, for the links: the texts are the caller's, not the index's. */
	private vault: readonly Pick<NoteInput, "path" | "metadata">[] = [];
	private links: LinkGraph | null = null;

	constructor(setup: EngineSetup) {
		this.now = setup.now;
		this.options = { ranking: setup.ranking };
		this.index = new RetrievalIndex(this.policy, this.options);
	}

	build(notes: readonly NoteInput[]): void {
		this.useVault(notes);
		this.index = new RetrievalIndex(this.policy, this.options);
		for (const note of notes) this.index.upsert(note);
		this.makeReady();
	}

	search(query: string, limit: number): string[] {
		return this.hits(query, limit).map((hit) => hit.path);
	}

	/** The best `limit` notes with their scores, as the search service gets them. */
	hits(query: string, limit: number): SearchHit[] {
		return this.index.search(query, { now: this.now, limit, links: this.linkGraph() });
	}

	/** The best `limit` notes as the product's hybrid search ranks them beside `meaning`. */
	hybridHits(meaning: MeaningSearch, query: string, limit: number): Promise<SearchHit[]> {
		return hybridSearch(this.index, meaning, query, { now: this.now, limit, links: this.linkGraph() });
	}

	update(note: NoteInput): void {
		this.index.upsert(note);
		this.makeReady();
	}

	/** The snapshot in the structured-clone format IndexedDB stores it in (`v8.serialize` is that format). */
	save(): StoredIndex {
		return serialize(this.index.toSnapshot());
	}

	/** As at plugin start: the snapshot loaded, the vault's files compared by mtime and size, only those changed read. */
	restore(stored: StoredIndex | null, notes: readonly NoteInput[]): void {
		if (!(stored instanceof Uint8Array)) {
			this.build(notes);
			return;
		}
		this.useVault(notes);
		this.index = RetrievalIndex.fromSnapshot(deserialize(stored) as IndexSnapshot, this.policy, this.options);
		const byPath = new Map(notes.map((note) => [note.path, note]));
		const toRead = this.index.reconcile(notes.map((note) => ({ path: note.path, ...note.stat })));
		for (const file of toRead) {
			const note = byPath.get(file.path);
			if (note !== undefined) this.index.upsert(note);
		}
		this.makeReady();
	}

	private useVault(notes: readonly NoteInput[]): void {
		this.vault = notes.map(({ path, metadata }) => ({ path, metadata }));
		this.links = null;
	}

	/**
	 * The vault's links, as the plugin passes Obsidian's `resolvedLinks` with every search. Obsidian
	 * keeps them anyway, so they are worked out at the first search, outside the timed build.
	 */
	private linkGraph(): LinkGraph {
		if (this.links !== null) return this.links;
		const resolver = new LinkResolver(this.vault.map((note) => note.path));
		const resolved: Record<string, Record<string, number>> = {};
		for (const note of this.vault)
			resolved[note.path] = note.metadata === null ? {} : countLinks(note.path, note.metadata, resolver).resolved;
		return (this.links = linkGraphFromResolvedLinks(resolved));
	}

	/** Brings the postings up to date now, so that timings include it rather than the next search. */
	private makeReady(): void {
		for (const step of this.index.catchUp()) void step;
	}
}
