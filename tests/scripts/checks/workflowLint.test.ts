import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

// Each case starts the WebAssembly linter in a process of its own, as CI does.
jest.setTimeout(60_000);

const ROOT = resolve(__dirname, "..", "..", "..");
const TSX = join(ROOT, "node_modules", ".bin", "tsx");

function lintFolder(dir?: string): { code: number | null; stdout: string; stderr: string } {
	const run = spawnSync(TSX, [join(ROOT, "scripts", "checks", "workflows.ts"), ...(dir === undefined ? [] : [dir])], {
		encoding: "utf8",
		cwd: ROOT,
	});
	return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

let dir: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), "aw-workflows-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function releaseWorkflowWith(replace: string, by: string): string {
	const text = readFileSync(join(ROOT, ".github", "workflows", "release.yml"), "utf8");
	expect(text).toContain(replace);
	return text.replace(replace, by);
}

describe("the workflow lint", () => {
	it("passes the repository's own workflows", () => {
		const run = lintFolder();
		expect(run.stderr).toBe("");
		expect(run.stdout).toBe("2 workflow files, no findings\n");
		expect(run.code).toBe(0);
	});

	it("fails on an expression that reads an undefined context, and says where", () => {
		writeFileSync(join(dir, "release.yml"), releaseWorkflowWith("${{ github.ref_name }}", "${{ git.ref_name }}"));
		const run = lintFolder(dir);
		expect(run.code).toBe(1);
		expect(run.stderr).toMatch(/release\.yml:\d+:\d+: undefined variable "git"\. .*\[expression\]\n/);
	});

	it("accepts the attestations permission but reports a misspelt one", () => {
		writeFileSync(join(dir, "release.yml"), releaseWorkflowWith("attestations: write", "attestation: write"));
		const run = lintFolder(dir);
		expect(run.code).toBe(1);
		expect(run.stderr).toMatch(/unknown permission scope "attestation"\. .*\[permissions\]\n/);
	});

	it("lints .yaml files too, and refuses a folder with no workflow at all", () => {
		writeFileSync(join(dir, "ci.yaml"), "on: push\njobs:\n  ci:\n    steps:\n      - run: true\n");
		expect(lintFolder(dir).stderr).toMatch(/ci\.yaml:\d+:\d+: "runs-on" section is missing/);
		rmSync(join(dir, "ci.yaml"));
		expect(lintFolder(dir)).toMatchObject({ code: 1, stderr: "no workflow files found\n" });
	});
});
