import { runTool, SERVED_READ_TOOLS } from "../../../src/core/agent/tools";
import { parseAuditLog } from "../../../src/core/audit/parse";
import { auditLine, isMcpActor, mcpActor, type AuditRecord } from "../../../src/core/audit/record";
import {
	HOT_MEMORY_URI,
	MAX_ARGUMENTS_CHARS,
	mcpSurface,
	START_SESSION_PROMPT,
	type McpSurface,
} from "../../../src/core/mcp";
import type { Checkpoint } from "../../../src/core/workspace/data/state";
import { writeToolsOver, type WriteToolVault } from "../agent/tools/writeToolFixture";
import { receiptsInMemory } from "../../harness/receipts";

/** Every hidden note below holds this word, and nothing else in the vault does. */
const SECRET = "quetzal4471";

const FILES = {
	"soul.md": "# Soul\nCalm and precise.",
	"user.md": "# User\nA marine biologist who studies zebras.",
	"claude.md": "# Rules\nNever invent sources.",
	"memory.md": "# Memory\n## Preferences\n- Likes zebras.\n",
	"Notes/public.md": "# Zebras\nThe zebra migration happens in July. See [[flagged]] and [[diary]].",
	"Notes/flagged.md": `---\nassistant: private\n---\nThe zebra code is ${SECRET}.`,
	"Notes/tagged.md": `Zebra notes ${SECRET} #secret`,
	"Private/diary.md": `Zebra diary ${SECRET}`,
	"memory/daily/2026-03-14.md": "# 2026-03-14\n\n## Log\n- Saw zebras at the zoo.",
};
const SETTINGS = { excludedFolders: ["Private"], excludedTags: ["secret"] };
const READ_TOOLS = ["memory_search", "memory_get", "memory_recent", "memory_history"];
const WRITE_TOOLS = ["memory_append", "capture_note", "checkpoint", "note_annotate"];

interface Served {
	readonly tools: WriteToolVault;
	readonly surface: McpSurface;
	records(): AuditRecord[];
}

async function served(
	options: { writes?: boolean; clientName?: unknown; checkpoint?: Checkpoint | null } = {},
	files: Record<string, string> = FILES,
): Promise<Served> {
	const tools = await writeToolsOver(files, SETTINGS);
	const surface = mcpSurface(
		{
			memory: tools.deps,
			...(options.writes === true && { writes: { writer: tools.deps.writer, daily: tools.deps.daily } }),
			hotMemoryCapTokens: 2000,
			lastCheckpoint: () => options.checkpoint ?? null,
			receipts: receiptsInMemory().receipts,
		},
		{ clientName: () => options.clientName ?? "claude-code" },
	);
	return { tools, surface, records: () => parseAuditLog(tools.log.text).records };
}

describe("the MCP surface's tools", () => {
	it("offers the four read tools, and the four writes only when writes are allowed, as the chat defines them", async () => {
		const readOnly = await served();
		expect(readOnly.surface.listTools().map((tool) => tool.name)).toEqual(READ_TOOLS);
		const writing = await served({ writes: true });
		expect(writing.surface.listTools().map((tool) => tool.name)).toEqual([...READ_TOOLS, ...WRITE_TOOLS]);
		const search = SERVED_READ_TOOLS.get("memory_search");
		expect(readOnly.surface.listTools()[0]).toEqual({
			name: "memory_search",
			description: search?.description,
			inputSchema: search?.inputSchema,
			readOnly: true,
		});
		expect(writing.surface.listTools().map((tool) => tool.readOnly)).toEqual([
			true,
			true,
			true,
			true,
			false,
			false,
			false,
			false,
		]);
	});

	it("answers memory_search and memory_get exactly as the chat's tools do", async () => {
		const { tools, surface } = await served();
		for (const [name, input] of [
			["memory_search", { query: "zebra" }],
			["memory_get", { path: "Notes/public.md" }],
			["memory_get", { path: "Notes/missing.md" }],
			["memory_search", { query: 42 }],
		] as const) {
			const chat = await runTool(name, input, tools.deps);
			expect(await surface.callTool(name, input)).toEqual({ text: chat.text, isError: chat.isError });
		}
	});

	it("never answers a hidden note: not by search, not by path, not in recent memory", async () => {
		const { surface } = await served();
		const answers = [
			await surface.callTool("memory_search", { query: "zebra", limit: 20 }),
			await surface.callTool("memory_search", { query: SECRET }),
			await surface.callTool("memory_get", { path: "Notes/flagged.md" }),
			await surface.callTool("memory_get", { path: "Notes/tagged.md" }),
			await surface.callTool("memory_get", { path: "Private/diary.md" }),
			await surface.callTool("memory_get", { path: "[[diary]]" }),
			await surface.callTool("memory_get", { path: "Notes/../Private/diary.md" }),
			await surface.callTool("memory_recent", {}),
			await surface.callTool("memory_history", {}),
		];
		for (const answer of answers) expect(answer.text).not.toContain(SECRET);
	});

	it("refuses a write tool when writes are not allowed, as a tool that is not there, and writes nothing", async () => {
		const { tools, surface, records } = await served();
		const before = await tools.snapshot();
		for (const name of WRITE_TOOLS) {
			const answer = await surface.callTool(name, { target: "daily", text: "x", path: "Notes/public.md" });
			expect(answer.isError).toBe(true);
			expect(answer.text).toMatch(new RegExp(`^Error: there is no tool named "${name}" here\\.`));
		}
		expect(await surface.callTool("identity_update", { file: "soul", text: "Evil." })).toMatchObject({ isError: true });
		expect(await surface.callTool("note_edit", {})).toMatchObject({ isError: true });
		expect(await tools.snapshot()).toEqual(before);
		expect(records()).toEqual([]);
	});

	it("writes through the audited writer as mcp:<client> when writes are allowed", async () => {
		const { surface, records } = await served({ writes: true, clientName: "claude-code" });
		const answer = await surface.callTool("memory_append", { target: "daily", text: "Met Dr. Lin." });
		expect(answer.isError).toBe(false);
		expect(records().map((record) => record.actor)).toEqual(["mcp:claude-code"]);
		// Not even a write the chat may make: identity edits are not served.
		expect((await surface.callTool("identity_update", { file: "soul", text: "x" })).isError).toBe(true);
	});

	it("quotes an unknown tool's name cut short, and refuses huge or non-JSON arguments before running anything", async () => {
		const { surface, records } = await served({ writes: true });
		const unknown = await surface.callTool("x".repeat(10_000), {});
		expect(unknown.isError).toBe(true);
		expect(unknown.text.length).toBeLessThan(400);
		const huge = await surface.callTool("memory_append", {
			target: "daily",
			text: "a".repeat(MAX_ARGUMENTS_CHARS + 1),
		});
		expect(huge).toEqual({
			text: `Error: the arguments of memory_append are larger than ${MAX_ARGUMENTS_CHARS} characters; nothing was done.`,
			isError: true,
		});
		expect((await surface.callTool("memory_search", { query: 10n })).isError).toBe(true);
		expect(records()).toEqual([]);
	});

	it("bounds a client that floods calls, with a clear error, and lets it through again after the window", async () => {
		let now = Date.parse("2026-03-15T12:00:00Z");
		const tools = await writeToolsOver(FILES, SETTINGS);
		const surface = mcpSurface(
			{
				memory: { ...tools.deps, clock: { now: () => new Date(now) } },
				writes: { writer: tools.deps.writer, daily: tools.deps.daily },
				hotMemoryCapTokens: 2000,
				lastCheckpoint: () => null,
				receipts: receiptsInMemory().receipts,
			},
			{ clientName: () => "flood", limits: { windowMs: 60_000, calls: 10, writes: 3, notesCreated: 1 } },
		);
		const writes = await Promise.all(
			Array.from({ length: 5 }, (_, i) => surface.callTool("memory_append", { target: "daily", text: `entry ${i}` })),
		);
		expect(writes.map((answer) => answer.isError)).toEqual([false, false, false, true, true]);
		expect(writes[3].text).toMatch(/^Error: too many calls: this workspace takes at most 3 writes in 60 seconds/);
		const calls = await Promise.all(
			Array.from({ length: 20 }, () => surface.callTool("memory_search", { query: "zebra" })),
		);
		expect(calls.filter((answer) => !answer.isError)).toHaveLength(7);
		expect(calls.at(-1)?.text).toMatch(/^Error: too many calls: this workspace takes at most 10 calls in 60 seconds/);
		expect(parseAuditLog(tools.log.text).records).toHaveLength(3);
		now += 60_001;
		expect((await surface.callTool("memory_search", { query: "zebra" })).isError).toBe(false);
	});
});

describe("the MCP surface's resources and prompt", () => {
	it("lists the identity files and hot memory, and reads each through the privacy view", async () => {
		const { surface } = await served();
		expect(surface.listResources().map((resource) => resource.uri)).toEqual([
			"workspace://identity/soul",
			"workspace://identity/user",
			"workspace://identity/claude",
			HOT_MEMORY_URI,
		]);
		expect(await surface.readResource("workspace://identity/soul")).toEqual({
			text: FILES["soul.md"],
			isError: false,
		});
		const hot = await surface.readResource(HOT_MEMORY_URI);
		expect(hot?.text).toContain("- Likes zebras.");
	});

	it.each([
		"workspace://identity/../Private/diary",
		"workspace://identity/soul/../../Private/diary.md",
		"workspace://notes/Private/diary.md",
		"file:///etc/passwd",
		"workspace://identity/SOUL",
		"",
	])("knows no resource at %j", async (uri) => {
		const { surface } = await served();
		expect(await surface.readResource(uri)).toBeNull();
	});

	it("does not serve an identity file the user made private", async () => {
		const { surface } = await served({}, { ...FILES, "user.md": `---\nassistant: private\n---\n${SECRET}` });
		expect(surface.listResources().map((resource) => resource.uri)).not.toContain("workspace://identity/user");
		const user = await surface.readResource("workspace://identity/user");
		expect(user?.isError).toBe(true);
		expect(user?.text).not.toContain(SECRET);
		expect((await surface.getPrompt(START_SESSION_PROMPT))?.text).not.toContain(SECRET);
	});

	it("opens a session with identity, hot memory and the last checkpoint, a hidden note's link withheld", async () => {
		const checkpoint: Checkpoint = {
			savedAt: "2026-03-14T18:00:00+00:00",
			doing: "Writing the zebra paper, see [[diary]]",
			nextAction: "Draft the methods section",
			refs: ["[[diary]]", "[[public]]"],
		};
		const { surface } = await served({ checkpoint });
		expect(surface.listPrompts().map((prompt) => prompt.name)).toEqual([START_SESSION_PROMPT]);
		const prompt = await surface.getPrompt(START_SESSION_PROMPT);
		expect(prompt?.isError).toBe(false);
		for (const part of [
			"Calm and precise.",
			"marine biologist",
			"Never invent sources.",
			"Likes zebras.",
			"Draft the methods section",
		])
			expect(prompt?.text).toContain(part);
		expect(prompt?.text).not.toContain("[[diary]]");
		expect(prompt?.text).toContain("[[public]]");
		expect(await surface.getPrompt("other")).toBeNull();
	});
});

describe("the audit actor of an MCP client", () => {
	it.each([
		["claude-code", "mcp:claude-code"],
		["Claude Desktop", "mcp:Claude-Desktop"],
		['evil\n{"actor":"user"}', "mcp:evil-actor-user"],
		["", "mcp:unknown"],
		["\u202e\u0000", "mcp:unknown"],
		[undefined, "mcp:unknown"],
		[{ name: "x" }, "mcp:unknown"],
	])("names %j as %j", (name, actor) => {
		expect(mcpActor(name)).toBe(actor);
		expect(isMcpActor(actor)).toBe(true);
	});

	it("bounds a 10,000-character name, and every actor it makes parses back from the trail", () => {
		const actor = mcpActor("a".repeat(10_000));
		expect(actor).toBe(`mcp:${"a".repeat(64)}`);
		const record: AuditRecord = {
			time: "2026-03-15T12:00:00.000Z",
			actor,
			action: "append",
			path: "memory/daily/2026-03-15.md",
			bytes: 3,
			sha256Before: null,
			sha256After: "0".repeat(64),
			reason: "memory_append to daily memory",
		};
		const old = { ...record, actor: "assistant" };
		const parsed = parseAuditLog(auditLine(record) + auditLine(old as AuditRecord)).records;
		expect(parsed.map((line) => line.actor)).toEqual([actor, "assistant"]);
	});

	it.each(["mcp:", "mcp:a b", "mcp:a\nb", `mcp:${"a".repeat(65)}`, "model", "MCP:x"])(
		"takes no line whose actor is %j for a write",
		(actor) => {
			const line = JSON.stringify({
				time: "2026-03-15T12:00:00.000Z",
				actor,
				action: "append",
				path: "a.md",
				bytes: 1,
				sha256Before: null,
				sha256After: "0".repeat(64),
				reason: "r",
			});
			expect(parseAuditLog(`${line}\n`).records).toEqual([]);
		},
	);
});
