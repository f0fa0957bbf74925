import type { Database, PreparedStatement, Sqlite3Static } from "@sqlite.org/sqlite-wasm";
import { DEFAULT_RANKING, tokenize, type NoteInput } from "../../../../src/core/retrieval";
import { chunkDocumentsOf, type ChunkDocument } from "./chunkDocuments";
import type { SearchEngine, StoredIndex } from "./searchEngine";
import { sqlite, sqliteMemoryUsed } from "./sqliteRuntime";

/** The indexed columns, in the table's order; `path` follows, stored but not indexed. */
const FIELDS = ["title", "aliases", "tags", "headings", "text"] as const;

/**
 * bm25() weights per column, from our ranking's field boosts (`text` is our body, at 1), so that
 * both engines weigh a title match against a body match alike; the path column is not indexed.
 */
const WEIGHTS = [
	DEFAULT_RANKING.boosts.title,
	DEFAULT_RANKING.boosts.aliases,
	DEFAULT_RANKING.boosts.tags,
	DEFAULT_RANKING.boosts.headings,
	DEFAULT_RANKING.boosts.body,
	0,
];

/**
 * The index as SQLite's FTS5 keeps it: one row per chunk in an in-memory database. Fed the same
 * chunks and the same tokens as every other engine (our tokenizer's output joined by spaces, which
 * `unicode61` splits back apart; diacritics kept, as our tokens keep them), so that what is
 * compared is the index and not the text it is given. A note's chunks have consecutive row ids,
 * recorded in `notes` with the note's version, to replace them on an update and to find what
 * changed at a restart.
 */
const SCHEMA = `
	CREATE VIRTUAL TABLE chunks USING fts5(${FIELDS.join(", ")}, path UNINDEXED, tokenize = 'unicode61 remove_diacritics 0');
	INSERT INTO chunks(chunks, rank) VALUES ('rank', 'bm25(${WEIGHTS.join(", ")})');
	CREATE TABLE notes (path TEXT PRIMARY KEY, mtime INTEGER NOT NULL, size INTEGER NOT NULL, first INTEGER NOT NULL, count INTEGER NOT NULL) WITHOUT ROWID;
`;

/**
 * Ranked by bm25 over every matching chunk, a note by its best chunk, the first `limit` notes: the
 * same answer shape as the others (`distinctPaths`), computed in SQL.
 */
const SEARCH = "SELECT path, min(rank) AS score FROM chunks WHERE chunks MATCH ? GROUP BY path ORDER BY score LIMIT ?";

export class Fts5Engine implements SearchEngine {
	readonly name = "fts5";
	private db: Database;
	private statements: Statements;
	private nextId = 0;

	/** On the process's SQLite, or on one of its own (see `createRestartedEngine`). */
	constructor(private readonly sqlite3: Sqlite3Static = sqlite()) {
		this.db = new this.sqlite3.oo1.DB(":memory:");
		this.db.exec(SCHEMA);
		this.statements = prepare(this.db);
	}

	build(notes: readonly NoteInput[]): void {
		this.reopen(null);
		this.inTransaction(() => {
			for (const note of notes) this.add(note);
		});
	}

	search(query: string, limit: number): string[] {
		const match = matchExpression(query);
		if (match === null) return [];
		const { search } = this.statements;
		const paths: string[] = [];
		try {
			search.bind([match, limit]);
			while (search.step()) paths.push(String(search.get(0)));
		} finally {
			search.reset(true);
		}
		return paths;
	}

	update(note: NoteInput): void {
		this.inTransaction(() => {
			this.discard(note.path);
			this.add(note);
		});
	}

	/** The database file's bytes, as `sqlite3_js_db_export` gives them (what IndexedDB or a file would keep). */
	save(): StoredIndex {
		return this.sqlite3.capi.sqlite3_js_db_export(this.db);
	}

	/** The saved bytes deserialized into a new in-memory database, then notes whose mtime or size changed re-indexed, removed ones dropped. */
	restore(stored: StoredIndex | null, notes: readonly NoteInput[]): void {
		if (!(stored instanceof Uint8Array)) {
			this.build(notes);
			return;
		}
		this.reopen(stored);
		const known = new Map<string, { mtime: number; size: number }>();
		this.db.exec({
			sql: "SELECT path, mtime, size FROM notes",
			callback: (row) => {
				const [path, mtime, size] = row as [string, number, number];
				known.set(path, { mtime, size });
			},
		});
		this.nextId = Number(this.db.selectValue("SELECT coalesce(max(first + count), 0) FROM notes"));
		this.inTransaction(() => {
			for (const note of notes) {
				const version = known.get(note.path);
				known.delete(note.path);
				if (version !== undefined && version.mtime === note.stat.mtime && version.size === note.stat.size) continue;
				this.discard(note.path);
				this.add(note);
			}
			for (const path of known.keys()) this.discard(path);
		});
	}

	/** SQLite's heap: a WebAssembly memory the JavaScript heap figures do not see. */
	nativeBytes(): number {
		return sqliteMemoryUsed(this.sqlite3);
	}

	dispose(): void {
		finalize(this.statements);
		this.db.close();
	}

	private add(note: NoteInput): void {
		const documents = chunkDocumentsOf(note, this.nextId);
		this.nextId += documents.length;
		const { insertChunk, insertNote } = this.statements;
		for (const document of documents)
			run(insertChunk, [document.id, ...FIELDS.map((field) => tokens(document, field)), note.path]);
		run(insertNote, [note.path, note.stat.mtime, note.stat.size, documents[0]?.id ?? this.nextId, documents.length]);
	}

	private discard(path: string): void {
		const { findNote, deleteChunks, deleteNote } = this.statements;
		let range: [number, number] | null = null;
		try {
			findNote.bind([path]);
			if (findNote.step()) range = [Number(findNote.get(0)), Number(findNote.get(1))];
		} finally {
			findNote.reset(true);
		}
		if (range === null) return;
		run(deleteChunks, [range[0], range[0] + range[1] - 1]);
		run(deleteNote, [path]);
	}

	/** A fresh database, empty or from saved bytes, with its statements prepared again. */
	private reopen(bytes: Uint8Array | null): void {
		finalize(this.statements);
		this.db.close();
		this.db = new this.sqlite3.oo1.DB(":memory:");
		this.nextId = 0;
		if (bytes === null) this.db.exec(SCHEMA);
		else deserializeInto(this.sqlite3, this.db, bytes);
		this.statements = prepare(this.db);
	}

	private inTransaction(work: () => void): void {
		this.db.exec("BEGIN");
		try {
			work();
			this.db.exec("COMMIT");
		} catch (error) {
			this.db.exec("ROLLBACK");
			throw error;
		}
	}
}

interface Statements {
	readonly insertChunk: PreparedStatement;
	readonly insertNote: PreparedStatement;
	readonly findNote: PreparedStatement;
	readonly deleteChunks: PreparedStatement;
	readonly deleteNote: PreparedStatement;
	readonly search: PreparedStatement;
}

function prepare(db: Database): Statements {
	return {
		insertChunk: db.prepare(
			`INSERT INTO chunks(rowid, ${FIELDS.join(", ")}, path) VALUES (?, ${FIELDS.map(() => "?").join(", ")}, ?)`,
		),
		insertNote: db.prepare("INSERT INTO notes(path, mtime, size, first, count) VALUES (?, ?, ?, ?, ?)"),
		findNote: db.prepare("SELECT first, count FROM notes WHERE path = ?"),
		deleteChunks: db.prepare("DELETE FROM chunks WHERE rowid BETWEEN ? AND ?"),
		deleteNote: db.prepare("DELETE FROM notes WHERE path = ?"),
		search: db.prepare(SEARCH),
	};
}

function finalize(statements: Statements): void {
	for (const statement of Object.values(statements)) statement.finalize();
}

function run(statement: PreparedStatement, values: readonly (string | number)[]): void {
	try {
		statement.bind(values).stepReset();
	} finally {
		statement.clearBindings();
	}
}

function tokens(document: ChunkDocument, field: (typeof FIELDS)[number]): string {
	return tokenize(document[field]).join(" ");
}

/**
 * The query's tokens as an FTS5 OR-query, each a quoted string (a token is never read as an
 * operator or a column filter); `null` when the query has no token.
 */
export function matchExpression(query: string): string | null {
	const terms = [...new Set(tokenize(query))];
	if (terms.length === 0) return null;
	return terms.map((term) => `"${term.replace(/"/g, '""')}"`).join(" OR ");
}

/** Loads a database file's bytes into an open in-memory connection, which then owns (and frees) them. */
function deserializeInto(sqlite3: Sqlite3Static, db: Database, bytes: Uint8Array): void {
	const { capi, wasm } = sqlite3;
	const pointer = wasm.allocFromTypedArray(bytes);
	const flags = capi.SQLITE_DESERIALIZE_FREEONCLOSE | capi.SQLITE_DESERIALIZE_RESIZEABLE;
	db.checkRc(capi.sqlite3_deserialize(db, "main", pointer, bytes.byteLength, bytes.byteLength, flags));
}
