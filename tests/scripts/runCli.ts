import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync } from "node:fs";
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
	const run = spawnSync(TSX, [join(ROOT, "scripts", "cli.ts"), ...args], { encoding: "utf8", cwd: ROOT, env: { ...process.env, TZ: "UTC", ...env } });
	return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** A fresh copy of the bundled example vault, so a test can write to it. */
export function copyOfExampleVault(): string {
	const dir = mkdtempSync(join(tmpdir(), "aw-cli-"));
	cpSync(join(ROOT, "examples", "vault"), dir, { recursive: true });
	return dir;
}

export const EXAMPLE_VAULT = join(ROOT, "examples", "vault");
