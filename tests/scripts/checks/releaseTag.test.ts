import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parse } from "yaml";

const ROOT = resolve(__dirname, "..", "..", "..");

interface Step {
	readonly name?: string;
	readonly run?: string;
}

/** The release workflow's first check, as GitHub runs it: its `run:` script in bash, with the tag in TAG. */
function tagCheck(): string {
	const workflow = parse(readFileSync(join(ROOT, ".github", "workflows", "release.yml"), "utf8")) as {
		jobs: Record<string, { steps: Step[] }>;
	};
	const step = Object.values(workflow.jobs)
		.flatMap((job) => job.steps)
		.find((candidate) => candidate.name?.startsWith("The tag is the manifest's version"));
	if (step?.run === undefined) throw new Error("the release workflow has no tag check");
	return step.run;
}

let repo: string;
beforeEach(() => {
	repo = mkdtempSync(join(tmpdir(), "aw-release-"));
	for (const name of ["manifest.json", "versions.json"]) cpSync(join(ROOT, name), join(repo, name));
});
afterEach(() => rmSync(repo, { recursive: true, force: true }));

function pushTag(tag: string): { code: number | null; stdout: string } {
	const run = spawnSync("bash", ["-e", "-c", tagCheck()], {
		cwd: repo,
		encoding: "utf8",
		env: { ...process.env, TAG: tag },
	});
	return { code: run.status, stdout: run.stdout };
}

const version = (JSON.parse(readFileSync(join(ROOT, "manifest.json"), "utf8")) as { version: string }).version;

describe("the release workflow's tag check", () => {
	it("lets the manifest's own version through", () => {
		expect(pushTag(version)).toEqual({ code: 0, stdout: "" });
	});

	it("stops a tag with a v, or any other version", () => {
		expect(pushTag(`v${version}`)).toEqual({
			code: 1,
			stdout: `::error::tag v${version} is not manifest.json's version ${version}\n`,
		});
		expect(pushTag("9.9.9").code).toBe(1);
	});

	it("stops a version that versions.json does not map to the manifest's minAppVersion", () => {
		writeFileSync(join(repo, "versions.json"), JSON.stringify({ [version]: "0.15.0" }));
		expect(pushTag(version)).toEqual({
			code: 1,
			stdout: `::error::versions.json does not map ${version} to manifest.json's minAppVersion; release with npm version\n`,
		});
		writeFileSync(join(repo, "versions.json"), "{}");
		expect(pushTag(version).code).toBe(1);
	});
});
