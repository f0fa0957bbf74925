import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import * as nodePath from "node:path";
import { buildSync } from "esbuild";
import { CORPORA_DIR } from "../lib/retrievalBench/corpus";
import { SQLITE_WASM_ENTRY_VARIABLE } from "../lib/retrievalBench/engines/sqliteRuntime";
import type { EngineName } from "../lib/retrievalBench/engines/searchEngine";
import type { VaultSize } from "./benchVaults";
import type { EngineRun } from "./measureEngine";

/** What `measureOne` prints. */
export interface MeasuredRun {
	readonly notes: number;
	readonly run: EngineRun;
}

/** The cost of a turn: from the user's message to the request leaving, in milliseconds. */
export interface TurnRun {
	/** The median. */
	readonly prepareMs: number;
	readonly p95Ms: number;
	readonly turns: number;
}

/** What `measureTurn` prints. */
export interface MeasuredTurn {
	readonly notes: number;
	readonly turn: TurnRun;
}

/**
 * Runs each measurement in a fresh node process, from a bundle of `measureOne.ts` (an engine)
 * or `measureTurn.ts` (the cost of a chat turn):
 * - bundled by esbuild as the plugin is: run through tsx, each module is transformed on its own
 *   and every imported constant is read through a getter (CommonJS interop), which doubles our
 *   index's build time: the benchmark would measure the loader, not the engine;
 * - a process per engine and vault: in one process, the tokenizer and chunker that all engines
 *   share are compiled for all their callers (polymorphic call sites), and one engine's garbage
 *   is the next one's GC pauses; measured alone, each runs as it would in the plugin;
 * - with the garbage collector exposed (heap figures) and room for the 50k-note vaults.
 */
export class IsolatedRunner {
	private readonly folder = mkdtempSync(nodePath.join(tmpdir(), "bench-"));

	constructor() {
		buildSync({
			entryPoints: ["measureOne.ts", "measureTurn.ts"].map((entry) => nodePath.join(__dirname, entry)),
			bundle: true,
			platform: "node",
			format: "cjs",
			target: "es2021",
			outdir: this.folder,
			outExtension: { ".js": ".cjs" },
			logLevel: "warning",
			// An ES module that loads its WebAssembly from beside itself: imported at run time, from the repository.
			external: ["@sqlite.org/sqlite-wasm"],
		});
	}

	measure(size: VaultSize, engine: EngineName): MeasuredRun {
		return this.run<MeasuredRun>("measureOne", [size, engine], `measuring ${engine} at ${size}`);
	}

	measureTurn(size: VaultSize): MeasuredTurn {
		return this.run<MeasuredTurn>("measureTurn", [size], `measuring a turn at ${size}`);
	}

	private run<T>(entry: string, args: readonly string[], what: string): T {
		const bundle = nodePath.join(this.folder, `${entry}.cjs`);
		const child = spawnSync(process.execPath, ["--expose-gc", "--max-old-space-size=8192", bundle, ...args], {
			stdio: ["ignore", "pipe", "inherit"],
			encoding: "utf8",
			maxBuffer: 16 * 1024 * 1024,
			// Resolved here, from this file's place in the repository: the bundle runs from a temporary folder.
			env: { ...process.env, CORPORA_DIR, [SQLITE_WASM_ENTRY_VARIABLE]: require.resolve("@sqlite.org/sqlite-wasm") },
		});
		if (child.status !== 0) throw new Error(`${what} failed (exit ${child.status ?? child.signal})`);
		return JSON.parse(child.stdout) as T;
	}

	dispose(): void {
		rmSync(this.folder, { recursive: true, force: true });
	}
}
