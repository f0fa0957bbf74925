import type { ToolCallRecord, TurnUsage } from "../../../../src/core/agent/loop";
import { INTERRUPTION_MARKERS } from "../../../../src/core/agent/loop";
import type { ChatMessage } from "../../../../src/core/model/modelClient";
import {
	parseTranscript,
	retitledTranscriptPath,
	saveTranscriptTurn,
	savedConversation,
	transcriptStart,
	transcriptTitle,
	type SavedTurn,
} from "../../../../src/core/agent/transcript";
import type { Language } from "../../../../src/i18n";
import { memoryFixture } from "../../memory/fixture";

const usage = (input: number, output: number): TurnUsage => ({
	total: { inputTokens: input, outputTokens: output, cacheReadTokens: 0, cacheWriteTokens: 0 },
	modelCalls: 1,
	costUsd: 0.02,
});

const user = (text: string): ChatMessage => ({ role: "user", content: [{ type: "text", text }] });
const assistant = (...texts: string[]): ChatMessage => ({
	role: "assistant",
	content: texts.map((text) => ({ type: "text", text })),
});

const LONG_QUERY = "zebra ".repeat(30).trim();

/** The places the first search of the second turn named: lines with and without a section, and a whole note. */
const FOUND = [
	{ path: "Notes/Zebras.md", line: 3, heading: "Zebras > Migration: July  and August" },
	{ path: "Notes/Mara 12.md", line: 40 },
	{ path: "memory/daily/2026-03-04.md" },
];

const searched: ToolCallRecord = {
	id: "t1",
	name: "memory_search",
	input: {},
	result: { text: "1. Notes/Zebras.md:3  Zebras (3.20)", isError: false, locations: FOUND },
};

/** Three turns as the loop returns them: plain text, tool calls (one failed, one with a long input), a stopped answer. */
const TURNS: { messages: ChatMessage[]; at: string; usage: TurnUsage; toolCalls: ToolCallRecord[] }[] = [
	{
		messages: [
			user("What do we know about zebras?\n\nAnswer briefly, please."),
			assistant("They are striped.\n\nAnd fast: see [[Notes/Zebras]].\n\n```\ncode with a blank\n\nline\n```"),
		],
		at: "2026-03-05T14:05:00Z",
		usage: usage(1200, 311),
		toolCalls: [],
	},
	{
		messages: [
			user("When do they migrate?"),
			{
				role: "assistant",
				content: [
					{ type: "text", text: "Let me look." },
					{
						type: "tool_use",
						id: "t1",
						name: "memory_search",
						input: { query: "zebra, migration: july", limit: 5, tags: ["a", "b"] },
					},
					{ type: "tool_use", id: "t2", name: "memory_get", input: { path: "Private/diary.md" } },
					{ type: "tool_use", id: "t3", name: "memory_search", input: { query: LONG_QUERY } },
				],
			},
			{
				role: "user",
				content: [
					{ type: "tool_result", toolUseId: "t1", content: "1. Notes/Zebras.md:3  Zebras (3.20)" },
					{
						type: "tool_result",
						toolUseId: "t2",
						content: "Access denied: excluded (private folder).\nMore.",
						isError: true,
					},
					{ type: "tool_result", toolUseId: "t3", content: "No matching memories found." },
				],
			},
			assistant("In July, across the Mara river."),
		],
		at: "2026-03-05T14:20:00Z",
		usage: usage(300, 40),
		toolCalls: [searched],
	},
	{
		messages: [user("Tell me everything"), assistant("Zebras are", INTERRUPTION_MARKERS.aborted)],
		at: "2026-03-05T14:31:00Z",
		usage: { ...usage(10, 2), estimated: true },
		toolCalls: [],
	},
];

/** The turns saved one by one, each in the interface language of its time. */
async function savedTranscript(languages: readonly Language[] = ["en", "en", "en"]): Promise<string> {
	const fixture = memoryFixture({}, TURNS[0].at);
	let path: string | null = null;
	for (const [index, turn] of TURNS.entries()) {
		const deps = {
			writer: fixture.deps.writer,
			store: fixture.vault,
			chatsFolder: "chats",
			language: languages[index],
		};
		path = await saveTranscriptTurn(deps, path, {
			result: { messages: turn.messages, usage: turn.usage, toolCalls: turn.toolCalls },
			at: new Date(turn.at),
			model: "claude-x",
		});
	}
	return fixture.vault.read(path ?? "");
}

describe("reading a transcript back", () => {
	it.each([
		["English", ["en", "en", "en"]],
		["Chinese", ["zh", "zh", "zh"]],
		["the language of each turn's time", ["zh", "en", "zh"]],
	] as const)(
		"gives back the saved turns, written in %s: the question, the answer's text and tool calls in order with the notes they named, the tokens",
		async (_, languages) => {
			const expected: SavedTurn[] = [
				{
					sentAt: "2026-03-05 14:05",
					question: "What do we know about zebras?\n\nAnswer briefly, please.",
					answer: [
						{
							kind: "text",
							text: "They are striped.\n\nAnd fast: see [[Notes/Zebras]].\n\n```\ncode with a blank\n\nline\n```",
						},
					],
					tokens: { input: 1200, output: 311 },
				},
				{
					sentAt: "2026-03-05 14:20",
					question: "When do they migrate?",
					answer: [
						{ kind: "text", text: "Let me look." },
						{
							kind: "tool",
							call: {
								name: "memory_search",
								input: { query: "zebra, migration: july", limit: 5, tags: ["a", "b"] },
								error: null,
								locations: FOUND,
							},
						},
						{
							kind: "tool",
							call: {
								name: "memory_get",
								input: { path: "Private/diary.md" },
								error: "Access denied: excluded (private folder).",
								locations: [],
							},
						},
						// The transcript cut the long query; what is left comes back, marked as cut.
						{
							kind: "tool",
							call: {
								name: "memory_search",
								input: { query: `${LONG_QUERY.slice(0, 78)}…` },
								error: null,
								locations: [],
							},
						},
						{ kind: "text", text: "In July, across the Mara river." },
					],
					tokens: { input: 300, output: 40 },
				},
				{
					sentAt: "2026-03-05 14:31",
					question: "Tell me everything",
					answer: [{ kind: "text", text: `Zebras are\n\n${INTERRUPTION_MARKERS.aborted}` }],
					tokens: { input: 10, output: 2 },
				},
			];
			const content = await savedTranscript(languages);
			if (languages[0] === "zh") expect(content).toContain("## 你 · 2026-03-05 14:05");
			// The stopped turn's output was estimated, and its line says so, in the language of its time.
			expect(content).toContain(
				languages[2] === "zh" ? "输出约 2（在 API 计数前停止）" : "about 2 out (stopped before the API counted them)",
			);
			expect(parseTranscript(content)).toEqual(expected);
		},
	);

	it("continues from the same conversation the model had, as text: a text-only chat comes back exactly", async () => {
		const conversation = savedConversation(parseTranscript(await savedTranscript()));
		expect(conversation.slice(0, 2)).toEqual(TURNS[0].messages);
		expect(conversation.slice(2, 4)).toEqual([
			user("When do they migrate?"),
			assistant("Let me look.\n\nIn July, across the Mara river."),
		]);
		expect(conversation.slice(4)).toEqual([
			user("Tell me everything"),
			assistant(`Zebras are\n\n${INTERRUPTION_MARKERS.aborted}`),
		]);
	});

	it("leaves out what the user wrote between turns, and keeps a turn whose answer never came", () => {
		const content = [
			"---",
			"created: 2026-03-05T14:05:00+00:00",
			"---",
			"",
			"## You · 2026-03-05 14:05",
			"",
			"Hi",
			"",
			"## Assistant",
			"",
			"Hello.",
			"",
			"*Tokens: 5 in, 1 out · ≈ $0.01*",
			"",
			"My own remark.",
			"",
			"## You · 2026-03-05 14:06",
			"",
			"Still there?",
			"",
		].join("\n");
		const turns = parseTranscript(content);
		expect(turns.map((turn) => [turn.question, turn.answer])).toEqual([
			["Hi", [{ kind: "text", text: "Hello." }]],
			["Still there?", []],
		]);
		expect(savedConversation(turns)[3]).toEqual(assistant(INTERRUPTION_MARKERS.empty));
		expect(parseTranscript("# Just a note\n\nNo chat here.")).toEqual([]);
	});
});

describe("a transcript's name", () => {
	it("gives the chat's title and start, and a new title keeps the start", () => {
		const path = "Assistant/chats/2026-03-05 1405 When do zebras migrate.md";
		expect(transcriptTitle(path)).toBe("When do zebras migrate");
		expect(transcriptStart(path)?.getTime()).toBe(new Date("2026-03-05T14:05:00Z").getTime());
		expect(transcriptTitle("chats/My chat.md")).toBe("My chat");
		expect(transcriptStart("chats/My chat.md")).toBeNull();
		const taken = new Set(["Assistant/chats/2026-03-05 1405 Zebras.md"]);
		expect(retitledTranscriptPath(path, "Zebras: migration?", (candidate) => taken.has(candidate))).toBe(
			"Assistant/chats/2026-03-05 1405 Zebras migration.md",
		);
		expect(retitledTranscriptPath(path, "Zebras", (candidate) => taken.has(candidate))).toBe(
			"Assistant/chats/2026-03-05 1405 Zebras 2.md",
		);
		expect(retitledTranscriptPath(path, "When do zebras migrate", () => true)).toBe(path);
	});
});
