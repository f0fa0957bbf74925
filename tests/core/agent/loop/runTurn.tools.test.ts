import { lastRoundNotice } from "../../../../src/core/agent/loop/loopNotices";
import type { TurnEvent } from "../../../../src/core/agent/loop";
import { messageReply, textReply, toolUseReply, useFakeAnthropic } from "../../../harness/fakeAnthropic";
import { toolsOver } from "../tools/toolFixture";
import { isWellFormed, MEMORY_TOOL_DEFINITIONS, runToEnd, sentBodies, streamedText, turnDeps } from "./loopFixture";

const fake = useFakeAnthropic();

const FILES = {
	"Notes/Zebras.md": "# Zebras\nThe zebra migration crosses the Mara river in July.",
	"memory/daily/2026-03-15.md": "# 2026-03-15\n\n## Log\n- Read about zebras.",
};

/** The kinds of events in order, runs of one kind (text deltas) counted once. */
function eventKinds(events: readonly TurnEvent[]): string[] {
	return events.map((event) => event.type).filter((type, index, all) => index === 0 || all[index - 1] !== type);
}

describe("runTurn: tool rounds, over the real SDK and the fake Messages API", () => {
	it("runs a tool round trip: the model searches memory, gets the result, and answers", async () => {
		const { deps: tools } = await toolsOver(FILES);
		fake().enqueue(
			toolUseReply(
				"memory_search",
				{ query: "zebra migration" },
				{ id: "toolu_search", textBefore: "Let me look.", usage: { input_tokens: 1000, output_tokens: 20 } },
			),
			textReply("In July, across the Mara river [[Notes/Zebras]].", {
				usage: { input_tokens: 1200, output_tokens: 40, cache_read_input_tokens: 500 },
			}),
		);
		const { events, result } = await runToEnd(turnDeps(fake(), tools), "When do zebras migrate?");

		expect(eventKinds(events)).toEqual(["text", "usage", "tool-started", "tool-finished", "text", "usage", "done"]);
		expect(events).toContainEqual({
			type: "tool-started",
			id: "toolu_search",
			name: "memory_search",
			input: { query: "zebra migration" },
		});
		const finished = events.find((event) => event.type === "tool-finished");
		expect(finished).toMatchObject({
			id: "toolu_search",
			name: "memory_search",
			result: { isError: false, text: expect.stringContaining("Notes/Zebras.md") as string },
		});

		expect(result.text).toBe("Let me look.\n\nIn July, across the Mara river [[Notes/Zebras]].");
		expect(streamedText(events)).toBe(result.text);
		expect(result.stopReason).toBe("end_turn");
		expect(result.error).toBeNull();
		expect(result.toolCalls).toEqual([
			{
				id: "toolu_search",
				name: "memory_search",
				input: { query: "zebra migration" },
				result: expect.objectContaining({ isError: false }) as object,
			},
		]);

		// The second request carries the call and its result, exactly as the conversation keeps them.
		const bodies = sentBodies(fake());
		expect(bodies).toHaveLength(2);
		expect(bodies[1].messages).toEqual([
			{ role: "user", content: [{ type: "text", text: "When do zebras migrate?" }] },
			{
				role: "assistant",
				content: [
					{ type: "text", text: "Let me look." },
					{ type: "tool_use", id: "toolu_search", name: "memory_search", input: { query: "zebra migration" } },
				],
			},
			{
				role: "user",
				content: [
					{
						type: "tool_result",
						tool_use_id: "toolu_search",
						content: expect.stringContaining("Mara river") as string,
					},
				],
			},
		]);
		expect(result.messages).toHaveLength(4);
		expect(result.messages[3]).toEqual({
			role: "assistant",
			content: [{ type: "text", text: "In July, across the Mara river [[Notes/Zebras]]." }],
		});
		expect(result.conversation).toEqual(result.messages);
		expect(isWellFormed(result.conversation)).toBe(true);
	});

	it("sums the usage of every model call, reports each call as it ends, and estimates the cost from the price table", async () => {
		const { deps: tools } = await toolsOver(FILES);
		fake().enqueue(
			toolUseReply(
				"memory_recent",
				{},
				{ usage: { input_tokens: 1000, output_tokens: 20, cache_creation_input_tokens: 2000 } },
			),
			textReply("Done.", { usage: { input_tokens: 1200, output_tokens: 40, cache_read_input_tokens: 2000 } }),
		);
		const { events, result } = await runToEnd(turnDeps(fake(), tools), "What did I do today?");
		const total = { inputTokens: 2200, outputTokens: 60, cacheReadTokens: 2000, cacheWriteTokens: 2000 };
		const cost = (2200 * 2 + 60 * 10 + 2000 * 0.2 + 2000 * 2.5) / 1_000_000;
		expect(result.usage).toEqual({ total, modelCalls: 2, costUsd: expect.closeTo(cost, 12) as number });
		const usages = events.filter((event) => event.type === "usage");
		expect(usages).toHaveLength(2);
		expect(usages[0]).toMatchObject({
			call: { inputTokens: 1000, outputTokens: 20, cacheWriteTokens: 2000 },
			turn: { modelCalls: 1 },
		});
		expect(usages[1]).toMatchObject({
			call: { inputTokens: 1200, cacheReadTokens: 2000 },
			turn: { total, costUsd: expect.closeTo(cost, 12) as number },
		});
	});

	it("says the cost is unknown, not zero, for a model the price table does not list", async () => {
		const { deps: tools } = await toolsOver(FILES);
		fake().enqueue(textReply("Hello."));
		const { result } = await runToEnd(turnDeps(fake(), tools, { modelId: "claude-mystery-1" }), "Hi");
		expect(result.usage.costUsd).toBeNull();
		expect(sentBodies(fake())[0].model).toBe("claude-mystery-1");
	});

	it("answers a call to a tool it did not offer with an error result, without running anything", async () => {
		const { deps: tools } = await toolsOver(FILES);
		const executeTool = jest.fn();
		fake().enqueue(toolUseReply("delete_everything", { path: "/" }, { id: "toolu_x" }), textReply("Sorry."));
		const { result } = await runToEnd(turnDeps(fake(), tools, { executeTool }), "Clean up");
		expect(executeTool).not.toHaveBeenCalled();
		const offered = MEMORY_TOOL_DEFINITIONS.map((tool) => tool.name).join(", ");
		expect(result.toolCalls[0].result).toEqual({
			isError: true,
			text: `Error: there is no tool named "delete_everything". Tools: ${offered}.`,
		});
		expect(sentBodies(fake())[1].messages[2].content[0]).toMatchObject({ tool_use_id: "toolu_x", is_error: true });
	});

	it("runs at most 8 tool rounds: the last round's results ask for an answer, further calls are refused and the turn stops", async () => {
		const { deps: tools } = await toolsOver(FILES);
		fake().enqueue(
			...Array.from({ length: 10 }, (_, index) =>
				toolUseReply("memory_recent", { days: 1 }, { id: `toolu_round_${index + 1}` }),
			),
		);
		const { events, result } = await runToEnd(turnDeps(fake(), tools), "Keep digging");

		const bodies = sentBodies(fake());
		expect(bodies).toHaveLength(9);
		expect(fake().pending).toBe(1);
		expect(events.filter((event) => event.type === "tool-finished")).toHaveLength(8);
		expect(result.toolCalls.map((call) => call.result.isError)).toEqual(Array(8).fill(false));
		expect(result.stopReason).toBe("tool-limit");
		// The results of round 8 end with the notice; the earlier rounds' do not.
		const roundResults = (body: number) => bodies[body].messages[bodies[body].messages.length - 1].content;
		expect(roundResults(8)[roundResults(8).length - 1]).toEqual({ type: "text", text: lastRoundNotice(8) });
		expect(roundResults(7).every((block) => block.type === "tool_result")).toBe(true);
		// The refused call is answered in the conversation, which ends with the marker.
		const [refusedResults, closing] = result.messages.slice(-2);
		expect(refusedResults.content).toEqual([
			{
				type: "tool_result",
				toolUseId: "toolu_round_9",
				content: "Error: not run: this turn already used its 8 tool rounds.",
				isError: true,
			},
		]);
		expect(closing).toEqual({
			role: "assistant",
			content: [{ type: "text", text: "[Stopped: this turn used all 8 of its tool rounds.]" }],
		});
		expect(isWellFormed(result.conversation)).toBe(true);
	});

	it("lets the model answer after the last tool round", async () => {
		const { deps: tools } = await toolsOver(FILES);
		fake().enqueue(
			...Array.from({ length: 8 }, () => toolUseReply("memory_recent", {})),
			textReply("Here is what I found."),
		);
		const { result } = await runToEnd(turnDeps(fake(), tools), "Keep digging");
		expect(result.stopReason).toBe("end_turn");
		expect(result.toolCalls).toHaveLength(8);
		expect(result.text).toBe("Here is what I found.");
	});

	it("gives up on a tool that hangs after the timeout, and the model gets an error result", async () => {
		const { deps: tools } = await toolsOver(FILES);
		fake().enqueue(
			toolUseReply("memory_get", { path: "Notes/Zebras.md" }, { id: "toolu_hang" }),
			textReply("The note could not be read."),
		);
		const hanging = () => new Promise<never>(() => undefined);
		const { events, result } = await runToEnd(
			turnDeps(fake(), tools, { executeTool: hanging, limits: { toolTimeoutMs: 50 } }),
			"Read the zebra note",
		);
		const expected = { isError: true, text: "Error: memory_get did not finish within 0.05 s and was abandoned." };
		expect(events).toContainEqual({ type: "tool-finished", id: "toolu_hang", name: "memory_get", result: expected });
		expect(sentBodies(fake())[1].messages[2].content[0]).toEqual({
			type: "tool_result",
			tool_use_id: "toolu_hang",
			content: expected.text,
			is_error: true,
		});
		expect(result.stopReason).toBe("end_turn");
	});

	it("turns a tool that throws into an error result", async () => {
		const { deps: tools } = await toolsOver(FILES);
		fake().enqueue(toolUseReply("memory_recent", {}), textReply("Something went wrong."));
		const failing = () => Promise.reject(new Error("disk on fire"));
		const { result } = await runToEnd(turnDeps(fake(), tools, { executeTool: failing }), "Today?");
		expect(result.toolCalls[0].result).toEqual({ isError: true, text: "Error: memory_recent failed: disk on fire" });
	});

	it("does not run a call the output limit cut off: its input is incomplete", async () => {
		const { deps: tools } = await toolsOver(FILES);
		const executeTool = jest.fn();
		fake().enqueue(
			messageReply(
				[{ type: "tool_use", id: "toolu_cut", name: "memory_search", input: {}, inputJson: '{"query": "zeb' }],
				{ stopReason: "max_tokens" },
			),
			textReply("I will ask for less."),
		);
		const { result } = await runToEnd(turnDeps(fake(), tools, { executeTool }), "Search");
		expect(executeTool).not.toHaveBeenCalled();
		expect(result.toolCalls[0].result.text).toMatch(/^Error: not run: the output limit cut this call off/);
		expect(sentBodies(fake())[0].max_tokens).toBe(8192);
	});

	it("sends the earlier conversation before the user's message, and the system prompt and tools with every call", async () => {
		const { deps: tools } = await toolsOver(FILES);
		fake().enqueue(textReply("First answer."), toolUseReply("memory_recent", {}), textReply("Second answer."));
		const first = await runToEnd(turnDeps(fake(), tools), "First question");
		const second = await runToEnd(turnDeps(fake(), tools), "Second question", {
			conversation: first.result.conversation,
		});
		const bodies = sentBodies(fake());
		expect(bodies[1].messages.slice(0, 3)).toEqual([
			{ role: "user", content: [{ type: "text", text: "First question" }] },
			{ role: "assistant", content: [{ type: "text", text: "First answer." }] },
			{ role: "user", content: [{ type: "text", text: "Second question" }] },
		]);
		for (const body of bodies) {
			expect(body.system).toEqual([
				{ type: "text", text: "You are the assistant of this vault.", cache_control: { type: "ephemeral" } },
			]);
			expect(body.tools?.map((tool) => tool.name)).toEqual(MEMORY_TOOL_DEFINITIONS.map((tool) => tool.name));
		}
		expect(second.result.conversation).toHaveLength(6);
		expect(second.result.conversation.slice(0, 2)).toEqual(first.result.conversation);
		expect(isWellFormed(second.result.conversation)).toBe(true);
	});
});
