import type AssistantWorkspacePlugin from "../../src/main";

/**
 * Runs a plugin's `main.js` as Obsidian does: as a CommonJS module whose `require("obsidian")`
 * is the app's own module, here the sandbox's. Returns the plugin class it exports.
 */
export function pluginClassOf(code: string, obsidian: object, name: string): typeof AssistantWorkspacePlugin {
	const module: { exports: { default?: unknown } } = { exports: {} };
	const require = (id: string): unknown => {
		if (id === "obsidian") return withClearGaps(obsidian);
		throw new Error(`The sandbox provides no module "${id}".`);
	};
	// The source URL names the bundle in the browser's developer tools.
	const run = new Function("module", "exports", "require", `${code}\n//# sourceURL=plugin:${name}/main.js`) as (
		...args: unknown[]
	) => void;
	run(module, module.exports, require);
	if (typeof module.exports.default !== "function") throw new Error("main.js exports no plugin class.");
	return module.exports.default as typeof AssistantWorkspacePlugin;
}

/** Names a bundle's interop may look up whether a module has them or not. */
const INTEROP = new Set(["__esModule", "default", "then"]);

/**
 * The module, but a name it lacks fails at once, by name, instead of as an `undefined` far
 * away ("Class extends value undefined"): the sandbox then says what the shell must add.
 */
function withClearGaps(module: object): object {
	return new Proxy(module, {
		get(target, name, receiver) {
			if (typeof name === "string" && !INTEROP.has(name) && !(name in target)) {
				throw new Error(
					`The sandbox's obsidian module has no "${name}" yet: add it to sandbox/obsidianApi/index.ts or sandbox/browser/obsidian.ts.`,
				);
			}
			return Reflect.get(target, name, receiver) as unknown;
		},
	});
}
