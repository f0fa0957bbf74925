import { builtinModules } from "node:module";

/** One floor of the code: a name that says what it holds, and the folders and files on it. */
export interface Layer {
	readonly floor: number;
	readonly name: string;
	readonly paths: readonly string[];
	/**
	 * Why files of this layer may refer to each other's types in a cycle, when they may. Values
	 * never may: a cycle of values is an order of loading that happens to work.
	 */
	readonly typeCycles?: string;
}

/**
 * The layers, lowest floor first. A file may import from its own layer and from any lower floor,
 * never from a higher one; two layers on the same floor (the two hosts) stand apart and import
 * neither each other. Everything a layer needs from above is a building block that belongs lower.
 * A path names a folder (everything under it) or a file; the longest one that matches wins.
 * A file that no path names fails the check: a new folder takes its place in the table.
 */
export const LAYERS: readonly Layer[] = [
	{ floor: 0, name: "strings", paths: ["src/i18n"] },
	{ floor: 1, name: "text and calendar helpers", paths: ["src/core/text", "src/core/calendar"] },
	{ floor: 2, name: "host ports", paths: ["src/core/metadata.ts", "src/core/ports.ts"] },
	{ floor: 3, name: "model port", paths: ["src/core/model"] },
	{ floor: 4, name: "audit records", paths: ["src/core/audit"] },
	{ floor: 5, name: "vault: paths, privacy view, audited writer", paths: ["src/core/vault"] },
	{ floor: 6, name: "retrieval", paths: ["src/core/retrieval"] },
	{ floor: 7, name: "workspace: layout, settings, state", paths: ["src/core/workspace"] },
	{ floor: 8, name: "memory", paths: ["src/core/memory"] },
	{ floor: 9, name: "organize", paths: ["src/core/organize"] },
	{ floor: 9, name: "approved edits", paths: ["src/core/edits"] },
	{ floor: 9, name: "prompt notes", paths: ["src/core/prompts"] },
	{ floor: 10, name: "agent", paths: ["src/core/agent"] },
	{ floor: 11, name: "heartbeat", paths: ["src/core/heartbeat"] },
	{ floor: 11, name: "MCP surface", paths: ["src/core/mcp"] },
	{ floor: 12, name: "onboarding", paths: ["src/core/onboarding"] },
	{ floor: 13, name: "core assembly", paths: ["src/core/assistantWorkspace.ts", "src/core/systemClock.ts"] },
	{ floor: 14, name: "model client", paths: ["src/llm"] },
	{ floor: 14, name: "desktop-only Node modules", paths: ["src/desktop"] },
	{ floor: 15, name: "Obsidian host", paths: ["src/obsidian"] },
	{ floor: 15, name: "Node host", paths: ["headless"] },
	{ floor: 16, name: "plugin entry", paths: ["src/main.ts"] },
	{
		floor: 17,
		name: "Obsidian stand-in",
		paths: ["sandbox/obsidianApi"],
		typeCycles:
			"it keeps the shape of Obsidian's API, whose types refer to each other: a file knows its vault, a view its app",
	},
	{ floor: 18, name: "sandbox", paths: ["sandbox"] },
	{ floor: 19, name: "scripts", paths: ["scripts"] },
];

/** Packages some code may not import, each rule with the reason that stands behind it. */
export interface PackageRule {
	readonly paths: readonly string[];
	/** Files or folders under `paths` this rule leaves to a narrower rule of their own. */
	readonly except?: readonly string[];
	readonly forbidden: (packageName: string) => boolean;
	readonly why: string;
}

const NODE_BUILT_INS = new Set(builtinModules);
const isNodeBuiltIn = (name: string) => name.startsWith("node:") || NODE_BUILT_INS.has(name.split("/")[0]);

/** The plugin's one module that uses Node: its MCP server over HTTP, which the headless host serves with too. */
const DESKTOP_HTTP_SERVER = "src/desktop/mcpHttpServer.ts";

export const PACKAGE_RULES: readonly PackageRule[] = [
	{
		paths: ["src/core", "src/i18n", "src/llm", "src/desktop"],
		forbidden: (name) => name === "obsidian",
		why: "the domain, the model client and the desktop modules run on every host, not only in Obsidian",
	},
	{
		paths: ["src"],
		except: [DESKTOP_HTTP_SERVER],
		forbidden: isNodeBuiltIn,
		why: "the plugin runs on mobile, where Node is not",
	},
	{
		paths: [DESKTOP_HTTP_SERVER],
		forbidden: (name) => name !== "http" && isNodeBuiltIn(name),
		why: "only `http` (spelled so, one name to look for): the plugin loads this module on desktop alone, through a dynamic import, and nothing else of Node may come with it",
	},
	{
		paths: ["headless/inMemory", "sandbox/obsidianApi", "sandbox/browser"],
		forbidden: isNodeBuiltIn,
		why: "the sandbox's page runs it in a browser",
	},
];

/**
 * Modules some code may load only through a dynamic `import()` (or name for their types, which
 * are erased): a static import is evaluated when the importer loads, a dynamic one when it runs.
 */
export interface LazyRule {
	/** The modules loaded lazily. */
	readonly paths: readonly string[];
	/** Who must load them so (outside `paths` themselves). */
	readonly importers: readonly string[];
	readonly why: string;
}

export const LAZY_RULES: readonly LazyRule[] = [
	{
		paths: ["src/desktop"],
		importers: ["src"],
		why: "it requires Node's modules, which a phone does not have: the plugin loads it with import(), on desktop only",
	},
];

/** The folders the check reads: every layer's, and the tests (which may import anything, and nothing may import). */
export const CHECKED_FOLDERS = ["src", "headless", "sandbox", "scripts", "tests"];

/** Test code: free to import any layer, and imported by none. */
export const TESTS_FOLDER = "tests";

export function layerOf(file: string, layers: readonly Layer[] = LAYERS): Layer | null {
	let best: { layer: Layer; length: number } | null = null;
	for (const layer of layers) {
		for (const path of layer.paths) {
			const matches = file === path || file.startsWith(`${path}/`);
			if (matches && (best === null || path.length > best.length)) best = { layer, length: path.length };
		}
	}
	return best?.layer ?? null;
}

export function isTestFile(file: string): boolean {
	return file.startsWith(`${TESTS_FOLDER}/`);
}
