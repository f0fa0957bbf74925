import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

// npm and git start as processes of their own: a few seconds on a busy machine.
jest.setTimeout(60_000);

const ROOT = resolve(__dirname, "..", "..");
const GIT_USER = {
	GIT_AUTHOR_NAME: "Test",
	GIT_AUTHOR_EMAIL: "test@example.invalid",
	GIT_COMMITTER_NAME: "Test",
	GIT_COMMITTER_EMAIL: "test@example.invalid",
};

function run(
	cwd: string,
	command: string,
	args: readonly string[],
	env: Record<string, string> = {},
): { code: number | null; stdout: string; stderr: string } {
	const { npm_package_version: _inherited, ...inherited } = process.env;
	const result = spawnSync(command, args, { cwd, encoding: "utf8", env: { ...inherited, ...GIT_USER, ...env } });
	return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function json(dir: string, name: string): Record<string, unknown> {
	return JSON.parse(readFileSync(join(dir, name), "utf8")) as Record<string, unknown>;
}

/** A git repository holding this one's release files, as a maintainer's clone would before a release. */
let repo: string;
beforeEach(() => {
	repo = mkdtempSync(join(tmpdir(), "aw-version-"));
	for (const name of ["package.json", "manifest.json", "versions.json", ".npmrc"])
		cpSync(join(ROOT, name), join(repo, name));
	mkdirSync(join(repo, "scripts"));
	cpSync(join(ROOT, "scripts", "versionBump.mjs"), join(repo, "scripts", "versionBump.mjs"));
	for (const args of [
		["init", "-q"],
		["add", "-A"],
		["commit", "-qm", "start"],
	])
		expect(run(repo, "git", args).code).toBe(0);
});
afterEach(() => rmSync(repo, { recursive: true, force: true }));

describe("npm version", () => {
	it("sets the manifest's version, records the Obsidian it needs in versions.json, and tags the commit without a v", () => {
		const before = json(repo, "manifest.json");
		const bump = run(repo, "npm", ["version", "0.2.0"]);
		expect(bump.code).toBe(0);
		expect(json(repo, "manifest.json")).toEqual({ ...before, version: "0.2.0" });
		expect(json(repo, "versions.json")).toEqual({ ...json(ROOT, "versions.json"), "0.2.0": before.minAppVersion });
		// Both files are in the version's commit, and the tag is what the release workflow compares.
		expect(
			run(repo, "git", ["show", "--name-only", "--format=%s", "HEAD"]).stdout.split("\n").filter(Boolean).sort(),
		).toEqual(["0.2.0", "manifest.json", "package.json", "versions.json"]);
		expect(run(repo, "git", ["tag"]).stdout).toBe("0.2.0\n");
	});

	it("refuses a version Obsidian would not accept, and changes nothing", () => {
		const bump = run(repo, "node", ["scripts/versionBump.mjs"], { npm_package_version: "v0.2.0" });
		expect(bump.code).toBe(1);
		expect(bump.stderr).toContain('"v0.2.0" is not a version Obsidian accepts');
		expect(run(repo, "git", ["status", "--porcelain"]).stdout).toBe("");
	});
});
