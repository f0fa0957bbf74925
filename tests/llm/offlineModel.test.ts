import type {
	ChatMessage,
	ModelEvent,
	ModelRequest,
	ToolDefinition,
	ToolUseBlock,
} from "../../src/core/model/modelClient";
import { toolResultBlock } from "../../src/core/agent/loop";
import { MEMORY_TOOLS } from "../../src/core/agent/tools";
import { setLanguage, t } from "../../src/i18n";
import { OFFLINE_MODEL_ID, OfflineModel } from "../../src/llm/offlineModel";
import { toolsOver } from "../core/agent/tools/toolFixture";
import { drain, textOf } from "./modelFixture";

/** The memory tools as the loop offers them to a model. */
const TOOLS: ToolDefinition[] = [...MEMORY_TOOLS.values()].map((tool) => ({
	name: tool.name,
	description: tool.description,
	inputSchema: tool.inputSchema,
}));

function ask(messages: ChatMessage[], overrides: Partial<ModelRequest> = {}): ModelRequest {
	return {
		model: OFFLINE_MODEL_ID,
		system: [{ text: "soul.md", cacheBreakpoint: true }],
		messages,
		tools: TOOLS,
		maxTokens: 1024,
		...overrides,
	};
}

const question: ChatMessage = { role: "user", content: [{ type: "text", text: "Where did I go kayaking?" }] };

function toolCallOf(events: readonly ModelEvent[]): ToolUseBlock {
	const event = events.find((candidate) => candidate.type === "tool_use");
	if (event?.type !== "tool_use") throw new Error("no tool call");
	return event.block;
}

/** Runs the offline model's two steps with the real memory_search over `files`. */
async function converse(files: Record<string, string>, text = "Where did I go kayaking?") {
	const { run } = await toolsOver(files);
	const model = new OfflineModel(t);
	const user: ChatMessage = { role: "user", content: [{ type: "text", text }] };
	const first = await drain(model.stream(ask([user])));
	const call = toolCallOf(first.events);
	const result = await run(call.name, call.input);
	const second = await drain(
		model.stream(
			ask([
				user,
				{ role: "assistant", content: [call] },
				{ role: "user", content: [toolResultBlock(call.id, result)] },
			]),
		),
	);
	return { first, call, result, second };
}

describe("OfflineModel", () => {
	afterEach(() => setLanguage("en"));

	it("is offline, and lists itself as the only model", async () => {
		const model = new OfflineModel(t);
		expect(model.offline).toBe(true);
		expect(await model.listModels()).toEqual([{ id: "offline", displayName: "Offline (notes only)" }]);
	});

	it("first searches memory with the user's message, and stops for the tool", async () => {
		const { events, error } = await drain(new OfflineModel(t).stream(ask([question])));
		expect(error).toBeUndefined();
		const call = toolCallOf(events);
		expect(call).toEqual({
			type: "tool_use",
			id: "toolu_offline_1",
			name: "memory_search",
			input: { query: "Where did I go kayaking?", limit: 5 },
		});
		expect(events.map((event) => event.type)).toEqual(["tool_input", "tool_use", "usage", "stop"]);
		expect(events.at(-2)).toEqual({
			type: "usage",
			usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 },
		});
		expect(events.at(-1)).toEqual({ type: "stop", reason: "tool_use" });
		expect(MEMORY_TOOLS.has(call.name)).toBe(true);
	});

	it("then answers with the notes found, each under a link to its section with its text below, labelled offline", async () => {
		const { result, second } = await converse({
			"Notes/Kayak trips.md": "# Kayak trips\n\n## Fjord\nWe went kayaking along the fjord in June.",
			"memory/daily/2026-03-10.md": "Planned another kayaking weekend.",
			"Recipes.md": "Nothing about boats here.",
		});
		expect(result.isError).toBe(false);
		const text = textOf(second.events);
		expect(text.startsWith("Offline mode: no model is connected. These notes match your question:\n\n")).toBe(true);
		expect(text).toContain(
			"**[[Notes/Kayak trips#Fjord|Kayak trips › Fjord]]**\n\nWe went kayaking along the fjord in June.",
		);
		expect(text).toContain("**[[memory/daily/2026-03-10|2026-03-10]]**\n\nPlanned another kayaking weekend.");
		expect(text).not.toContain("Recipes");
		expect(text.endsWith("To chat with Claude, add an Anthropic API key in the plugin settings.")).toBe(true);
		expect(second.events.map((event) => event.type)).toEqual(["text", "usage", "stop"]);
		expect(second.events.at(-1)).toEqual({ type: "stop", reason: "end_turn" });
	});

	it("says so when no note matches", async () => {
		const { result, second } = await converse({ "Recipes.md": "Bread and soup." }, "xylophone");
		expect(result.text).toBe("No matching memories found.");
		expect(textOf(second.events)).toBe(
			"Offline mode: no model is connected, and no note matches your question.\n\nTo chat with Claude, add an Anthropic API key in the plugin settings.",
		);
	});

	it("passes on a failed search", async () => {
		const call: ToolUseBlock = {
			type: "tool_use",
			id: "toolu_offline_1",
			name: "memory_search",
			input: { query: "x" },
		};
		const { events } = await drain(
			new OfflineModel(t).stream(
				ask([
					question,
					{ role: "assistant", content: [call] },
					{
						role: "user",
						content: [
							{ type: "tool_result", toolUseId: call.id, content: "Error: the index is not ready", isError: true },
						],
					},
				]),
			),
		);
		expect(textOf(events)).toContain("the memory search failed: Error: the index is not ready");
	});

	it("answers in the user's language", async () => {
		setLanguage("zh");
		const { second } = await converse({ "Notes/Kayak.md": "Kayaking on the lake." }, "kayaking");
		expect(textOf(second.events)).toContain("离线模式：未连接模型。以下笔记与你的问题相关：");
		expect(textOf(second.events)).toContain("[[Notes/Kayak|Kayak]]");
	});

	it("searches for the user's own words, not the context attached before them", async () => {
		const message: ChatMessage = {
			role: "user",
			content: [
				{ type: "text", text: "Current note: Notes/Trip.md\n\nA long note about many things." },
				{ type: "text", text: "When is the ferry?" },
			],
		};
		const { events } = await drain(new OfflineModel(t).stream(ask([message])));
		expect(toolCallOf(events).input).toEqual({ query: "When is the ferry?", limit: 5 });
	});

	it("numbers its tool calls across the conversation", async () => {
		const earlier: ChatMessage[] = [
			question,
			{
				role: "assistant",
				content: [{ type: "tool_use", id: "toolu_offline_1", name: "memory_search", input: { query: "x" } }],
			},
			{
				role: "user",
				content: [{ type: "tool_result", toolUseId: "toolu_offline_1", content: "No matching memories found." }],
			},
			{ role: "assistant", content: [{ type: "text", text: "Offline mode: ..." }] },
		];
		const { events } = await drain(new OfflineModel(t).stream(ask([...earlier, question])));
		expect(toolCallOf(events).id).toBe("toolu_offline_2");
	});

	it("answers honestly, without a search, when memory_search is not offered", async () => {
		const { events } = await drain(new OfflineModel(t).stream(ask([question], { tools: [] })));
		expect(textOf(events)).toBe(
			"Offline mode: no model is connected, so this request has no answer.\n\nTo chat with Claude, add an Anthropic API key in the plugin settings.",
		);
		expect(events.at(-1)).toEqual({ type: "stop", reason: "end_turn" });
	});

	it("says goodbye to a farewell instead of searching the notes for it, and still searches a goodbye that asks something", async () => {
		const said = (text: string) =>
			drain(new OfflineModel(t).stream(ask([{ role: "user", content: [{ type: "text", text }] }])));
		for (const farewell of ["先走了，明天见", "OK, bye!", "また明日"]) {
			const { events } = await said(farewell);
			expect(events.some((event) => event.type === "tool_use")).toBe(false);
			expect(textOf(events)).toBe(t("offline.answer.farewell"));
		}
		const { events } = await said("Before I go: where did I go kayaking? Bye");
		expect(toolCallOf(events).name).toBe("memory_search");
	});

	it("keeps the query within memory_search's 2,000 characters", async () => {
		const long = "kayak ".repeat(500);
		const { events } = await drain(
			new OfflineModel(t).stream(ask([{ role: "user", content: [{ type: "text", text: long }] }])),
		);
		expect((toolCallOf(events).input as { query: string }).query).toHaveLength(2000);
	});

	it("ends with aborted when the signal already aborted", async () => {
		const controller = new AbortController();
		controller.abort();
		const { events, error } = await drain(new OfflineModel(t).stream(ask([question], { signal: controller.signal })));
		expect(events).toEqual([]);
		expect(error?.kind).toBe("aborted");
	});
});
