import { Fts5Engine } from "./fts5Engine";
import { FuseEngine } from "./fuseEngine";
import { MiniSearchEngine } from "./miniSearchEngine";
import { OurEngine } from "./ourEngine";
import { ENGINE_NAMES, type EngineName, type EngineSetup, type SearchEngine } from "./searchEngine";
import { freshSqlite, loadSqlite } from "./sqliteRuntime";

export function createEngine(name: EngineName, setup: EngineSetup): SearchEngine {
	switch (name) {
		case "ours":
			return new OurEngine(setup);
		case "fts5":
			return new Fts5Engine();
		case "minisearch":
			return new MiniSearchEngine();
		case "fuse":
			return new FuseEngine();
	}
}

/**
 * An engine as a restarted plugin has it, for a warm start: FTS5 on a SQLite of its own. On the
 * process's one, whose WebAssembly memory the builds before had grown, FTS5's warm start at
 * 100,000 notes took 1.9 to 2.6 s; on a new one, which grows its memory as it loads the
 * database, 5.9 to 8.3 s (2026-12-03). Ours starts from nothing either way.
 */
export async function createRestartedEngine(name: EngineName, setup: EngineSetup): Promise<SearchEngine> {
	return name === "fts5" ? new Fts5Engine(await freshSqlite()) : createEngine(name, setup);
}

export function isEngineName(name: string | undefined): name is EngineName {
	return (ENGINE_NAMES as readonly (string | undefined)[]).includes(name);
}

/** Loads what the engines need before they can be created synchronously: SQLite's WebAssembly for fts5. */
export async function prepareEngines(names: readonly EngineName[]): Promise<void> {
	if (names.includes("fts5")) await loadSqlite();
}
