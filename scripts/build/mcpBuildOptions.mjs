import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const REPO = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** The file the release attaches beside `main.js`: the headless MCP server in one file, for `node`. */
export const MCP_BUNDLE = "assistant-workspace-mcp.cjs";

/** Where the licenses of what it bundles are, shipped beside it (`npm run notices` writes it). */
export const MCP_NOTICES = "THIRD_PARTY_NOTICES-mcp.md";

/**
 * The libraries the MCP bundle holds, with their licenses: what its banner names. The notices
 * script (`npm run notices`) fails when the bundle's packages are not exactly these, or when one
 * of them is not under a permissive license.
 */
export const MCP_BUNDLED_LIBRARIES = [
	// The embedding servers of search by meaning are reached through the SDK, as the plugin reaches them.
	{ name: "@anthropic-ai/sdk", license: "Apache-2.0" },
	{ name: "@opentelemetry/api", license: "Apache-2.0" },
	{ name: "yaml", license: "ISC" },
	{ name: "zod", license: "MIT" },
];

/**
 * A shebang, so `./assistant-workspace-mcp.cjs` runs as a program, then what the file is and where
 * the licenses are (kept by anyone who copies the file: `/*!` comments survive minifiers).
 */
const BANNER = [
	"#!/usr/bin/env node",
	"/*! Assistant Workspace MCP server (headless, for Node 20 or later). MIT License.",
	` * Bundles ${MCP_BUNDLED_LIBRARIES.map(({ name, license }) => `${name} (${license})`).join(", ")}:`,
	` * their licenses and notices are in ${MCP_NOTICES}, shipped with this file. */`,
].join("\n");

/**
 * The esbuild options of the MCP bundle, shared by the build and by the notices script (which reads
 * its metafile), so the licenses listed are those of the very file that ships.
 *
 * Not minified: this file reads a person's vault and is pointed at by their MCP client's settings;
 * anyone can open it and read what it does, and its stack traces name real functions. Its size
 * does not matter as `main.js`'s does (Node reads it once, from a disk, at a client's start).
 */
export function mcpBuildOptions({ outfile = MCP_BUNDLE } = {}) {
	return {
		absWorkingDir: REPO,
		entryPoints: ["headless/mcp/main.ts"],
		bundle: true,
		// Everything but Node's built-ins is inside: the file runs with no node_modules beside it.
		platform: "node",
		format: "cjs",
		target: "node20",
		logLevel: "info",
		sourcemap: false,
		treeShaking: true,
		minify: false,
		// The libraries' own license comments are gathered in THIRD_PARTY_NOTICES-mcp.md instead.
		legalComments: "none",
		banner: { js: BANNER },
		charset: "utf8",
		outfile: resolve(REPO, outfile),
	};
}
