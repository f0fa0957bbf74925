import type { ToolCallRecord, TurnResult, TurnUsage } from "../../../../src/core/agent/loop";
import { INTERRUPTION_MARKERS } from "../../../../src/core/agent/loop";
import type { ChatMessage } from "../../../../src/core/model/modelClient";
import { NO_MATCHES } from "../../../../src/core/agent/tools";
import { saveTranscriptTurn, type TranscriptDeps, type TranscriptTurn } from "../../../../src/core/agent/transcript";
import { chatTitle } from "../../../../src/core/agent/transcript/transcriptPath";
import type { Language } from "../../../../src/i18n";
import { memoryFixture, type MemoryFixture } from "../../memory/fixture";
import { toolsOver } from "../tools/toolFixture";

const NOW = "2026-03-05T14:05:00Z";
const LATER = "2026-03-05T14:20:00Z";

const usage = (input: number, output: number, costUsd: number | null = 0.0123): TurnUsage => ({
	total: { inputTokens: input, outputTokens: output, cacheReadTokens: 0, cacheWriteTokens: 0 },
	modelCalls: 1,
	costUsd,
});

const user = (text: string): ChatMessage => ({ role: "user", content: [{ type: "text", text }] });
const assistant = (...texts: string[]): ChatMessage => ({
	role: "assistant",
	content: texts.map((text) => ({ type: "text", text })),
});

/** A turn in which the assistant searched, read a note it was denied, and answered. */
const TOOL_TURN: ChatMessage[] = [
	user("When do zebras migrate?"),
	{
		role: "assistant",
		content: [
			{ type: "text", text: "Let me look." },
			{ type: "tool_use", id: "t1", name: "memory_search", input: { query: "zebra migration", limit: 5 } },
			{ type: "tool_use", id: "t2", name: "memory_get", input: { path: "Private/diary.md" } },
		],
	},
	{
		role: "user",
		content: [
			{
				type: "tool_result",
				toolUseId: "t1",
				content: "1. Notes/Zebras.md:1  Zebras (3.20)\n   The migration crosses the Mara river in July.",
			},
			{
				type: "tool_result",
				toolUseId: "t2",
				content: "Access denied: excluded. The folder is marked private in the settings.",
				isError: true,
			},
		],
	},
	assistant("In July, across the Mara river [[Notes/Zebras]]."),
];

/** The search of `TOOL_TURN` as the loop recorded it: the notes its result named, as data. */
const TOOL_CALLS: ToolCallRecord[] = [
	{
		id: "t1",
		name: "memory_search",
		input: { query: "zebra migration", limit: 5 },
		result: {
			text: "1. Notes/Zebras.md:1  Zebras (3.20)",
			isError: false,
			locations: [{ path: "Notes/Zebras.md", line: 1, heading: "Zebras" }, { path: "Notes/Savanna.md" }],
		},
	},
];

function turn(
	messages: readonly ChatMessage[],
	turnUsage: TurnUsage,
	at = NOW,
	model = "claude-sonnet-5-5",
): TranscriptTurn {
	const result: Pick<TurnResult, "messages" | "usage" | "toolCalls"> = {
		messages,
		usage: turnUsage,
		toolCalls: messages === TOOL_TURN ? TOOL_CALLS : [],
	};
	return { result, at: new Date(at), model };
}

function deps(fixture: MemoryFixture, language: Language = "en"): TranscriptDeps {
	return { writer: fixture.deps.writer, chatsFolder: "Assistant/chats", language };
}

describe("chat transcripts as notes", () => {
	it("creates the transcript after the first turn: frontmatter, the user's words, the answer with its tool calls and the notes they named, the turn's tokens", async () => {
		const fixture = memoryFixture({}, NOW);
		const path = await saveTranscriptTurn(deps(fixture), null, turn(TOOL_TURN, usage(1200, 311)));
		expect(path).toBe("Assistant/chats/2026-03-05 1405 When do zebras migrate.md");
		expect(await fixture.vault.read(path)).toBe(
			[
				"---",
				"created: 2026-03-05T14:05:00+00:00",
				"model: claude-sonnet-5-5",
				"tokens:",
				"  input: 1200",
				"  output: 311",
				"  cache_read: 0",
				"  cache_write: 0",
				"cost_usd: 0.0123",
				"tags:",
				"  - assistant-chat",
				"---",
				"",
				"## You · 2026-03-05 14:05",
				"",
				"When do zebras migrate?",
				"",
				"## Assistant",
				"",
				"Let me look.",
				"",
				'- Tool memory_search (query: "zebra migration", limit: 5)',
				"\t- Notes/Zebras.md:1  Zebras",
				"\t- Notes/Savanna.md",
				'- Tool memory_get (path: "Private/diary.md") — Access denied: excluded. The folder is marked private in the settings.',
				"",
				"In July, across the Mara river [[Notes/Zebras]].",
				"",
				"*Tokens: 1200 in, 311 out · ≈ $0.01*",
				"",
			].join("\n"),
		);
		expect(fixture.records()).toEqual([
			expect.objectContaining({ action: "create", actor: "assistant", path, reason: "Save the chat transcript" }),
		]);
	});

	it("appends each later turn and keeps clean running totals of tokens and cost in the frontmatter, the user's own text untouched", async () => {
		const fixture = memoryFixture({}, NOW);
		const path = await saveTranscriptTurn(deps(fixture), null, turn(TOOL_TURN, usage(1200, 311)));
		const first = await fixture.vault.read(path);
		// The user adds a remark of their own between turns; it stays.
		await fixture.vault.process(path, (current) => `${current}\nMy own remark.`);
		const second = await saveTranscriptTurn(
			deps(fixture),
			path,
			turn([user("And in May?"), assistant("They are in the south.")], usage(1300, 40, 0.0045), LATER),
		);
		expect(second).toBe(path);
		const content = await fixture.vault.read(path);
		expect(content.split("\n").slice(3, 9)).toEqual([
			"tokens:",
			"  input: 2500",
			"  output: 351",
			"  cache_read: 0",
			"  cache_write: 0",
			"cost_usd: 0.0168",
		]);
		expect(content).toContain(
			`${first.slice(first.indexOf("## You"))}\nMy own remark.\n\n## You · 2026-03-05 14:20\n\nAnd in May?\n\n## Assistant\n\nThey are in the south.\n\n*Tokens: 1300 in, 40 out · ≈ $0.0045*\n`,
		);
		expect(fixture.records().map((record) => record.action)).toEqual(["create", "process"]);

		// A turn whose price is unknown makes the chat's cost unknown from then on: no made-up total.
		await saveTranscriptTurn(
			deps(fixture),
			path,
			turn([user("Thanks"), assistant("You're welcome.")], usage(100, 5, null), LATER),
		);
		await saveTranscriptTurn(deps(fixture), path, turn([user("Bye"), assistant("Bye.")], usage(10, 1), LATER));
		const fourth = await fixture.vault.read(path);
		expect(fourth.split("\n").slice(3, 9)).toEqual([
			"tokens:",
			"  input: 2610",
			"  output: 357",
			"  cache_read: 0",
			"  cache_write: 0",
			"tags:",
		]);
		expect(fourth).toContain("*Tokens: 100 in, 5 out · cost unknown*");
		expect(fixture.records().map((record) => record.action)).toEqual(["create", "process", "process", "process"]);
	});

	it("turns the totals of an older transcript, kept as comments, into clean ones", async () => {
		const fixture = memoryFixture({}, NOW);
		const path = await saveTranscriptTurn(deps(fixture), null, turn([user("Hi"), assistant("Hello.")], usage(10, 5)));
		await fixture.vault.process(path, (current) =>
			current.replace(/tokens:[\s\S]*?tags:/, "tokens:\n  input: 2500 # 1200\n  output: 351 # 311\ntags:"),
		);
		await saveTranscriptTurn(deps(fixture), path, turn([user("Again"), assistant("Hello again.")], usage(20, 5)));
		const content = await fixture.vault.read(path);
		expect(content.split("\n").slice(3, 9)).toEqual([
			"tokens:",
			"  input: 2520",
			"  output: 356",
			"  cache_read: 0",
			"  cache_write: 0",
			"tags:",
		]);
	});

	it("writes a turn's headings and labels in the interface language it is given", async () => {
		const fixture = memoryFixture({}, NOW);
		const path = await saveTranscriptTurn(deps(fixture, "zh"), null, turn(TOOL_TURN, usage(1200, 311)));
		const content = await fixture.vault.read(path);
		expect(content).toContain(
			"\n## 你 · 2026-03-05 14:05\n\nWhen do zebras migrate?\n\n## 助理\n\nLet me look.\n\n- 工具 memory_search (",
		);
		expect(content).toContain("\n*Token：输入 1200，输出 311 · 约 $0.01*\n");
		await saveTranscriptTurn(
			deps(fixture, "zh"),
			path,
			turn([user("谢谢"), assistant("不客气。")], usage(10, 1, null), LATER),
		);
		expect(await fixture.vault.read(path)).toContain("*Token：输入 10，输出 1 · 费用未知*");
	});

	it("counts cache reads and writes apart in the totals, and as input in the turn's line", async () => {
		const fixture = memoryFixture({}, NOW);
		const cached: TurnUsage = {
			total: { inputTokens: 10, outputTokens: 5, cacheReadTokens: 2000, cacheWriteTokens: 300 },
			modelCalls: 1,
			costUsd: 0.002,
		};
		const path = await saveTranscriptTurn(deps(fixture), null, turn([user("Hi"), assistant("Hello.")], cached));
		const content = await fixture.vault.read(path);
		expect(content).toContain("  input: 10\n  output: 5\n  cache_read: 2000\n  cache_write: 300\ncost_usd: 0.002\n");
		expect(content).toContain("*Tokens: 2310 in, 5 out · ≈ $0.0020*");
	});

	it("reads totals the user rewrote in another YAML form as Obsidian reads properties, and keeps adding to them", async () => {
		const fixture = memoryFixture({}, NOW);
		const path = await saveTranscriptTurn(deps(fixture), null, turn([user("Hi"), assistant("Hello.")], usage(10, 5)));
		await fixture.vault.process(path, (current) =>
			current.replace(/tokens:\n(  .*\n)+/, "tokens: {input: 10, output: 5}\n"),
		);
		await saveTranscriptTurn(deps(fixture), path, turn([user("Again"), assistant("Hello again.")], usage(20, 5)));
		const content = await fixture.vault.read(path);
		expect(content).toContain("tokens:\n  input: 30\n  output: 10\n  cache_read: 0\n  cache_write: 0\n");
		expect(content).toMatch(/Hello again\.\n\n\*Tokens: 20 in, 5 out · ≈ \$0\.01\*\n$/);
	});

	it("leaves totals that are no longer numbers alone, and still appends the turn", async () => {
		const fixture = memoryFixture({}, NOW);
		const path = await saveTranscriptTurn(deps(fixture), null, turn([user("Hi"), assistant("Hello.")], usage(10, 5)));
		await fixture.vault.process(path, (current) => current.replace(/  input: 10\n/, "  input: ten\n"));
		await saveTranscriptTurn(deps(fixture), path, turn([user("Again"), assistant("Hello again.")], usage(20, 5)));
		const content = await fixture.vault.read(path);
		expect(content).toContain("  input: ten\n  output: 5\n");
		expect(content).toMatch(/Hello again\.\n\n\*Tokens: 20 in, 5 out · ≈ \$0\.01\*\n$/);
	});

	it("writes the totals as one change in the trail, which undoes to the transcript as it was", async () => {
		const fixture = memoryFixture({}, NOW);
		const path = await saveTranscriptTurn(deps(fixture), null, turn([user("Hi"), assistant("Hello.")], usage(10, 5)));
		const first = await fixture.vault.read(path);
		const trail = async () => fixture.records();
		const before = (await trail()).length;
		await saveTranscriptTurn(deps(fixture), path, turn([user("Again"), assistant("Hello again.")], usage(20, 5)));
		const records = (await trail()).slice(before);
		expect(records.map((record) => [record.action, record.path])).toEqual([["process", path]]);
		const { sha256Hex } = await import("../../../../src/core/audit/hash");
		expect(records[0].sha256Before).toBe(sha256Hex(first));
	});

	it("shows where a turn was stopped, with the partial answer", async () => {
		const fixture = memoryFixture({}, NOW);
		const stopped = [user("Tell me everything"), assistant("Zebras are", INTERRUPTION_MARKERS.aborted)];
		const path = await saveTranscriptTurn(deps(fixture), null, turn(stopped, usage(10, 2)));
		expect(await fixture.vault.read(path)).toContain("## Assistant\n\nZebras are\n\n[Stopped by the user.]\n\n*Tokens");
	});

	it("names a second chat begun in the same minute with the same words apart", async () => {
		const fixture = memoryFixture({}, NOW);
		const first = await saveTranscriptTurn(deps(fixture), null, turn([user("Hi"), assistant("Hello.")], usage(1, 1)));
		const second = await saveTranscriptTurn(deps(fixture), null, turn([user("Hi"), assistant("Hello.")], usage(1, 1)));
		expect([first, second]).toEqual([
			"Assistant/chats/2026-03-05 1405 Hi.md",
			"Assistant/chats/2026-03-05 1405 Hi 2.md",
		]);
	});

	it.each([
		["What is 2/3 * 4? <quick>", "What is 2 3 4 quick"],
		["  [[Dr. Lin]] said #thesis | ok  ", "Dr. Lin said thesis ok"],
		["First line\nsecond line", "First line"],
		[
			"Please summarise everything we decided about the kitchen renovation budget last spring",
			"Please summarise everything we decided about the kitchen",
		],
		[
			"厨房改造的预算是多少？我们上次讨论过这个问题吗？还有瓷砖的颜色和价格以及师傅的时间安排都需要确认一下，另外插座的位置也要再看看",
			"厨房改造的预算是多少？我们上次讨论过这个问题吗？还有瓷砖的颜色和价格以及师傅的时",
		],
		["...", "Untitled"],
	])(
		"titles a chat from its first prompt, safe as a file name and cut to a length file systems take: %j becomes %j",
		(prompt, title) => {
			expect(chatTitle(prompt)).toBe(title);
		},
	);

	it("is never found by memory_search nor read by memory_get", async () => {
		const fixture = memoryFixture({ "Notes/Zebras.md": "# Zebras\nStriped." }, NOW);
		const word = "quagga5521";
		const path = await saveTranscriptTurn(
			{ ...deps(fixture), chatsFolder: "chats" },
			null,
			turn([user(`Remember ${word}`), assistant(`Noted: ${word}.`)], usage(1, 1)),
		);
		const { run } = await toolsOver(await fixture.snapshot());
		expect((await run("memory_search", { query: word })).text).toBe(NO_MATCHES);
		expect((await run("memory_get", { path })).text).toMatch(/^Access denied: assistant-internal\. /);
	});
});
