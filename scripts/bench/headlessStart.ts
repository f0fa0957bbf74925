import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { openHeadlessWorkspace } from "../../headless/host/headlessWorkspace";
import { openHeadlessMemory } from "../../headless/host/headlessMemory";
import { indexCacheFor } from "../../headless/host/indexCache";
import { hubVaultDir } from "../lib/retrievalBench/corpus";

/**
 * `npx tsx scripts/bench/headlessStart.ts [--vault DIR] [--runs N]`: how long the headless host
 * (the MCP server, the command line) takes to open a vault's memory, the hub vault by default:
 * from nothing (no saved index), then from the index saved per device, each in a new process
 * (as a start is) and the median of N runs (5 by default). The saved index lives in a temporary
 * cache folder, removed afterwards.
 */
async function main(argv: readonly string[]): Promise<void> {
	if (argv[0] === "--once") {
		const started = performance.now();
		const headless = await openHeadlessWorkspace(argv[1]);
		const memory = await openHeadlessMemory(headless, indexCacheFor(argv[1]));
		const openMs = performance.now() - started;
		process.stdout.write(JSON.stringify({ openMs, restored: memory.restored, notes: memory.index.stats().notes }));
		memory.close();
		return;
	}
	const option = (name: string) => {
		const at = argv.indexOf(`--${name}`);
		return at < 0 ? undefined : argv[at + 1];
	};
	const vault = option("vault") ?? hubVaultDir();
	const runs = Number(option("runs") ?? 5);
	const cacheDir = mkdtempSync(join(tmpdir(), "aw-cache-"));
	const once = (keep: boolean) => {
		if (!keep) rmSync(cacheDir, { recursive: true, force: true });
		const output = execFileSync(process.execPath, [...process.execArgv, __filename, "--once", vault], {
			env: { ...process.env, AW_CACHE_DIR: cacheDir },
			encoding: "utf8",
		});
		return JSON.parse(output) as { openMs: number; restored: boolean; notes: number };
	};
	try {
		const cold = Array.from({ length: runs }, () => once(false));
		const warm = Array.from({ length: runs }, () => once(true));
		const median = (results: readonly { openMs: number }[]) =>
			[...results.map((result) => result.openMs)].sort((a, b) => a - b)[Math.floor(results.length / 2)];
		if (cold.some((result) => result.restored) || warm.some((result) => !result.restored))
			throw new Error("a start did not use the saved index as expected");
		process.stdout.write(
			`${vault}: ${cold[0].notes} notes; memory opened in ${median(cold).toFixed(0)} ms without a saved index, ` +
				`${median(warm).toFixed(0)} ms from it (median of ${runs} starts each)\n`,
		);
	} finally {
		rmSync(cacheDir, { recursive: true, force: true });
	}
}

main(process.argv.slice(2)).catch((error: unknown) => {
	process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
	process.exit(1);
});
