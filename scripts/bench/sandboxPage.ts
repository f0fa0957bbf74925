import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import type { Page } from "playwright-core";

/**
 * The sandbox as the browser benchmarks drive it (`bench:load`, `bench:browser`): started as
 * `npm start` starts it, and its page loaded up to the moment it says it is ready.
 */

/** The moments the sandbox's page marks with `performance.mark` as it loads the plugin, in order. */
const MARKS = ["plugin-evaluate", "plugin-evaluated", "plugin-loaded", "layout-ready"] as const;

export interface LoadTimes {
	/** Evaluating `main.js`. */
	readonly evaluate: number;
	/** `onload`, up to layout-ready. */
	readonly onload: number;
	/** What runs at layout-ready. */
	readonly layoutReady: number;
}

export interface RunningSandbox {
	readonly url: string;
	stop(): void;
}

/**
 * `npm start` in `repo` with `options` (`--vault DIR`): the plugin built as it ships, in the
 * sandbox on a free port of 127.0.0.1, until `stop`.
 */
export function startSandbox(repo: string, options: readonly string[] = []): Promise<RunningSandbox> {
	const child: ChildProcess = spawn(
		process.execPath,
		[join(repo, "node_modules", "tsx", "dist", "cli.mjs"), "scripts/start.ts", ...options],
		{
			cwd: repo,
			stdio: ["ignore", "pipe", "inherit"],
		},
	);
	return new Promise((resolvePromise, reject) => {
		let output = "";
		child.once("exit", (code) => reject(new Error(`The sandbox stopped before it started (exit code ${code}).`)));
		child.stdout?.on("data", (chunk: Buffer) => {
			output += chunk.toString();
			const url = /open (http:\/\/127\.0\.0\.1:\d+\/?)/.exec(output)?.[1];
			if (url !== undefined) resolvePromise({ url, stop: () => child.kill("SIGINT") });
		});
	});
}

/**
 * Waits until the sandbox's page (loaded or reloaded) is ready; throws when it failed to start.
 * Watched by the page's own observer of one attribute: Playwright's selector engine would run
 * its own long tasks in the page while the plugin's are measured.
 */
export async function waitUntilReady(page: Page, timeoutMs = 60_000): Promise<void> {
	// A string, not a function: the page runs it as it is written, without the helpers the
	// TypeScript runner adds to named functions (which the page does not have).
	const state = await page.evaluate<string>(`new Promise((resolve, reject) => {
		const body = document.body;
		const observer = new MutationObserver(() => settle());
		function settle() {
			const value = body.dataset.sandbox;
			if (value === undefined) return false;
			observer.disconnect();
			resolve(value);
			return true;
		}
		if (settle()) return;
		observer.observe(body, { attributes: true, attributeFilter: ["data-sandbox"] });
		setTimeout(() => reject(new Error("The sandbox's page was not ready within ${timeoutMs} ms.")), ${timeoutMs});
	})`);
	if (state !== "ready") throw new Error("The sandbox's page failed to start: see its notice.");
}

/** Loads the sandbox in `page` and reads how long the plugin took to load, by the page's marks. */
export async function loadTimesOf(page: Page, url: string): Promise<LoadTimes> {
	await page.goto(url);
	await waitUntilReady(page);
	const at = await page.evaluate(
		(names) => names.map((name) => performance.getEntriesByName(name, "mark")[0]?.startTime ?? Number.NaN),
		[...MARKS],
	);
	if (at.some(Number.isNaN))
		throw new Error("The sandbox page set no load-time marks: this checkout's sandbox predates them.");
	return { evaluate: at[1] - at[0], onload: at[2] - at[1], layoutReady: at[3] - at[2] };
}
