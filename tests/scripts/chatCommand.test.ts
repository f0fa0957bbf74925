import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_MODEL } from "../../src/llm";
import { en } from "../../src/i18n/en";
import { TURN_BUDGETS } from "../../src/core/agent/turnBudgets";
import { errorReply, messageReply, textReply, toolUseReply, useFakeAnthropic } from "../harness/fakeAnthropic";
import { copyOfExampleVault, spawnCli, type SpawnedRun } from "./runCli";

// Each case spawns the real command line; a few seconds each on a cold machine.
jest.setTimeout(60_000);

const NOW = ["--now", "2026-11-28T10:00:00Z"];

const fake = useFakeAnthropic();

/** `chat ...` on the command line, run as a user would, the fake server answering meanwhile. */
function runChat(args: readonly string[], env: Record<string, string> = {}): Promise<SpawnedRun> {
	return spawnCli(["chat", ...args], env);
}

interface ChatSummary {
	text: string;
	toolCalls: { name: string; input: unknown; isError: boolean }[];
	usage: { total: Record<string, number>; modelCalls: number; costUsd: number | null };
	stopReason: string;
	proposals: unknown[];
}

function lastLine(stdout: string): ChatSummary {
	const lines = stdout.trimEnd().split("\n");
	return JSON.parse(lines[lines.length - 1]) as ChatSummary;
}

function transcripts(vault: string): string[] {
	const folder = join(vault, "chats");
	return existsSync(folder) ? readdirSync(folder).map((name) => readFileSync(join(folder, name), "utf8")) : [];
}

let vault: string;
beforeEach(() => (vault = copyOfExampleVault()));
afterEach(() => rmSync(vault, { recursive: true, force: true }));

describe("chat on the command line", () => {
	it("--offline answers from the vault's notes, cites them as [[links]], writes the transcript, and --json ends with the turn", async () => {
		const run = await runChat([
			"What did Dr. Lin say about the thesis?",
			"--vault",
			vault,
			"--offline",
			...NOW,
			"--json",
		]);
		expect(run.code).toBe(0);
		// The line that answers comes first, quoted with its citation; the offline label follows it.
		expect(run.stdout).toMatch(/^> .+\n>\n> — \[\[[^\]]+\]\]\n\nOffline mode: no model is connected\./);
		expect(run.stdout).toContain("[[People/Dr. Lin|Dr. Lin]]");
		expect(run.stderr).toContain('[tool] memory_search {"query":"What did Dr. Lin say about the thesis?","limit":5}');

		const summary = lastLine(run.stdout);
		expect(summary).toEqual({
			text: expect.stringContaining("[[Projects/Thesis - sleep and memory|") as string,
			toolCalls: [
				{ name: "memory_search", input: { query: "What did Dr. Lin say about the thesis?", limit: 5 }, isError: false },
			],
			usage: {
				total: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 },
				modelCalls: 2,
				costUsd: 0,
			},
			stopReason: "end_turn",
			proposals: [],
		});
		// What streamed is the answer: the text, its newline, then the JSON line.
		expect(run.stdout).toBe(`${summary.text}\n${JSON.stringify(summary)}\n`);
		expect(run.stdout).not.toContain("Private/Health");

		const [transcript, ...others] = transcripts(vault);
		expect(others).toEqual([]);
		expect(readdirSync(join(vault, "chats"))).toEqual(["2026-11-28 1000 What did Dr. Lin say about the thesis.md"]);
		expect(transcript).toMatch(/^---\ncreated: 2026-11-28T10:00:00\+00:00\nmodel: offline\n/);
		expect(transcript).toContain("  - assistant-chat\n");
		expect(transcript).toContain(
			"## You · 2026-11-28 10:00\n\nWhat did Dr. Lin say about the thesis?\n\n## Assistant\n\n- Tool memory_search",
		);
		expect(run.stderr).toContain("Transcript: chats/2026-11-28 1000 What did Dr. Lin say about the thesis.md");
	});

	it("uses the offline model when no key is set", async () => {
		const run = await runChat(["sleep and memory", "--vault", vault, ...NOW]);
		expect(run.code).toBe(0);
		// The line that answers comes first, quoted with its citation; the offline label follows it.
		expect(run.stdout).toMatch(/^> .+\n>\n> — \[\[[^\]]+\]\]\n\nOffline mode: no model is connected\./);
		expect(fake().messageBodies).toHaveLength(0);
	});

	it("with a key, streams Claude's answer from the server at --base-url as it arrives, after a tool round over the vault", async () => {
		const answer = "Dr. Lin wants the nap-length argument first [[People/Dr. Lin]].";
		fake().enqueue(
			toolUseReply("memory_search", { query: "Dr. Lin thesis" }),
			textReply(answer, { chunkSize: 6, delayMs: 30 }),
		);
		const run = await runChat(
			[
				"What does Dr. Lin want?",
				"--vault",
				vault,
				"--base-url",
				fake().baseURL,
				"--model",
				"claude-haiku-5-5",
				...NOW,
				"--json",
			],
			{
				ANTHROPIC_API_KEY: "test",
			},
		);
		expect(run.stderr).not.toContain("error");
		expect(run.code).toBe(0);
		expect(run.stdout.split("\n")[0]).toBe(answer);
		const summary = lastLine(run.stdout);
		expect(summary.text).toBe(answer);
		expect(summary.toolCalls).toEqual([{ name: "memory_search", input: { query: "Dr. Lin thesis" }, isError: false }]);
		expect(summary.usage).toEqual({
			total: { inputTokens: 20, outputTokens: 10, cacheReadTokens: 0, cacheWriteTokens: 0 },
			modelCalls: 2,
			costUsd: expect.closeTo((20 * 0.1 + 10 * 0.5) / 1_000_000, 12) as number,
		});

		// Streamed: the answer came in pieces, its start well before its end.
		const first = run.chunks.find((chunk) => answer.startsWith(chunk.text.slice(0, 6)));
		const last = run.chunks.find((chunk) => chunk.text.includes("Lin]]."));
		expect(first).toBeDefined();
		expect((last?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThan(150);

		const bodies = fake().messageBodies as {
			model: string;
			system: { text: string }[];
			messages: { role: string; content: { type: string; content?: string }[] }[];
		}[];
		expect(bodies.map((body) => body.model)).toEqual(["claude-haiku-5-5", "claude-haiku-5-5"]);
		expect(bodies[0].system.map((block) => block.text).join("\n")).toContain("<assistant-instructions>");
		expect(bodies[1].messages[2].content[0].content).toContain("People/Dr. Lin.md");
		expect(JSON.stringify(bodies)).not.toContain("never index or send");
		expect(transcripts(vault)[0]).toContain(`model: claude-haiku-5-5\n`);
	});

	it("runs the tools that write against the vault: the change is on disk after the turn, in the audit trail with the transcript", async () => {
		fake().enqueue(
			toolUseReply("memory_append", { target: "daily", text: "Asked which chapter Dr. Lin wants first." }),
			textReply("Noted in today's memory."),
		);
		const run = await runChat(
			["Remember that I asked about chapter 2", "--vault", vault, "--base-url", fake().baseURL, ...NOW],
			{ ANTHROPIC_API_KEY: "test" },
		);
		expect(run.code).toBe(0);
		expect(run.stdout).toBe("Noted in today's memory.\n");
		const daily = readFileSync(join(vault, "memory", "daily", "2026-11-28.md"), "utf8");
		expect(daily).toContain("Asked which chapter Dr. Lin wants first.");
		const trail = readFileSync(join(vault, ".obsidian", "plugins", "assistant-workspace", "audit.jsonl"), "utf8")
			.trim()
			.split("\n")
			.map((line) => JSON.parse(line) as { actor: string; path: string });
		expect(trail.map((record) => [record.actor, record.path])).toEqual([
			["assistant", "memory/daily/2026-11-28.md"],
			["assistant", "chats/2026-11-28 1000 Remember that I asked about chapter 2.md"],
		]);
		const offered = (fake().messageBodies[0] as { tools: { name: string }[] }).tools.map((tool) => tool.name);
		expect(offered).toEqual(
			expect.arrayContaining([
				"memory_search",
				"memory_get",
				"memory_recent",
				"memory_history",
				"memory_append",
				"capture_note",
				"checkpoint",
				"identity_update",
				"note_annotate",
				"note_edit",
			]),
		);
	});

	it("sends the default model without --model, and shows the invalid-key message on 401, without retrying", async () => {
		fake().enqueue(errorReply(401), textReply("never"));
		const run = await runChat(["Hello", "--vault", vault, "--base-url", fake().baseURL, ...NOW, "--json"], {
			ANTHROPIC_API_KEY: "sk-wrong",
		});
		expect(run.code).toBe(1);
		expect(run.stderr).toContain(`error: ${en["model-error.invalid-key"]}`);
		expect(fake().messageBodies).toHaveLength(1);
		expect((fake().messageBodies[0] as { model: string }).model).toBe(DEFAULT_MODEL);
		expect(lastLine(run.stdout)).toMatchObject({ text: "", toolCalls: [], stopReason: "error" });
		// The failed turn is still in the transcript, marked.
		expect(transcripts(vault)[0]).toContain(
			"## You · 2026-11-28 10:00\n\nHello\n\n## Assistant\n\n[Interrupted: the model call failed (invalid-key).]\n",
		);
	});

	it("ends on its own when the stream stalls: after --idle-timeout, exit 1, the partial answer printed and in the transcript, the stall named", async () => {
		fake().enqueue(
			textReply("Dr. Lin wants the nap-length argument first, and then", { chunkSize: 8, stallAfterEvents: 6 }),
			textReply("not used"),
		);
		const started = Date.now();
		const run = await runChat(
			[
				"What does Dr. Lin want?",
				"--vault",
				vault,
				"--base-url",
				fake().baseURL,
				"--idle-timeout",
				"0.5",
				...NOW,
				"--json",
			],
			{ ANTHROPIC_API_KEY: "test" },
		);
		expect(Date.now() - started).toBeLessThan(30_000);
		expect(run.code).toBe(1);
		expect(run.stdout.split("\n")[0]).toBe("Dr. Lin wants the nap-le");
		expect(run.stderr).toContain(`error: ${en["model-error.idle-timeout"]}`);
		expect(lastLine(run.stdout)).toMatchObject({ text: "Dr. Lin wants the nap-le", stopReason: "error" });
		expect(transcripts(vault)[0]).toContain(
			"Dr. Lin wants the nap-le\n\n[Interrupted: the model call failed (idle-timeout).]",
		);
		expect(fake().messageBodies).toHaveLength(1);
	});

	it("refuses a planted burst of 50 memory_append calls past the budget, with one line on stderr, and the writes on disk bounded", async () => {
		const burst = Array.from({ length: 50 }, (_, i) => ({
			type: "tool_use" as const,
			id: `toolu_planted_${i}`,
			name: "memory_append",
			input: { target: "daily", text: `planted entry ${i}` },
		}));
		fake().enqueue(messageReply(burst), textReply("I was asked to write too much, so I stopped."));
		const run = await runChat(["Do what the inbox note says", "--vault", vault, "--base-url", fake().baseURL, ...NOW], {
			ANTHROPIC_API_KEY: "test",
		});
		expect(run.code).toBe(0);
		const limit = TURN_BUDGETS.perAnswer.writes;
		const notice = en["turn-budget.answer.writes"].replace("{limit}", String(limit));
		expect(run.stderr.split("\n").filter((line) => line === notice)).toHaveLength(1);
		expect(run.stderr.split("\n").filter((line) => line.startsWith("Safety limit"))).toHaveLength(1);
		const daily = readFileSync(join(vault, "memory", "daily", "2026-11-28.md"), "utf8");
		expect(daily.match(/planted entry \d+/g)).toHaveLength(limit);
		expect(run.stdout).toBe("I was asked to write too much, so I stopped.\n");
	});

	it("refuses --idle-timeout and --time-limit that are not a number of seconds", async () => {
		const run = await runChat(["Hello", "--vault", vault, "--offline", "--idle-timeout", "soon"]);
		expect(run.code).toBe(1);
		expect(run.stderr).toBe('error: --idle-timeout takes a number of seconds above 0, not "soon".\n');
	});

	it("takes exactly one message", async () => {
		const run = await runChat(["--vault", vault, "--offline"]);
		expect(run.code).toBe(1);
		expect(run.stderr).toMatch(/^error: chat takes one message, in quotes/);
		expect(transcripts(vault)).toEqual([]);
	});
});
