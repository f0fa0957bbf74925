import { spawnSync } from "node:child_process";
import { join, resolve } from "node:path";

// Each case starts a runner in a process of its own, as `npm run eval` and `npm run bench` do.
jest.setTimeout(60_000);

const ROOT = resolve(__dirname, "..", "..");
const TSX = join(ROOT, "node_modules", ".bin", "tsx");

function runWithoutCorpora(script: string): { code: number | null; stdout: string; stderr: string } {
	const run = spawnSync(TSX, [join(ROOT, "scripts", script)], {
		encoding: "utf8",
		cwd: ROOT,
		env: { ...process.env, CORPORA_DIR: "/nonexistent/corpora" },
	});
	return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe("the evaluation and the benchmarks without the public vaults", () => {
	it.each([
		["eval/run.ts", ["obsidian-help/en", "obsidian-help/zh", "obsidian-help/ja"]],
		["bench/run.ts", ["obsidian-hub", "obsidian-help/en", "obsidian-help/zh", "obsidian-help/ja"]],
	])("%s names what is missing and the command that fetches it, and fails", (script, missing) => {
		const run = runWithoutCorpora(script);
		expect(run.code).toBe(1);
		expect(run.stdout).toBe("");
		expect(run.stderr).toContain("The public vaults this run reads are not in /nonexistent/corpora:\n");
		for (const vault of missing) expect(run.stderr).toContain(`  missing /nonexistent/corpora/${vault}\n`);
		expect(run.stderr).toContain("  CORPORA_DIR=/nonexistent/corpora bash scripts/fetchCorpora.sh\n");
		expect(run.stderr).not.toMatch(/ENOENT|    at /);
	});
});
