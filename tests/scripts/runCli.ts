import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const ROOT = resolve(__dirname, "..", "..");
const TSX = join(ROOT, "node_modules", ".bin", "tsx");

export interface CliRun {
	readonly code: number | null;
	readonly stdout: string;
	readonly stderr: string;
}

/** Runs `npm run -s cli -- <args>` the way a user would, without npm's own start-up cost. */
export function runCli(...args: string[]): CliRun {
	return runCliWith({}, ...args);
}

/** `runCli` with `env` added to the environment (`ANTHROPIC_API_KEY`). */
export function runCliWith(env: Readonly<Record<string, string>>, ...args: string[]): CliRun {
	const run = spawnSync(TSX, [join(ROOT, "scripts", "cli.ts"), ...args], {
		encoding: "utf8",
		cwd: ROOT,
		env: { ...process.env, TZ: "UTC", ...env },
	});
	return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

export interface SpawnedRun extends CliRun {
	/** Each piece of stdout as it arrived, with the time it arrived (ms since the start). */
	readonly chunks: readonly { readonly at: number; readonly text: string }[];
}

/**
 * Runs `npm run -s cli -- <args>` without blocking this process, so that a fake server in it can
 * answer. Never with the caller's Anthropic key or host: only `env` decides.
 */
export function spawnCli(args: readonly string[], env: Record<string, string> = {}): Promise<SpawnedRun> {
	const { ANTHROPIC_API_KEY: _key, ANTHROPIC_BASE_URL: _host, ...inherited } = process.env;
	const started = Date.now();
	const child = spawn(TSX, [join(ROOT, "scripts", "cli.ts"), ...args], {
		cwd: ROOT,
		env: { ...inherited, TZ: "UTC", ...env },
	});
	const chunks: { at: number; text: string }[] = [];
	let stderr = "";
	child.stdout.setEncoding("utf8").on("data", (text: string) => chunks.push({ at: Date.now() - started, text }));
	child.stderr.setEncoding("utf8").on("data", (text: string) => (stderr += text));
	return new Promise((resolvePromise, reject) => {
		child.on("error", reject);
		child.on("close", (code) =>
			resolvePromise({ code, stdout: chunks.map((chunk) => chunk.text).join(""), stderr, chunks }),
		);
	});
}

export interface ListedRun extends SpawnedRun {
	/** Every network connection the run opened, as `host:port`, in order. */
	readonly connections: readonly string[];
}

/** `spawnCli`, listing every network connection the command line opened, whoever asked for it. */
export async function spawnCliListingConnections(
	args: readonly string[],
	env: Record<string, string> = {},
): Promise<ListedRun> {
	const file = join(mkdtempSync(join(tmpdir(), "aw-connections-")), "connections.txt");
	const preload = `--require "${join(__dirname, "recordConnections.cjs")}"`;
	const run = await spawnCli(args, {
		...env,
		NODE_OPTIONS: [process.env.NODE_OPTIONS, preload].filter((part) => part !== undefined && part !== "").join(" "),
		AW_TEST_CONNECTIONS_FILE: file,
	});
	const connections = existsSync(file)
		? readFileSync(file, "utf8")
				.split("\n")
				.filter((line) => line !== "")
		: [];
	return { ...run, connections };
}

/** A fresh copy of the bundled example vault, so a test can write to it. */
export function copyOfExampleVault(): string {
	const dir = mkdtempSync(join(tmpdir(), "aw-cli-"));
	cpSync(join(ROOT, "examples", "vault"), dir, { recursive: true });
	return dir;
}

export const EXAMPLE_VAULT = join(ROOT, "examples", "vault");
