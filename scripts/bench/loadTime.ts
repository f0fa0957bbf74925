import { spawn, type ChildProcess } from "node:child_process";
import { join, resolve } from "node:path";
import type { Browser } from "playwright-core";
import { parseArgs, rejectUnknownOptions, UsageError } from "../lib/args";
import { launchChromium, missingChromium } from "../lib/chromium";

/**
 * `npm run bench:load -- [--runs N] [--repo DIR]`: how long the plugin takes to load, in Debian's
 * Chromium through the sandbox (`npm start`): evaluating `main.js`, then `onload` up to
 * layout-ready, then what runs at layout-ready, each the median of N page loads (15 by default).
 * The sandbox page marks these moments with `performance.mark`. `--repo` measures another
 * checkout of the plugin (with the same marks), to compare a change with what came before it.
 */

const MARKS = ["plugin-evaluate", "plugin-evaluated", "plugin-loaded", "layout-ready"] as const;

interface LoadTimes {
	readonly evaluate: number;
	readonly onload: number;
	readonly layoutReady: number;
}

async function main(): Promise<void> {
	const args = parseArgs(["bench:load", ...process.argv.slice(2)]);
	rejectUnknownOptions(args, ["runs", "repo"]);
	const runs = Number(args.options.get("runs") ?? 15);
	if (!Number.isInteger(runs) || runs < 1) throw new UsageError("--runs needs a whole number of page loads.");
	const repo = resolve(args.options.get("repo") ?? join(__dirname, "..", ".."));
	const missing = missingChromium();
	if (missing !== null) throw new UsageError(missing);
	const sandbox = await startSandbox(repo);
	const browser = await launchChromium();
	try {
		const times: LoadTimes[] = [];
		// One load first, unmeasured: the browser's own caches and compilation warm up.
		for (let run = 0; run <= runs; run++) {
			const measured = await loadOnce(browser, sandbox.url);
			if (run > 0) times.push(measured);
		}
		const median = (pick: (times: LoadTimes) => number) => {
			const sorted = times.map(pick).sort((a, b) => a - b);
			return sorted[Math.floor(sorted.length / 2)];
		};
		const [evaluate, onload, layoutReady] = [
			median((t) => t.evaluate),
			median((t) => t.onload),
			median((t) => t.layoutReady),
		];
		console.log(`main.js load in Chromium, median of ${runs} page loads (${repo}):`);
		console.log(`  evaluate main.js            ${evaluate.toFixed(1)} ms`);
		console.log(`  onload up to layout-ready   ${onload.toFixed(1)} ms`);
		console.log(`  evaluate + onload           ${median((t) => t.evaluate + t.onload).toFixed(1)} ms`);
		console.log(`  at layout-ready             ${layoutReady.toFixed(1)} ms`);
	} finally {
		await browser.close();
		sandbox.stop();
	}
}

async function loadOnce(browser: Browser, url: string): Promise<LoadTimes> {
	const page = await browser.newPage();
	try {
		await page.goto(url);
		await page.waitForSelector('body[data-sandbox="ready"]', { timeout: 60_000 });
		const at = await page.evaluate(
			(names) => names.map((name) => performance.getEntriesByName(name, "mark")[0]?.startTime ?? Number.NaN),
			[...MARKS],
		);
		if (at.some(Number.isNaN))
			throw new Error("The sandbox page set no load-time marks: this checkout's sandbox predates them.");
		return { evaluate: at[1] - at[0], onload: at[2] - at[1], layoutReady: at[3] - at[2] };
	} finally {
		await page.close();
	}
}

/** `npm start` in `repo`: the plugin built as it ships, in the sandbox on a free port of 127.0.0.1. */
function startSandbox(repo: string): Promise<{ readonly url: string; stop(): void }> {
	const child: ChildProcess = spawn(
		process.execPath,
		[join(repo, "node_modules", "tsx", "dist", "cli.mjs"), "scripts/start.ts"],
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

main().catch((error: unknown) => {
	console.error(error instanceof UsageError ? error.message : error);
	process.exitCode = 1;
});
