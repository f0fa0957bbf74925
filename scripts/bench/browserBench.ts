import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { Browser } from "playwright-core";
import { translateIn } from "../../src/i18n";
import { parseArgs, rejectUnknownOptions, UsageError } from "../lib/args";
import { launchChromium, missingChromium } from "../lib/chromium";
import { allCorpusDirs, hubVaultDir, requireCorpora } from "../lib/retrievalBench/corpus";
import { percentile } from "../lib/retrievalBench/statistics";
import { loadSourcePool, syntheticVault } from "../lib/retrievalBench/syntheticVault";
import { startBenchEmbeddingServer } from "./benchEmbeddingServer";
import { measureIndexing, type VaultRun } from "./browserIndexing";
import { measureMeaning, meaningProbe, meaningTable, writeMeaningSettings } from "./browserMeaning";
import {
	browserJson,
	browserTable,
	slowestReport,
	medianFigures,
	type BrowserBenchResult,
	type VaultFigures,
} from "./browserReport";
import type { SelfTime } from "./browserTrace";
import { mainJsFrameNamer } from "./mainJsFrames";
import { loadTimesOf, startSandbox } from "./sandboxPage";
import { probeScript } from "./tracedPage";

/**
 * `npm run bench:browser -- [--throttle N] [--vaults hub,20k] [--runs N] [--tasks] [--json]`: the plugin
 * as it ships (`main.js`, built by the sandbox as `npm start` builds it) in the sandbox, in
 * Debian's Chromium with the CPU slowed N times (4 by default: a phone) through the DevTools
 * protocol, in each vault: the longest main-thread task while the index builds, the chat
 * composer's typing latency meanwhile, layout-ready to the first search answer and to a
 * complete index, the longest task while the snapshot is saved to IndexedDB, the restore on a
 * reload, and the JS heap once indexed; then `main.js` evaluation + `onload`, unthrottled and
 * throttled. Each vault runs N times from a fresh browser profile (1 by default); the figures
 * are medians. The table (or `--json`, one object) goes to stdout, progress to stderr. Where a
 * long task misses its target, the functions that took its time (a CPU profile) follow; with
 * `--tasks`, each such task's own functions go to stderr as it is found, with the rendering steps
 * (style, layout, paint) that ran in it, to tell apart the tasks that the summary adds up.
 *
 * `npm run bench:browser -- --meaning [--throttle N]`: search by meaning instead, in the 20k
 * vault: its `data.json` turns it on with Ollama's API at a server of the bench's on 127.0.0.1
 * (instant, deterministic vectors of 384 dimensions; it lets the page's origin in as Ollama does
 * the origins of `OLLAMA_ORIGINS`). Once the keyword index is complete, every note is embedded
 * in the background while the "Search memory" modal is searched every 2 s: the longest task and
 * the count of tasks over 50 ms until the status bar says search by meaning is ready, how long
 * that took, the searches' answers meanwhile, the longest task while the vectors are saved, and
 * their restore on a reload; the functions that took the time of any task over 50 ms follow.
 *
 * This file reads the command line, prepares the vaults and the sandbox, and prints; the two
 * scenarios are `browserIndexing.ts` and `browserMeaning.ts`, each on a page `tracedPage.ts` opens.
 */

const VAULTS = ["hub", "20k"] as const;
type VaultName = (typeof VAULTS)[number];
const SYNTHETIC_NOTES = 20_000;
/** One seed: the same synthetic vault on every run. */
const SYNTHETIC_SEED = 20_000;
/** Page loads per load-time figure (after one to warm the browser's caches). */
const LOAD_RUNS = 10;
/** A vault of 20,000 notes loads, indexes and saves in minutes at 4×; anything longer is stuck. */
const STEP_TIMEOUT_MS = 15 * 60_000;

async function main(): Promise<void> {
	const args = parseArgs(["bench:browser", ...process.argv.slice(2)], ["json", "tasks", "meaning"]);
	rejectUnknownOptions(args, ["throttle", "vaults", "runs", "json", "tasks", "meaning"]);
	const throttle = Number(args.options.get("throttle") ?? 4);
	if (!(throttle >= 1)) throw new UsageError("--throttle needs a slowdown factor of 1 or more.");
	const runs = Number(args.options.get("runs") ?? 1);
	if (!Number.isInteger(runs) || runs < 1) throw new UsageError("--runs needs a whole number of runs.");
	const vaults = (args.options.get("vaults") ?? VAULTS.join(",")).split(",");
	const unknown = vaults.filter((vault) => !(VAULTS as readonly string[]).includes(vault));
	if (unknown.length > 0 || vaults.length === 0)
		throw new UsageError(`--vaults takes a comma-separated list of ${VAULTS.join(", ")}.`);
	const missing = missingChromium();
	if (missing !== null) throw new UsageError(missing);
	requireCorpora(vaults.includes("20k") ? allCorpusDirs() : [hubVaultDir()]);

	const repo = join(__dirname, "..", "..");
	if (args.flags.has("meaning")) {
		if (args.options.has("vaults") || args.options.has("runs") || args.flags.has("json") || args.flags.has("tasks"))
			throw new UsageError("--meaning runs once, in the 20k vault, and prints a table: it takes only --throttle.");
		requireCorpora(allCorpusDirs());
		return benchMeaning(repo, throttle);
	}
	const probe = await probeScript();
	const browser = await launchChromium();
	try {
		const figures: Record<string, VaultFigures> = {};
		const slowest: Record<string, readonly SelfTime[]> = {};
		for (const vault of vaults as VaultName[]) {
			const folder = vaultFolder(vault);
			try {
				progress(`${vault}: starting the sandbox on ${folder.dir}`);
				const sandbox = await startSandbox(repo, ["--vault", folder.dir]);
				try {
					// The sandbox has just built main.js: the same build with a source map names its minified functions.
					const nameOf = await mainJsFrameNamer(repo, progress);
					const measured: VaultRun[] = [];
					for (let run = 1; run <= runs; run++) {
						progress(`${vault}: run ${run} of ${runs}`);
						measured.push(
							await measureIndexing(browser, sandbox.url, {
								probe,
								throttle,
								vault,
								stepTimeoutMs: STEP_TIMEOUT_MS,
								nameOf,
								eachTask: args.flags.has("tasks"),
								progress,
							}),
						);
					}
					figures[vault] = medianFigures(measured.map((run) => run.figures));
					// The profile of the last run: the functions, not their exact share, are the news.
					slowest[vault] = measured[measured.length - 1].slowest;
				} finally {
					sandbox.stop();
				}
			} finally {
				folder.remove();
			}
		}
		progress(
			`load time: the example vault, ${LOAD_RUNS} page loads unthrottled and ${LOAD_RUNS} throttled, alternated`,
		);
		const sandbox = await startSandbox(repo);
		let loads: { loadMs: number; loadThrottledMs: number };
		try {
			loads = await loadTimes(browser, sandbox.url, throttle);
		} finally {
			sandbox.stop();
		}
		const result: BrowserBenchResult = { throttle, vaults: figures, ...loads };
		const notes = slowestReport(slowest);
		if (args.flags.has("json")) {
			process.stdout.write(`${browserJson(result)}\n`);
			if (notes !== "") progress(notes);
		} else process.stdout.write(`${browserTable(result)}\n${notes === "" ? "" : `\n${notes}\n`}`);
	} finally {
		await browser.close();
	}
}

/**
 * The search-by-meaning scenario (`browserMeaning.ts`) in the 20k vault, its `data.json` pointing
 * search by meaning at the bench's embedding server; its table to stdout.
 */
async function benchMeaning(repo: string, throttle: number): Promise<void> {
	const server = await startBenchEmbeddingServer();
	const folder = vaultFolder("20k");
	const browser = await launchChromium();
	try {
		writeMeaningSettings(folder.dir, server.baseURL);
		const probe = await probeScript(meaningProbe(translateIn("en", "meaning.state.ready", { chunks: "{chunks}" })));
		progress(`meaning: starting the sandbox on ${folder.dir}, the embedding server at ${server.baseURL}`);
		const sandbox = await startSandbox(repo, ["--vault", folder.dir]);
		try {
			server.allowOrigin(new URL(sandbox.url).origin);
			const nameOf = await mainJsFrameNamer(repo, progress);
			const run = await measureMeaning(browser, sandbox.url, {
				probe,
				throttle,
				stepTimeoutMs: STEP_TIMEOUT_MS,
				nameOf,
				progress,
			});
			process.stdout.write(`${meaningTable(throttle, "20k", run, SYNTHETIC_NOTES, server.texts())}\n`);
		} finally {
			sandbox.stop();
		}
	} finally {
		await browser.close();
		await server.close();
		folder.remove();
	}
}

/** The vault's folder: the hub as it is (the sandbox works on a copy), the synthetic one written to a temporary folder. */
function vaultFolder(vault: VaultName): { readonly dir: string; remove(): void } {
	if (vault === "hub") return { dir: hubVaultDir(), remove: () => undefined };
	progress(`20k: writing ${SYNTHETIC_NOTES} synthetic notes`);
	const dir = mkdtempSync(join(tmpdir(), "assistant-workspace-bench-"));
	for (const file of syntheticVault(loadSourcePool(), SYNTHETIC_NOTES, SYNTHETIC_SEED)) {
		const path = join(dir, file.path);
		mkdirSync(dirname(path), { recursive: true });
		writeFileSync(path, file.content);
	}
	return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * `main.js` evaluation + `onload`, unthrottled and at this slowdown: the median of `LOAD_RUNS`
 * page loads each, alternated so that both see the same machine, after one of each unmeasured.
 */
async function loadTimes(
	browser: Browser,
	url: string,
	throttle: number,
): Promise<{ loadMs: number; loadThrottledMs: number }> {
	const times = { loadMs: [] as number[], loadThrottledMs: [] as number[] };
	for (let run = 0; run <= LOAD_RUNS; run++) {
		for (const [figure, rate] of [
			["loadMs", 1],
			["loadThrottledMs", throttle],
		] as const) {
			const context = await browser.newContext();
			try {
				const page = await context.newPage();
				await (await context.newCDPSession(page)).send("Emulation.setCPUThrottlingRate", { rate });
				const { evaluate, onload } = await loadTimesOf(page, url);
				if (run > 0) times[figure].push(evaluate + onload);
			} finally {
				await context.close();
			}
		}
	}
	return { loadMs: percentile(times.loadMs, 50), loadThrottledMs: percentile(times.loadThrottledMs, 50) };
}

function progress(message: string): void {
	process.stderr.write(`${message}\n`);
}

main().catch((error: unknown) => {
	process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
	process.exitCode = 1;
});
