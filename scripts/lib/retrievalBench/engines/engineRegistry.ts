import { Fts5Engine } from "./fts5Engine";
import { FuseEngine } from "./fuseEngine";
import { MiniSearchEngine } from "./miniSearchEngine";
import { OurEngine } from "./ourEngine";
import { ENGINE_NAMES, type EngineName, type EngineSetup, type SearchEngine } from "./searchEngine";
import { loadSqlite } from "./sqliteRuntime";

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

export function isEngineName(name: string | undefined): name is EngineName {
	return (ENGINE_NAMES as readonly (string | undefined)[]).includes(name);
}

/** Loads what the engines need before they can be created synchronously: SQLite's WebAssembly for fts5. */
export async function prepareEngines(names: readonly EngineName[]): Promise<void> {
	if (names.includes("fts5")) await loadSqlite();
}
