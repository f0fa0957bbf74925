import { readFile } from "node:fs/promises";

/**
 * The SDK maps each API error code to an error class of its own, from every resource it has:
 * organizations, skills, user profiles, the beta APIs. The plugin calls two resources (Messages
 * and Models) and tells errors apart by their base classes (`APIError` and its status classes),
 * which every code still gets. This plugin keeps the codes whose classes come from the modules
 * the plugin's requests can meet (messages, files, the shared ones) and leaves out the rest, so
 * those resources' modules stay out of the bundle: an error with such a code is then built as
 * the SDK builds one whose code it does not know, from its HTTP status.
 *
 * The SDK's version is pinned; if the module no longer has the shape read here, the build fails.
 */
const MODULE = /[\\/]@anthropic-ai[\\/]sdk[\\/]core[\\/]error-classes\.mjs$/;
const KEPT_SOURCES = new Set([
	"../resources/files.mjs",
	"../resources/shared.mjs",
	"../resources/messages/messages.mjs",
]);
const IMPORT = /^import \{([^}]*)\} from "([^"]+)";$/;
const ENTRY = /^\s*\['\d{3} [a-z0-9_]+', (\w+)\],$/;

export function keepUsedErrorClasses(source, file) {
	const fail = (why) => {
		throw new Error(
			`${file} no longer has the shape the build reads (${why}): update scripts/build/sdkErrorClassesUsed.mjs.`,
		);
	};
	const kept = new Set();
	let inMap = false;
	let sawMap = false;
	const lines = source.split("\n").filter((line) => {
		const imported = IMPORT.exec(line);
		if (imported !== null) {
			if (!KEPT_SOURCES.has(imported[2])) return false;
			for (const name of imported[1]
				.split(",")
				.map((part) => part.trim())
				.filter(Boolean))
				kept.add(name);
			return true;
		}
		if (line.startsWith("import ")) fail(`an import on more than one line: ${line}`);
		if (line.startsWith("export const ERROR_CODE_CLASSES = ")) {
			inMap = sawMap = true;
			return true;
		}
		if (inMap && line === "]);") {
			inMap = false;
			return true;
		}
		if (!inMap) return true;
		const entry = ENTRY.exec(line);
		if (entry === null) fail(`an entry of the map not read: ${line}`);
		return kept.has(entry[1]);
	});
	if (!sawMap || inMap) fail("no ERROR_CODE_CLASSES map");
	return lines.join("\n");
}

export const sdkErrorClassesUsed = {
	name: "sdk-error-classes-used",
	setup(build) {
		build.onLoad({ filter: MODULE }, async ({ path }) => ({
			contents: keepUsedErrorClasses(await readFile(path, "utf8"), path),
			loader: "js",
		}));
	},
};
