import { builtinModules } from "node:module";
import { sdkPathWithoutLookbehind } from "./sdkPathWithoutLookbehind.mjs";

// Obsidian provides these at run time; Node built-ins must never reach the bundle (mobile).
const external = [
	"obsidian",
	"electron",
	"@codemirror/*",
	"@lezer/*",
	...builtinModules,
	...builtinModules.map((name) => `node:${name}`),
];

/**
 * The esbuild options of `main.js`, shared by the build and by the tools that read its metafile
 * (the size report, the third-party notices), so they measure the very bundle that ships.
 */
export function pluginBuildOptions({ production }) {
	return {
		entryPoints: ["src/main.ts"],
		bundle: true,
		external,
		format: "cjs",
		// Obsidian's oldest engines: Safari 15 on iOS and iPadOS (esbuild lowers what it can for it).
		target: ["es2021", "safari15"],
		platform: "browser",
		logLevel: "info",
		sourcemap: production ? false : "inline",
		treeShaking: true,
		minify: production,
		legalComments: "none",
		// Our strings in Chinese and the libraries' symbols as they are, not six-byte `\u` escapes.
		charset: "utf8",
		outfile: "main.js",
		plugins: [sdkPathWithoutLookbehind],
	};
}
