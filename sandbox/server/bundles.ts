import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { build } from "esbuild";

export const REPO = resolve(__dirname, "..", "..");

/** What the page loads: the plugin as it ships, and the shell that hosts it. */
export interface SandboxBundles {
	/** `main.js`, `manifest.json` and `styles.css` as `npm run build` leaves them at the repository's root. */
	readonly plugin: { readonly main: string; readonly manifest: string; readonly styles: string };
	/** The Obsidian-like shell: its script (with our `obsidian` module inside) and its style sheet. */
	readonly shell: { readonly script: string; readonly styles: string };
}

/**
 * Builds the production plugin bundle with the project's own esbuild configuration, so the
 * sandbox runs the very `main.js` that would be installed, and the shell around it. The plugin
 * keeps `obsidian` external, as in Obsidian, and the page hands it the shell's module through
 * `require`, as Obsidian does.
 */
export async function buildBundles(): Promise<SandboxBundles> {
	execFileSync(process.execPath, ["esbuild.config.mjs", "production"], {
		cwd: REPO,
		stdio: ["ignore", "ignore", "inherit"],
	});
	const shellScript = await pageScript(join(__dirname, "..", "browser", "boot.ts"));
	const read = (path: string) => readFileSync(join(REPO, path), "utf8");
	return {
		plugin: { main: read("main.js"), manifest: read("manifest.json"), styles: read("styles.css") },
		shell: {
			script: shellScript,
			styles: readFileSync(join(__dirname, "..", "page", "shell.css"), "utf8"),
		},
	};
}

/** `entry` with all it imports, as one script a page runs as it is (the shell, or a benchmark's probe). */
export async function pageScript(entry: string): Promise<string> {
	const bundled = await build({
		entryPoints: [entry],
		bundle: true,
		format: "iife",
		platform: "browser",
		target: "es2021",
		write: false,
		logLevel: "warning",
		legalComments: "none",
	});
	return bundled.outputFiles[0].text;
}
