import { FuseEngine } from "./fuseEngine";
import { MiniSearchEngine } from "./miniSearchEngine";
import { OurEngine } from "./ourEngine";
import { ENGINE_NAMES, type EngineName, type EngineSetup, type SearchEngine } from "./searchEngine";

export function createEngine(name: EngineName, setup: EngineSetup): SearchEngine {
	switch (name) {
		case "ours":
			return new OurEngine(setup);
		case "minisearch":
			return new MiniSearchEngine();
		case "fuse":
			return new FuseEngine();
	}
}

export function isEngineName(name: string | undefined): name is EngineName {
	return (ENGINE_NAMES as readonly (string | undefined)[]).includes(name);
}
