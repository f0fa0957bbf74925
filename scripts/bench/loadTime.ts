import { join, resolve } from "node:path";
import type { Browser } from "playwright-core";
import { parseArgs, rejectUnknownOptions, UsageError } from "../lib/args";
import { launchChromium, missingChromium } from "../lib/chromium";
import { loadTimesOf, startSandbox, type LoadTimes } from "./sandboxPage";

/**
 * `npm run bench:load -- [--runs N] [--repo DIR]`: how long the plugin takes to load, in Debian's
 * Chromium through the sandbox (`npm start`): evaluating `main.js`, then `onload` up to
 * layout-ready, then what runs at layout-ready, each the median of N page loads (15 by default).
 * The sandbox page marks these moments with `performance.mark`. `--repo` measures another
 * checkout of the plugin (with the same marks), to compare a change with what came before it.
 */

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
		return await loadTimesOf(page, url);
	} finally {
		await page.close();
	}
}

main().catch((error: unknown) => {
	console.error(error instanceof UsageError ? error.message : error);
	process.exitCode = 1;
});
