import { pathToFileURL } from "node:url";
import type { Sqlite3Static } from "@sqlite.org/sqlite-wasm";

/**
 * SQLite compiled to WebAssembly (`@sqlite.org/sqlite-wasm`), loaded once per process. Loading
 * is asynchronous (the WebAssembly module is compiled) while the engines are driven
 * synchronously, so a runner loads it before it creates an FTS5 engine (`prepareEngines`).
 */
let loaded: Sqlite3Static | null = null;

/**
 * The package is an ES module that finds its `.wasm` beside itself, and the benchmark's bundles run
 * from a temporary folder with no `node_modules` above them: the parent resolves the package from
 * the repository and passes its entry in `SQLITE_WASM_ENTRY` (see `isolatedRun.ts`).
 */
export const SQLITE_WASM_ENTRY_VARIABLE = "SQLITE_WASM_ENTRY";

export async function loadSqlite(): Promise<Sqlite3Static> {
	loaded ??= await freshSqlite();
	return loaded;
}

/**
 * A SQLite of its own, whose WebAssembly memory starts small, as a restarted plugin's does: the
 * one `loadSqlite` keeps has grown its memory for every database the process built before.
 */
export async function freshSqlite(): Promise<Sqlite3Static> {
	const entry = process.env[SQLITE_WASM_ENTRY_VARIABLE];
	const specifier = entry === undefined || entry === "" ? "@sqlite.org/sqlite-wasm" : pathToFileURL(entry).href;
	const module = (await import(specifier)) as { default: () => Promise<Sqlite3Static> };
	const sqlite3 = await module.default();
	const db = new sqlite3.oo1.DB(":memory:");
	try {
		// The comparison is with FTS5: a build without it would fail at the first CREATE anyway, but say why.
		if (db.selectValue("SELECT sqlite_compileoption_used('ENABLE_FTS5')") !== 1)
			throw new Error(`SQLite ${sqlite3.version.libVersion} from @sqlite.org/sqlite-wasm was built without FTS5.`);
	} finally {
		db.close();
	}
	return sqlite3;
}

export function sqlite(): Sqlite3Static {
	if (loaded === null)
		throw new Error("SQLite is not loaded: await prepareEngines([...]) before creating an fts5 engine.");
	return loaded;
}

/** Bytes SQLite's allocator holds now, across every connection: the WebAssembly heap the index uses. */
export function sqliteMemoryUsed(sqlite3: Sqlite3Static): number {
	const { wasm, capi } = sqlite3;
	const top = wasm.pstack.pointer;
	try {
		const current = wasm.pstack.alloc(8);
		const highWater = wasm.pstack.alloc(8);
		capi.sqlite3_status64(capi.SQLITE_STATUS_MEMORY_USED, current, highWater, 0);
		return Number(wasm.peek64(current));
	} finally {
		wasm.pstack.restore(top);
	}
}
