import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openHeadlessWorkspace } from "../../scripts/lib/headless";
import { undoWrite } from "../../src/core/memory/undoWrite";
import { copyOfExampleVault, EXAMPLE_VAULT, runCli } from "./runCli";

// Each case spawns the real command line; a few seconds each on a cold machine.
jest.setTimeout(60_000);

describe("the headless command line", () => {
	it("prints a note's metadata in the shape of the recordings", () => {
		const run = runCli("metadata", join(EXAMPLE_VAULT, "Welcome.md"));
		expect(run.code).toBe(0);
		const printed = JSON.parse(run.stdout) as {
			cachedMetadata: { frontmatter: { aliases: string[] } };
			getAllTags: string[];
		};
		expect(printed.cachedMetadata.frontmatter.aliases).toEqual(["Start here", "首页"]);
		expect(printed.getAllTags).toEqual(["#meta"]);
	});

	it("says the example vault holds ordinary notes and no workspace yet", () => {
		const run = runCli("inspect", "--vault", EXAMPLE_VAULT);
		expect(run.code).toBe(0);
		// 13 of the 14: Private/Health.md is marked private, and a private note is not one the assistant counts.
		expect(run.stdout).toMatch(/^status: ordinary-notes \(13 notes\)/);
		expect(run.stdout).toContain("missing  rules        claude.md");
	});

	it("initializes only what is missing and leaves an adopted file byte for byte", () => {
		const vault = copyOfExampleVault();
		const agents = "# My own rules\n\nNever use emoji.\n";
		writeFileSync(join(vault, "AGENTS.md"), agents);

		const first = runCli("init", "--vault", vault, "--lang", "zh");
		expect(first.code).toBe(0);
		expect(first.stdout).toContain("created  soul.md");
		expect(first.stdout).toContain("adopted  AGENTS.md");
		expect(existsSync(join(vault, "claude.md"))).toBe(false);
		expect(readFileSync(join(vault, "AGENTS.md"), "utf8")).toBe(agents);
		expect(readFileSync(join(vault, "soul.md"), "utf8")).toMatch(/[\u4e00-\u9fff]/);

		const second = runCli("init", "--vault", vault);
		expect(second.stdout.trim()).toBe("nothing to create: the workspace is complete");
	});

	it("promotes a day once, archives old days, and lists both in the audit trail", () => {
		const vault = copyOfExampleVault();
		mkdirSync(join(vault, "memory", "daily"), { recursive: true });
		writeFileSync(
			join(vault, "memory", "daily", "2026-10-01.md"),
			"# 2026-10-01\n\n## Candidate long-term memory\n\n- Mei drinks tea, not coffee.\n",
		);

		expect(runCli("promote", "--vault", vault, "--date", "2026-10-01").stdout).toContain(
			"promote 2026-10-01: promoted",
		);
		const memory = readFileSync(join(vault, "memory.md"), "utf8");
		expect(runCli("promote", "--vault", vault, "--date", "2026-10-01").stdout).toContain("already-promoted");
		expect(readFileSync(join(vault, "memory.md"), "utf8")).toBe(memory);

		const archive = runCli("archive", "--vault", vault, "--now", "2026-12-01T09:00:00Z");
		expect(archive.stdout).toContain("1 moved");
		expect(existsSync(join(vault, "memory", "archive", "2026", "2026-10-01.md"))).toBe(true);

		const audit = runCli("audit", "--vault", vault).stdout;
		expect(audit).toMatch(/user\s+promote\s+memory\.md/);
		expect(audit).toMatch(/user\s+archive\s+memory\/daily\/2026-10-01\.md -> memory\/archive\/2026\/2026-10-01\.md/);
	});

	it("lists an undo in the audit trail as a restore, with the change it undid", async () => {
		const vault = copyOfExampleVault();
		const headless = await openHeadlessWorkspace(vault, { now: "2026-10-02T08:00:00Z" });
		const { workspace } = headless;
		const writer = workspace.writer;
		const before = await headless.vault.read("Welcome.md");
		const { record } = await writer.appendToNote("Welcome.md", "\nA line the assistant added.\n", {
			actor: "assistant",
			reason: "Note the new habit",
		});
		if (record === null) throw new Error("expected a write");
		expect(readFileSync(join(vault, "Welcome.md"), "utf8")).toBe(`${before}\nA line the assistant added.\n`);
		expect(await undoWrite({ record, before }, { vault: workspace.vault, writer }, "user")).toMatchObject({
			kind: "restored",
		});

		const audit = runCli("audit", "--vault", vault).stdout.trim().split("\n");
		expect(audit).toHaveLength(2);
		expect(audit[0]).toMatch(/assistant\s+append\s+Welcome\.md/);
		expect(audit[1]).toMatch(
			/user\s+restore\s+Welcome\.md .*Undo the change of 2026-10-02T08:00:00\.000Z: Note the new habit\)$/,
		);
		expect(readFileSync(join(vault, "Welcome.md"), "utf8")).toBe(before);
	});

	it("refuses with one line to promote into a memory.md that is a link out of the vault, which keeps its text", () => {
		const vault = copyOfExampleVault();
		const outside = mkdtempSync(join(tmpdir(), "aw-cli-outside-"));
		writeFileSync(join(outside, "memory.md"), "# Someone else's file\n");
		symlinkSync(join(outside, "memory.md"), join(vault, "memory.md"));
		mkdirSync(join(vault, "memory", "daily"), { recursive: true });
		writeFileSync(
			join(vault, "memory", "daily", "2026-10-01.md"),
			"# 2026-10-01\n\n## Candidate long-term memory\n\n- Mei drinks tea.\n",
		);

		const run = runCli("promote", "--vault", vault, "--date", "2026-10-01");
		expect(run.code).toBe(1);
		expect(run.stderr).toContain("memory.md is reached through a symbolic link");
		expect(run.stderr).not.toMatch(/\n\s+at /);
		expect(readFileSync(join(outside, "memory.md"), "utf8")).toBe("# Someone else's file\n");
	});

	it("refuses to capture into an inbox folder that is a link, and lists the refusal in the audit trail", () => {
		const vault = copyOfExampleVault();
		const outside = mkdtempSync(join(tmpdir(), "aw-cli-outside-"));
		symlinkSync(outside, join(vault, "Inbox"), "dir");
		mkdirSync(join(vault, ".obsidian", "plugins", "assistant-workspace"), { recursive: true });
		writeFileSync(
			join(vault, ".obsidian", "plugins", "assistant-workspace", "data.json"),
			JSON.stringify({ settings: { inboxFolder: "Inbox" } }),
		);

		const run = runCli(
			"capture",
			"--vault",
			vault,
			"--title",
			"Idea",
			"--text",
			"Tea at four.",
			"--now",
			"2026-10-02T08:00:00Z",
		);
		expect(run.code).toBe(1);
		expect(run.stderr).toContain("Inbox/2026-10-02 Idea.md is reached through a symbolic link");
		expect(readdirSync(outside)).toEqual([]);
		expect(runCli("audit", "--vault", vault).stdout).toMatch(
			/user\s+refused\s+create Inbox\/2026-10-02 Idea\.md\s+\(symlink, nothing written;/,
		);
	});

	it("names a file whose name is not valid UTF-8 on stderr and works with every other note", () => {
		const vault = copyOfExampleVault();
		writeFileSync(Buffer.concat([Buffer.from(join(vault, "caf")), Buffer.from([0xe9]), Buffer.from(".md")]), "# old\n");
		const run = runCli("inspect", "--vault", vault);
		expect(run.code).toBe(0);
		expect(run.stderr).toContain("Skipped caf\\xE9.md: its name is not valid UTF-8");
		// The same 13 notes the assistant sees without the odd name (Private/Health.md is private).
		expect(run.stdout).toMatch(/^status: ordinary-notes \(13 notes\)/);
	});

	it.each([
		[["promote", "--vault", "/no/such/vault", "--date", "2026-01-01"], "No vault folder"],
		[["promote", "--vault", EXAMPLE_VAULT], "promote needs --date"],
		[["init", "--vault", EXAMPLE_VAULT, "--lang", "fr"], "--lang is en or zh"],
		[["init", "--vault", EXAMPLE_VAULT, "--folder", "../outside"], "--folder is a folder inside the vault"],
		[["archive", "--vault", EXAMPLE_VAULT, "--now", "yesterday"], "--now is a date and time in ISO 8601"],
		[["frobnicate"], "unknown command"],
	])("refuses %j with one clear line and no stack trace", (args, message) => {
		const run = runCli(...args);
		expect(run.code).toBe(1);
		expect(run.stderr).toContain(message);
		expect(run.stderr).not.toMatch(/\n\s+at /);
	});
});
