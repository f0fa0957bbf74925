import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { build } from "esbuild";
import type { Browser, CDPSession, Page } from "playwright-core";
import { translateIn } from "../../src/i18n";
import { parseArgs, rejectUnknownOptions, UsageError } from "../lib/args";
import { launchChromium, missingChromium } from "../lib/chromium";
import { allCorpusDirs, hubVaultDir, requireCorpora } from "../lib/retrievalBench/corpus";
import { percentile } from "../lib/retrievalBench/statistics";
import { loadSourcePool, syntheticVault } from "../lib/retrievalBench/syntheticVault";
import type { ProbeConfig } from "./browserProbe";
import { markAt, probeState, waitForProbe } from "./probePage";
import { startBenchEmbeddingServer } from "./benchEmbeddingServer";
import { measureMeaning, meaningProbe, meaningTable, writeMeaningSettings } from "./browserMeaning";
import {
	browserJson,
	browserTable,
	longestTaskIn,
	slowestReport,
	medianFigures,
	TARGETS,
	type BrowserBenchResult,
	type VaultFigures,
} from "./browserReport";
import {
	frameName,
	pageTasks,
	renderingIn,
	selfTimeIn,
	sourcePlaces,
	type CpuProfile,
	type PageTask,
	type SelfTime,
	type SourceMap,
	type TraceEvent,
} from "./browserTrace";
import { pluginBuildOptions } from "../build/pluginBuild.mjs";
import { loadTimesOf, startSandbox, waitUntilReady } from "./sandboxPage";

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
 */

const VAULTS = ["hub", "20k"] as const;
type VaultName = (typeof VAULTS)[number];
const SYNTHETIC_NOTES = 20_000;
/** One seed: the same synthetic vault on every run. */
const SYNTHETIC_SEED = 20_000;
/** Page loads per load-time figure (after one to warm the browser's caches). */
const LOAD_RUNS = 10;
const PROBE: Omit<ProbeConfig, "completeText"> = {
	query: "plugin",
	noMatch: "qqzzxxjj",
	pollMs: 25,
	typingTarget: ".assistant-chat-input",
};
/** Time between two keys typed in the chat composer: a quick typist. */
const KEY_INTERVAL_MS = 100;
const TYPED = "the quick brown fox jumps over the lazy dog ";
/** A vault of 20,000 notes loads, indexes and saves in minutes at 4×; anything longer is stuck. */
const STEP_TIMEOUT_MS = 15 * 60_000;
/** Functions listed for the long tasks of a vault. */
const SLOWEST_SHOWN = 12;

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
					const nameOf = await mainJsFrameNamer(repo);
					const measured: VaultRun[] = [];
					for (let run = 1; run <= runs; run++) {
						progress(`${vault}: run ${run} of ${runs}`);
						measured.push(
							await measureVault(browser, sandbox.url, {
								probe,
								throttle,
								vault,
								nameOf,
								eachTask: args.flags.has("tasks"),
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
			const nameOf = await mainJsFrameNamer(repo);
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

/** The probe the page runs before its own scripts, with its settings. */
async function probeScript(meaning?: ProbeConfig["meaning"]): Promise<string> {
	const bundled = await build({
		entryPoints: [join(__dirname, "browserProbe.ts")],
		bundle: true,
		format: "iife",
		platform: "browser",
		target: "es2021",
		write: false,
		logLevel: "warning",
	});
	const config: ProbeConfig = {
		...PROBE,
		completeText: translateIn("en", "search.no-results"),
		...(meaning === undefined ? {} : { meaning }),
	};
	return `window.browserBenchConfig = ${JSON.stringify(config)};\n${bundled.outputFiles[0].text}`;
}

/** The sandbox runs main.js as a `new Function` body, to whose source V8 adds two lines before it (the header). */
const FUNCTION_HEADER_LINES = 2;

type FrameNamer = (frame: CpuProfile["nodes"][number]["callFrame"]) => string;

/**
 * Names profile frames of `main.js` by the source they were built from (its file, line and
 * original name), others as DevTools does. `main.js` ships minified and without a source map,
 * so its build is repeated with one; if that build is not byte for byte the served `main.js`,
 * the frames keep their minified names.
 */
async function mainJsFrameNamer(repo: string): Promise<FrameNamer> {
	const output = await build({
		...pluginBuildOptions({ production: true }),
		absWorkingDir: repo,
		sourcemap: "external",
		write: false,
		logLevel: "warning",
	});
	const code = output.outputFiles.find((file) => file.path.endsWith(".js"))?.text ?? "";
	const map = output.outputFiles.find((file) => file.path.endsWith(".js.map"))?.text;
	const shipped = readFileSync(join(repo, "main.js"), "utf8");
	if (map === undefined || code.replace(/\n\/\/# sourceMappingURL=.*\n?$/, "\n") !== shipped) {
		progress(
			"The profile names main.js's functions as minified: its build with a source map differs from the one served.",
		);
		return frameName;
	}
	const placeOf = sourcePlaces(JSON.parse(map) as SourceMap);
	return (frame) => {
		const place = frame.url.endsWith("/main.js")
			? placeOf(frame.lineNumber - FUNCTION_HEADER_LINES, frame.columnNumber)
			: null;
		if (place === null) return frameName(frame);
		return `${place.name ?? (frame.functionName || "(anonymous)")} ${place.source.replace(/^(\.\.\/)+/, "")}:${place.line}`;
	};
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

/** One run in a vault: its figures, and where the time of its long tasks went. */
interface VaultRun {
	readonly figures: VaultFigures;
	/** The functions that took the time of the tasks over the target while indexing and saving, most first. */
	readonly slowest: readonly SelfTime[];
}

interface MeasureSetup {
	readonly probe: string;
	readonly throttle: number;
	readonly vault: VaultName;
	readonly nameOf: FrameNamer;
	/** Whether each long task's functions are printed on their own. */
	readonly eachTask: boolean;
}

/**
 * One run in a vault, in a fresh browser profile (no saved index), traced: the page loaded, the
 * index built while the chat composer is typed in and searches run, then saved (the CPU
 * profiled until then); then the page reloaded and the index restored.
 */
async function measureVault(
	browser: Browser,
	url: string,
	{ probe, throttle, vault, nameOf, eachTask }: MeasureSetup,
): Promise<VaultRun> {
	const context = await browser.newContext();
	try {
		const page = await context.newPage();
		await page.addInitScript({ content: probe });
		const cdp = await context.newCDPSession(page);
		await cdp.send("Emulation.setCPUThrottlingRate", { rate: throttle });
		// The rendering steps of each long task, when they are listed, come from "devtools.timeline".
		const categories = ["toplevel", "blink.user_timing", ...(eachTask ? ["devtools.timeline"] : [])];
		await browser.startTracing(page, { categories });
		await cdp.send("Profiler.enable");
		await cdp.send("Profiler.start");
		await page.goto(url);
		await waitUntilReady(page, STEP_TIMEOUT_MS);
		const layoutReady = await markAt(page, "layout-ready");
		progress(`${vault}: indexing, typing in the chat meanwhile`);
		const keyLatencies = await typeUntilIndexed(page);
		const built = await probeState(page);
		if (built.firstAnswerAt === null || built.completeAt === null)
			throw new Error(`A search for "${PROBE.query}" found nothing in the ${vault} vault.`);
		progress(`${vault}: saving the index`);
		const save = await waitForMeasure(page, "index-save");
		const saved = save.startTime + save.duration;
		const { profile } = await cdp.send("Profiler.stop");
		const heapMB = await heapAfterGarbageCollection(cdp);
		progress(`${vault}: reloading, restoring the index`);
		if (eachTask) await cdp.send("Profiler.start");
		await page.reload();
		await waitUntilReady(page, STEP_TIMEOUT_MS);
		const restored = await waitForProbe(
			page,
			(state) => state.completeAt !== null,
			"The index's restore",
			STEP_TIMEOUT_MS,
		);
		const reloadReady = await markAt(page, "layout-ready");
		const restoredAt = restored.completeAt ?? Number.NaN;
		const reloadProfile = eachTask ? ((await cdp.send("Profiler.stop")).profile as CpuProfile) : null;
		const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
		const tasks = pageTasks(events, "layout-ready", 0, layoutReady);
		const reloadTasks = pageTasks(events, "layout-ready", 1, reloadReady);
		const slow = tasks.filter(
			(task) => task.start >= layoutReady && task.start < saved && task.duration > TARGETS.longestTaskMs,
		);
		const windowOf = (task: (typeof slow)[number]): [number, number] => [
			task.traceStart,
			task.traceStart + task.duration * 1000,
		];
		const printTasks = (what: string, from: PageTask[], at: number, taskProfile: CpuProfile) => {
			for (const task of from) {
				const after = (task.start - at).toFixed(0);
				progress(`${vault}: ${what}, a task of ${task.duration.toFixed(1)} ms, ${after} ms after layout-ready:`);
				for (const { fn, ms } of selfTimeIn(taskProfile, [windowOf(task)], SLOWEST_SHOWN, nameOf))
					progress(`    ${ms.toFixed(1)} ms  ${fn}`);
				const rendering = renderingIn(events, task);
				if (rendering.length > 0)
					progress(`    of which rendering: ${rendering.map(({ fn, ms }) => `${fn} ${ms.toFixed(1)} ms`).join(", ")}`);
			}
		};
		if (eachTask) {
			printTasks("indexing and saving", slow, layoutReady, profile as CpuProfile);
			const slowRestore = reloadTasks.filter(
				(task) => task.start >= reloadReady && task.start < restoredAt && task.duration > TARGETS.longestTaskMs,
			);
			if (reloadProfile !== null) printTasks("restoring", slowRestore, reloadReady, reloadProfile);
		}
		return {
			figures: {
				longestTaskMs: longestTaskIn(tasks, layoutReady, built.completeAt),
				typingP95Ms: percentile(keyLatencies, 95),
				firstSearchMs: built.firstAnswerAt - layoutReady,
				indexedMs: built.completeAt - layoutReady,
				saveLongestTaskMs: longestTaskIn(tasks, built.completeAt, saved),
				restoreMs: restoredAt - reloadReady,
				restoreLongestTaskMs: longestTaskIn(reloadTasks, reloadReady, restoredAt),
				heapMB,
			},
			slowest: selfTimeIn(profile as CpuProfile, slow.map(windowOf), SLOWEST_SHOWN, nameOf),
		};
	} finally {
		await context.close();
	}
}

/** Types in the chat composer, a key every `KEY_INTERVAL_MS`, until the index is complete; each key's latency. */
async function typeUntilIndexed(page: Page): Promise<number[]> {
	// Opened and focused by the page's own DOM calls: Playwright's selector engine would walk the
	// whole page in the middle of the tasks being measured.
	await page.evaluate(async (composer) => {
		const { sandbox } = window as unknown as { sandbox: { plugin: { commands: { id: string; callback(): void }[] } } };
		sandbox.plugin.commands.find((command) => command.id.endsWith(":open-chat"))?.callback();
		for (;;) {
			const input = document.querySelector<HTMLElement>(composer);
			if (input !== null) return input.focus();
			await new Promise((resolve) => setTimeout(resolve, 10));
		}
	}, PROBE.typingTarget);
	const deadline = Date.now() + STEP_TIMEOUT_MS;
	for (let typed = 0; (await probeState(page)).completeAt === null; typed++) {
		if (Date.now() > deadline) throw new Error("The index was not complete in time.");
		await page.keyboard.press(TYPED[typed % TYPED.length]);
		await new Promise((resolve) => setTimeout(resolve, KEY_INTERVAL_MS));
	}
	return (await probeState(page)).keyLatencies;
}

/** The first `performance.measure` of that name, once the page has made it. */
async function waitForMeasure(page: Page, name: string): Promise<{ startTime: number; duration: number }> {
	const handle = await page.waitForFunction(
		(measure) => {
			const entry = performance.getEntriesByName(measure, "measure")[0];
			return entry === undefined ? null : { startTime: entry.startTime, duration: entry.duration };
		},
		name,
		{ timeout: STEP_TIMEOUT_MS, polling: 100 },
	);
	return (await handle.jsonValue()) as { startTime: number; duration: number };
}

/** The page's JS heap in use once garbage is collected, in MB. */
async function heapAfterGarbageCollection(cdp: CDPSession): Promise<number> {
	await cdp.send("HeapProfiler.collectGarbage");
	const { usedSize } = await cdp.send("Runtime.getHeapUsage");
	return usedSize / 1024 / 1024;
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
