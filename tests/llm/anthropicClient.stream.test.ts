import type { ModelEvent } from "../../src/core/model/modelClient";
import { messageReply, textReply, toolUseReply, useFakeAnthropic } from "../harness/fakeAnthropic";
import { clientFor, drain, textOf, userRequest } from "./modelFixture";

const fake = useFakeAnthropic();

describe("AnthropicModelClient streaming, over the real SDK", () => {
	it("streams text deltas in order, then usage and the stop reason", async () => {
		fake().enqueue(textReply("Hello from the fake model.", { chunkSize: 5 }));
		const { events, error } = await drain(clientFor(fake()).client.stream(userRequest("Hi")));
		expect(error).toBeUndefined();
		const texts = events.filter((event) => event.type === "text");
		expect(texts.map((event) => event.text)).toEqual(["Hello", " from", " the ", "fake ", "model", "."]);
		expect(textOf(events)).toBe("Hello from the fake model.");
		expect(events.slice(-2).map((event) => event.type)).toEqual(["usage", "stop"]);
		expect(events.at(-1)).toEqual({ type: "stop", reason: "end_turn" });
	});

	it("sends the request the port describes: model, max tokens, messages, tools, streaming", async () => {
		fake().enqueue(textReply("ok"));
		const request = userRequest("What did I write about kayaks?", {
			model: "claude-opus-5-5",
			maxTokens: 2048,
			tools: [
				{
					name: "memory_search",
					description: "Search memory.",
					inputSchema: { type: "object", properties: { query: { type: "string" } }, required: ["query"] },
				},
			],
			messages: [
				{ role: "user", content: [{ type: "text", text: "Search for kayaks" }] },
				{
					role: "assistant",
					content: [{ type: "tool_use", id: "toolu_1", name: "memory_search", input: { query: "kayak" } }],
				},
				{
					role: "user",
					content: [
						{ type: "tool_result", toolUseId: "toolu_1", content: "No matching memories found.", isError: false },
					],
				},
			],
		});
		await drain(clientFor(fake()).client.stream(request));
		expect(fake().messageBodies).toEqual([
			{
				model: "claude-opus-5-5",
				max_tokens: 2048,
				stream: true,
				messages: [
					{ role: "user", content: [{ type: "text", text: "Search for kayaks" }] },
					{
						role: "assistant",
						content: [{ type: "tool_use", id: "toolu_1", name: "memory_search", input: { query: "kayak" } }],
					},
					{
						role: "user",
						content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "No matching memories found." }],
					},
				],
				tools: [
					{
						name: "memory_search",
						description: "Search memory.",
						input_schema: { type: "object", properties: { query: { type: "string" } }, required: ["query"] },
					},
				],
			},
		]);
		const headers = fake().requests[0].headers;
		expect(headers["anthropic-dangerous-direct-browser-access"]).toBe("true");
		expect(headers.authorization ?? headers["x-api-key"]).toContain("sk-ant-test");
	});

	it("marks the identity block with cache_control and leaves the other system blocks plain", async () => {
		fake().enqueue(textReply("ok"));
		await drain(
			clientFor(fake()).client.stream(
				userRequest("Hi", {
					system: [
						{ text: "You are the assistant. soul.md ...", cacheBreakpoint: true },
						{ text: "Hot memory: ..." },
						{ text: "Today is 2026-03-10." },
					],
				}),
			),
		);
		expect(fake().messageBodies[0]).toMatchObject({
			system: [
				{ type: "text", text: "You are the assistant. soul.md ...", cache_control: { type: "ephemeral" } },
				{ type: "text", text: "Hot memory: ..." },
				{ type: "text", text: "Today is 2026-03-10." },
			],
		});
		const system = (fake().messageBodies[0] as { system: object[] }).system;
		expect(system.filter((block) => "cache_control" in block)).toHaveLength(1);
	});

	it("assembles a tool call from its streamed JSON, after any text, and stops for tool use", async () => {
		const input = { query: "kayak route 皮划艇", limit: 5, tags: ["trip"] };
		fake().enqueue(toolUseReply("memory_search", input, { id: "toolu_42", textBefore: "Let me look.", chunkSize: 3 }));
		const { events, error } = await drain(clientFor(fake()).client.stream(userRequest("Where did I paddle?")));
		expect(error).toBeUndefined();
		expect(textOf(events)).toBe("Let me look.");
		const fragments = events.filter((event) => event.type === "tool_input");
		expect(fragments.length).toBeGreaterThan(3);
		expect(fragments.every((event) => event.id === "toolu_42" && event.name === "memory_search")).toBe(true);
		expect(fragments.map((event) => event.partialJson).join("")).toBe(JSON.stringify(input));
		const calls = events.filter((event) => event.type === "tool_use");
		expect(calls).toEqual([
			{ type: "tool_use", block: { type: "tool_use", id: "toolu_42", name: "memory_search", input } },
		]);
		// The whole call comes after its last fragment, and the stop reason last.
		expect(events.findIndex((event) => event.type === "tool_use")).toBeGreaterThan(
			events.findLastIndex((event) => event.type === "tool_input"),
		);
		expect(events.at(-1)).toEqual({ type: "stop", reason: "tool_use" });
	});

	it("runs a tool round trip: the tool's result goes back and the answer follows", async () => {
		fake().enqueue(
			toolUseReply("memory_search", { query: "kayak" }, { id: "toolu_7" }),
			textReply("You paddled the fjord [[Notes/Kayak]]."),
		);
		const { client } = clientFor(fake());
		const question = userRequest("Where did I paddle?");
		const first = await drain(client.stream(question));
		const call = first.events.find(
			(event): event is Extract<ModelEvent, { type: "tool_use" }> => event.type === "tool_use",
		);
		expect(call?.block).toEqual({ type: "tool_use", id: "toolu_7", name: "memory_search", input: { query: "kayak" } });
		const second = await drain(
			client.stream({
				...question,
				messages: [
					...question.messages,
					{ role: "assistant", content: [call!.block] },
					{
						role: "user",
						content: [{ type: "tool_result", toolUseId: "toolu_7", content: "1. Notes/Kayak.md:3  Routes (1.20)" }],
					},
				],
			}),
		);
		expect(textOf(second.events)).toBe("You paddled the fjord [[Notes/Kayak]].");
		expect(fake().messageBodies[1]).toMatchObject({
			messages: [
				{ role: "user" },
				{
					role: "assistant",
					content: [{ type: "tool_use", id: "toolu_7", name: "memory_search", input: { query: "kayak" } }],
				},
				{
					role: "user",
					content: [{ type: "tool_result", tool_use_id: "toolu_7", content: "1. Notes/Kayak.md:3  Routes (1.20)" }],
				},
			],
		});
	});

	it("sends a failed tool result with is_error", async () => {
		fake().enqueue(textReply("Sorry."));
		await drain(
			clientFor(fake()).client.stream(
				userRequest("x", {
					messages: [
						{ role: "assistant", content: [{ type: "tool_use", id: "toolu_1", name: "memory_get", input: {} }] },
						{
							role: "user",
							content: [{ type: "tool_result", toolUseId: "toolu_1", content: "Error: no such note", isError: true }],
						},
					],
				}),
			),
		);
		expect(fake().messageBodies[0]).toMatchObject({
			messages: [
				{},
				{ content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "Error: no such note", is_error: true }] },
			],
		});
	});

	it("reports usage with the cache read and write counts", async () => {
		fake().enqueue(
			textReply("ok", {
				usage: {
					input_tokens: 120,
					output_tokens: 42,
					cache_read_input_tokens: 3000,
					cache_creation_input_tokens: 800,
				},
			}),
		);
		const { events } = await drain(clientFor(fake()).client.stream(userRequest("Hi")));
		expect(events.filter((event) => event.type === "usage")).toEqual([
			{ type: "usage", usage: { inputTokens: 120, outputTokens: 42, cacheReadTokens: 3000, cacheWriteTokens: 800 } },
		]);
	});

	it("passes max_tokens through as the stop reason", async () => {
		fake().enqueue(textReply("A long answ", { stopReason: "max_tokens" }));
		const { events } = await drain(clientFor(fake()).client.stream(userRequest("Hi")));
		expect(events.at(-1)).toEqual({ type: "stop", reason: "max_tokens" });
	});

	it("gives a tool call cut by max_tokens an empty input, which the API accepts back", async () => {
		fake().enqueue(
			messageReply(
				[{ type: "tool_use", id: "toolu_cut", name: "memory_search", input: {}, inputJson: '{"query": "a very lo' }],
				{
					stopReason: "max_tokens",
				},
			),
		);
		const { events } = await drain(clientFor(fake()).client.stream(userRequest("Hi")));
		expect(events.find((event) => event.type === "tool_use")).toEqual({
			type: "tool_use",
			block: { type: "tool_use", id: "toolu_cut", name: "memory_search", input: {} },
		});
		expect(events.at(-1)).toEqual({ type: "stop", reason: "max_tokens" });
	});

	it("gives a tool call without arguments an empty input", async () => {
		fake().enqueue(
			messageReply([{ type: "tool_use", id: "toolu_none", name: "memory_recent", input: {}, inputJson: "" }]),
		);
		const { events } = await drain(clientFor(fake()).client.stream(userRequest("Hi")));
		expect(events.filter((event) => event.type === "tool_input")).toEqual([]);
		expect(events.find((event) => event.type === "tool_use")).toMatchObject({ block: { id: "toolu_none", input: {} } });
	});

	it("stops mid-stream when the signal aborts: keeps what was emitted and ends with aborted", async () => {
		fake().enqueue(textReply("One two three four five six seven eight nine ten.", { chunkSize: 4, delayMs: 20 }));
		const controller = new AbortController();
		const { events, error } = await drain(
			clientFor(fake()).client.stream(userRequest("Count", { signal: controller.signal })),
			(event) => {
				if (event.type === "text" && textOf([event]) !== "" && controller.signal.aborted === false) controller.abort();
			},
		);
		expect(error?.kind).toBe("aborted");
		expect(textOf(events)).toBe("One ");
		expect(events.some((event) => event.type === "stop")).toBe(false);
		await waitFor(() => fake().disconnects === 1);
	});

	it("ends with aborted, without a request, when the signal aborted before the call", async () => {
		const controller = new AbortController();
		controller.abort();
		const { events, error } = await drain(
			clientFor(fake()).client.stream(userRequest("Hi", { signal: controller.signal })),
		);
		expect(events).toEqual([]);
		expect(error?.kind).toBe("aborted");
		expect(fake().requests).toHaveLength(0);
	});

	it("keeps the partial text and ends with stream-cut when the connection drops mid-answer", async () => {
		// message_start, ping, content_block_start, then two text deltas: cut after 5 events.
		fake().enqueue(
			textReply("Partial answer that never ends", { chunkSize: 8, cutAfterEvents: 5 }),
			textReply("not used"),
		);
		const { client, delays } = clientFor(fake());
		const { events, error } = await drain(client.stream(userRequest("Hi")));
		expect(textOf(events)).toBe("Partial answer t");
		expect(error?.kind).toBe("stream-cut");
		// Never retried once part of the answer was shown: the caller keeps it.
		expect(fake().messageBodies).toHaveLength(1);
		expect(delays.waits).toEqual([]);
	});

	it("gives up on a stream that stalls mid-answer after the idle limit: the partial text is kept, the connection closed, nothing retried", async () => {
		fake().enqueue(
			textReply("Partial answer that stalls", { chunkSize: 8, stallAfterEvents: 5 }),
			textReply("not used"),
		);
		const { client, delays } = clientFor(fake(), { idleTimeoutMs: 200 });
		const started = Date.now();
		const { events, error } = await drain(client.stream(userRequest("Hi")));
		expect(Date.now() - started).toBeLessThan(2000);
		expect(textOf(events)).toBe("Partial answer t");
		expect(error?.kind).toBe("idle-timeout");
		expect(fake().messageBodies).toHaveLength(1);
		expect(delays.waits).toEqual([]);
		await waitFor(() => fake().disconnects === 1);
	});

	it("gives up on a response that sends nothing at all after the idle limit", async () => {
		fake().enqueue(textReply("never sent", { stallAfterEvents: 0 }), textReply("not used"));
		const { events, error } = await drain(clientFor(fake(), { idleTimeoutMs: 200 }).client.stream(userRequest("Hi")));
		expect(events).toEqual([]);
		expect(error?.kind).toBe("idle-timeout");
		expect(fake().messageBodies).toHaveLength(1);
	});

	it("keeps a slow stream whose events come within the idle limit", async () => {
		fake().enqueue(textReply("Slow but steady", { chunkSize: 4, delayMs: 60 }));
		const { events, error } = await drain(clientFor(fake(), { idleTimeoutMs: 300 }).client.stream(userRequest("Hi")));
		expect(error).toBeUndefined();
		expect(textOf(events)).toBe("Slow but steady");
	});

	it("ends with stream-cut when the API sends an error event mid-answer", async () => {
		fake().enqueue(
			textReply("Half of it", { chunkSize: 4, errorAfterEvents: { events: 5, type: "overloaded_error" } }),
		);
		const { events, error } = await drain(clientFor(fake()).client.stream(userRequest("Hi")));
		expect(textOf(events)).toBe("Half of ");
		expect(error?.kind).toBe("stream-cut");
		expect(fake().messageBodies).toHaveLength(1);
	});

	it("passes over an event of a type it does not know, as the API asks of clients, and streams the answer whole", async () => {
		fake().enqueue(
			textReply("Still whole.", { chunkSize: 4, unknownEventAfterEvents: { events: 3, type: "content_block_note" } }),
		);
		const { events, error } = await drain(clientFor(fake()).client.stream(userRequest("Hi")));
		expect(error).toBeUndefined();
		expect(textOf(events)).toBe("Still whole.");
		expect(events.at(-1)).toEqual({ type: "stop", reason: "end_turn" });
	});

	it("gives the tokens counted at the start of the stream first, before any text, for a stopped answer to count", async () => {
		fake().enqueue(
			textReply("Counted.", { usage: { input_tokens: 812, cache_read_input_tokens: 64, output_tokens: 9 } }),
		);
		const { events } = await drain(clientFor(fake()).client.stream(userRequest("Hi")));
		expect(events[0]).toEqual({
			type: "usage_start",
			usage: { inputTokens: 812, outputTokens: 1, cacheReadTokens: 64, cacheWriteTokens: 0 },
		});
		expect(events.filter((event) => event.type === "usage")).toEqual([
			{ type: "usage", usage: { inputTokens: 812, outputTokens: 9, cacheReadTokens: 64, cacheWriteTokens: 0 } },
		]);
	});

	it("retries a stream that broke before anything was shown", async () => {
		fake().enqueue(textReply("lost", { cutAfterEvents: 2 }), textReply("Second try."));
		const { client, delays } = clientFor(fake());
		const { events, error } = await drain(client.stream(userRequest("Hi")));
		expect(error).toBeUndefined();
		expect(textOf(events)).toBe("Second try.");
		expect(delays.waits).toHaveLength(1);
		expect(fake().messageBodies).toHaveLength(2);
	});
});

async function waitFor(condition: () => boolean, timeoutMs = 2000): Promise<void> {
	const start = Date.now();
	while (!condition()) {
		if (Date.now() - start > timeoutMs) throw new Error("condition not met in time");
		await new Promise((resolve) => setTimeout(resolve, 10));
	}
}
