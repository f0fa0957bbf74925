import { estimateTokens } from "../../../../src/core/text/tokenEstimate";
import { estimateCostUsd } from "../../../../src/core/agent/pricing";
import { DEFAULT_MODEL } from "../../../../src/core/model/defaultModel";
import { textReply, toolUseReply, useFakeAnthropic } from "../../../harness/fakeAnthropic";
import { clientFor } from "../../../llm/modelFixture";
import { toolsOver } from "../tools/toolFixture";
import { runToEnd, turnDeps } from "./loopFixture";

const fake = useFakeAnthropic();

const LONG_ANSWER = "Zebras migrate in July, when the rains move north across the Serengeti and the grass follows.";
const INPUT = { input_tokens: 1200, cache_read_input_tokens: 300, cache_creation_input_tokens: 40, output_tokens: 77 };

describe("runTurn: a turn stopped mid-stream still counts its tokens, over the real SDK and the fake Messages API", () => {
	it("stopped by the user: the input as the stream started, the output estimated from the text that arrived, and says it is estimated", async () => {
		const { deps: tools } = await toolsOver({});
		fake().enqueue(textReply(LONG_ANSWER, { chunkSize: 4, delayMs: 20, usage: INPUT }));
		const stop = new AbortController();
		let texts = 0;
		const { events, result } = await runToEnd(turnDeps(fake(), tools), "When do zebras migrate?", {
			signal: stop.signal,
			onEvent: (event) => {
				if (event.type === "text" && ++texts === 3) stop.abort();
			},
		});
		expect(result.stopReason).toBe("aborted");
		expect(events.some((event) => event.type === "usage")).toBe(false);
		const output = estimateTokens(result.text);
		expect(output).toBeGreaterThan(1);
		const total = { inputTokens: 1200, cacheReadTokens: 300, cacheWriteTokens: 40, outputTokens: output };
		expect(result.usage).toEqual({
			total,
			modelCalls: 1,
			costUsd: estimateCostUsd(DEFAULT_MODEL, total),
			estimated: true,
		});
	});

	it("stopped by the idle limit: counted the same way", async () => {
		const { deps: tools } = await toolsOver({});
		fake().enqueue(textReply("Partial answer that stalls", { chunkSize: 8, stallAfterEvents: 5, usage: INPUT }));
		const { result } = await runToEnd(
			turnDeps(fake(), tools, { model: clientFor(fake(), { idleTimeoutMs: 200 }).client }),
			"Tell me",
		);
		expect(result.error?.kind).toBe("idle-timeout");
		expect(result.usage.total).toEqual({
			inputTokens: 1200,
			cacheReadTokens: 300,
			cacheWriteTokens: 40,
			outputTokens: estimateTokens("Partial answer t"),
		});
		expect(result.usage.estimated).toBe(true);
	});

	it("adds the stopped call to the calls that finished before it, whose counts stay the API's", async () => {
		const { deps: tools } = await toolsOver({});
		fake().enqueue(
			toolUseReply("memory_search", { query: "zebras" }, { usage: { input_tokens: 500, output_tokens: 30 } }),
			textReply(LONG_ANSWER, { chunkSize: 4, delayMs: 20, usage: { input_tokens: 900 } }),
		);
		const stop = new AbortController();
		let afterTool = 0;
		const { result } = await runToEnd(turnDeps(fake(), tools), "Find zebras", {
			signal: stop.signal,
			onEvent: (event) => {
				if (event.type === "text" && ++afterTool === 2) stop.abort();
			},
		});
		expect(result.stopReason).toBe("aborted");
		expect(result.usage.modelCalls).toBe(2);
		expect(result.usage.total.inputTokens).toBe(1400);
		expect(result.usage.total.outputTokens).toBe(30 + Math.max(1, estimateTokens(result.text)));
		expect(result.usage.estimated).toBe(true);
	});

	it("a stream that broke after its start and was tried again counts both tries, the broken one as an estimate", async () => {
		const { deps: tools } = await toolsOver({});
		fake().enqueue(
			textReply("lost", { cutAfterEvents: 2, usage: { input_tokens: 700 } }),
			textReply("Second try.", { usage: { input_tokens: 700, output_tokens: 4 } }),
		);
		const { result } = await runToEnd(turnDeps(fake(), tools), "Hi");
		expect(result.text).toBe("Second try.");
		expect(result.usage.total.inputTokens).toBe(1400);
		expect(result.usage.total.outputTokens).toBe(1 + 4);
		expect(result.usage.estimated).toBe(true);
	});

	it("a turn that finished keeps the API's counts and is not marked estimated", async () => {
		const { deps: tools } = await toolsOver({});
		fake().enqueue(textReply(LONG_ANSWER, { usage: INPUT }));
		const { result } = await runToEnd(turnDeps(fake(), tools), "When do zebras migrate?");
		expect(result.usage.total.outputTokens).toBe(77);
		expect(result.usage.estimated).toBeUndefined();
	});
});
