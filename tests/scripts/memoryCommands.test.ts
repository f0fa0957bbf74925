import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { copyOfExampleVault, EXAMPLE_VAULT, runCli } from "./runCli";

// Each case spawns the real command line; a few seconds each on a cold machine.
jest.setTimeout(60_000);

const NOW = ["--now", "2026-11-28T10:00:00Z"];

interface PrintedMatch {
	path: string;
	line: number;
	heading: string;
	score: number;
	passage: string;
}

describe("search, tool and index on the command line", () => {
	it("search --json prints one entry per note, best first, with path, line, heading, score and passage", () => {
		const run = runCli("search", "sleep and memory", "--vault", EXAMPLE_VAULT, "--limit", "4", ...NOW, "--json");
		expect(run.code).toBe(0);
		const { matches } = JSON.parse(run.stdout) as { matches: PrintedMatch[] };
		expect(matches).toHaveLength(4);
		expect(matches[0]).toEqual({
			path: "Projects/Thesis - sleep and memory.md",
			line: expect.any(Number) as number,
			heading: expect.stringContaining("Thesis") as string,
			score: expect.any(Number) as number,
			passage: expect.any(String) as string,
		});
		for (const match of matches) expect(Object.keys(match)).toEqual(["path", "line", "heading", "score", "passage"]);
		expect(new Set(matches.map((match) => match.path)).size).toBe(4);
		const scores = matches.map((match) => match.score);
		expect(scores).toEqual([...scores].sort((a, b) => b - a));
	});

	it("search never shows the private note, and applies the filters and exclusions it is given", () => {
		const paths = (...args: string[]) =>
			(
				JSON.parse(runCli("search", ...args, "--vault", EXAMPLE_VAULT, ...NOW, "--json").stdout) as {
					matches: PrintedMatch[];
				}
			).matches.map((match) => match.path);
		expect(paths("personal notes health never send", "--limit", "20")).not.toContain("Private/Health.md");
		expect(paths("sleep", "--limit", "20", "--tags", "project")).toEqual(["Projects/Thesis - sleep and memory.md"]);
		const withoutNotes = paths("sleep", "--limit", "20", "--exclude-folders", "Notes,Archive");
		expect(withoutNotes.length).toBeGreaterThan(0);
		expect(withoutNotes.filter((path) => /^(Notes|Archive)\//.test(path))).toEqual([]);
	});

	it("search without --json prints the list as the model reads it", () => {
		const run = runCli("search", "麻婆豆腐", "--vault", EXAMPLE_VAULT, "--limit", "1", ...NOW);
		expect(run.code).toBe(0);
		expect(run.stdout).toMatch(/^Best line: Resources\/Recipes\/麻婆豆腐\.md:\d+ {2}.+\n {3}\S/);
		expect(run.stdout).toMatch(/^1\. Resources\/Recipes\/麻婆豆腐\.md:\d+ {2}.*\(\d+\.\d\d\)\n {3}\S/m);
	});

	it("tool prints the tool's answer exactly, and exits 0", () => {
		const run = runCli(
			"tool",
			"memory_get",
			'{"path": "People/Dr. Lin.md", "line_start": 1, "line_end": 1}',
			"--vault",
			EXAMPLE_VAULT,
		);
		expect(run.code).toBe(0);
		expect(run.stdout).toBe(
			"Source: People/Dr. Lin.md:1\n---\n\n[End of the lines asked for; the note has 13 lines.]\n",
		);
	});

	it("tool exits 1 when the tool answers with an error, and the answer is still what the model would get", () => {
		const denied = runCli("tool", "memory_get", '{"path": "Private/Health.md"}', "--vault", EXAMPLE_VAULT);
		// A note hidden by its own flag is answered as one that is not there.
		expect(denied).toEqual({
			code: 1,
			stdout:
				'Error: no note at "Private/Health.md". Paths are vault paths as memory_search gives them, e.g. "Projects/Atlas.md".\n',
			stderr: "",
		});
		const excluded = runCli(
			"tool",
			"memory_get",
			'{"path": "Projects/Thesis - sleep and memory.md"}',
			"--vault",
			EXAMPLE_VAULT,
			"--exclude-tags",
			"research",
		);
		expect(excluded.code).toBe(1);
		expect(excluded.stdout).toMatch(/^Error: no note at "Projects\/Thesis - sleep and memory\.md"/);
		const invalid = runCli("tool", "memory_search", '{"query": ""}', "--vault", EXAMPLE_VAULT);
		expect(invalid.code).toBe(1);
		expect(invalid.stdout).toMatch(/^Error: invalid arguments for memory_search:\n- query: /);
	});

	it("tool memory_recent shows long-term memory and the last days of daily memory as of --now", () => {
		const vault = copyOfExampleVault();
		mkdirSync(join(vault, "memory", "daily"), { recursive: true });
		writeFileSync(join(vault, "memory.md"), "# Memory\n- Mei drinks tea.\n");
		writeFileSync(join(vault, "memory", "daily", "2026-11-28.md"), "# 2026-11-28\n\n## Log\n- Booked the sleep lab.\n");
		const run = runCli("tool", "memory_recent", '{"days": 2}', "--vault", vault, ...NOW);
		expect(run.code).toBe(0);
		expect(run.stdout).toBe(
			[
				"## Long-term memory (memory.md)",
				"# Memory\n- Mei drinks tea.",
				"",
				"## Daily memory, 2026-11-27 to 2026-11-28, newest first",
				"",
				"### 2026-11-28 (memory/daily/2026-11-28.md)",
				"# 2026-11-28\n\n## Log\n- Booked the sleep lab.",
				"",
				"No daily memory on 2026-11-27.",
				"",
			].join("\n"),
		);
	});

	it("index --json prints the index's size and cost", () => {
		const run = runCli("index", "--vault", EXAMPLE_VAULT, "--json");
		expect(run.code).toBe(0);
		const summary = JSON.parse(run.stdout) as Record<string, number>;
		expect(Object.keys(summary)).toEqual(["files", "chunks", "skipped", "ms", "heapMB"]);
		expect(summary).toMatchObject({ files: 13, skipped: 1 });
		expect(summary.chunks).toBeGreaterThanOrEqual(13);
		expect(summary.ms).toBeGreaterThanOrEqual(0);
		expect(summary.heapMB).toBeGreaterThan(0);
	});

	it.each([
		[["search", "--vault", EXAMPLE_VAULT], "search takes one query"],
		[["search", "sleep", "--vault", EXAMPLE_VAULT, "--limit", "50"], "limit: must be at most 20"],
		[
			["search", "sleep", "--vault", EXAMPLE_VAULT, "--since", "yesterday"],
			"--since is a calendar date written YYYY-MM-DD",
		],
		[["tool", "memory_get", "{path: x}", "--vault", EXAMPLE_VAULT], "must be one JSON object"],
		[
			["tool", "memory_delete", "{}", "--vault", EXAMPLE_VAULT],
			"tool takes a tool name (memory_search, memory_get, memory_recent)",
		],
		[["index", "--vault", EXAMPLE_VAULT, "--limit", "3"], "index does not take --limit"],
	])("refuses %j with one clear line and no stack trace", (args, message) => {
		const run = runCli(...args);
		expect(run.code).toBe(1);
		expect(run.stderr).toContain(message);
		expect(run.stderr).not.toMatch(/\n\s+at /);
	});
});
