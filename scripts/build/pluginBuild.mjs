import { builtinModules } from "node:module";
import { catalogKeysOnce } from "./catalogKeysOnce.mjs";
import { sdkErrorClassesUsed } from "./sdkErrorClassesUsed.mjs";
import { sdkPathWithoutLookbehind } from "./sdkPathWithoutLookbehind.mjs";
import { sdkUnusedParts } from "./sdkUnusedParts.mjs";

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
 * The libraries `main.js` holds, with their licenses: what its banner names. The notices script
 * (`npm run notices`) fails when the bundle's packages are not exactly these.
 */
export const BUNDLED_LIBRARIES = [
	{ name: "@anthropic-ai/sdk", license: "Apache-2.0" },
	{ name: "zod", license: "MIT" },
];

/** Kept by minifiers and read by anyone who opens the file: what it is, and where the licenses are. */
const BANNER = [
	"/*! Assistant Workspace, an Obsidian plugin. MIT License.",
	` * Bundles ${BUNDLED_LIBRARIES.map(({ name, license }) => `${name} (${license})`).join(", ")}:`,
	" * their licenses and notices are in THIRD_PARTY_NOTICES.md, shipped with this file. */",
].join("\n");

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
		// The libraries' own license comments are gathered in THIRD_PARTY_NOTICES.md instead.
		legalComments: "none",
		banner: { js: BANNER },
		// Our strings in Chinese and the libraries' symbols as they are, not six-byte `\u` escapes.
		charset: "utf8",
		outfile: "main.js",
		plugins: [sdkPathWithoutLookbehind, sdkUnusedParts, sdkErrorClassesUsed, catalogKeysOnce],
	};
}
