import { INTERRUPTION_MARKERS } from "../../../../src/core/agent/loop";
import { en } from "../../../../src/i18n/en";
import { translateIn } from "../../../../src/i18n";
import { modelErrorMessage } from "../../../../src/llm";
import { errorReply, textReply, toolUseReply, useFakeAnthropic } from "../../../harness/fakeAnthropic";
import { clientFor } from "../../../llm/modelFixture";
import { toolsOver } from "../tools/toolFixture";
import { isWellFormed, runToEnd, sentBodies, streamedText, turnDeps } from "./loopFixture";

const fake = useFakeAnthropic();

const LONG_ANSWER = "Zebras migrate in July, when the rains move north across the Serengeti and the grass follows.";

describe("runTurn: stops and failures keep what arrived, over the real SDK and the fake Messages API", () => {
	it("stopped mid-stream, keeps the partial answer in the conversation, marked, and ends without an error", async () => {
		const { deps: tools } = await toolsOver({});
		fake().enqueue(textReply(LONG_ANSWER, { chunkSize: 4, delayMs: 20 }));
		const stop = new AbortController();
		const { events, result } = await runToEnd(turnDeps(fake(), tools), "When do zebras migrate?", {
			signal: stop.signal,
			onEvent: (event) => {
				if (event.type === "text") stop.abort();
			},
		});

		expect(result.stopReason).toBe("aborted");
		expect(result.error).toBeNull();
		expect(events.some((event) => event.type === "error")).toBe(false);
		expect(result.text).not.toBe("");
		expect(LONG_ANSWER.startsWith(result.text)).toBe(true);
		expect(result.text.length).toBeLessThan(LONG_ANSWER.length);
		expect(streamedText(events)).toBe(result.text);
		expect(result.messages).toEqual([
			{ role: "user", content: [{ type: "text", text: "When do zebras migrate?" }] },
			{
				role: "assistant",
				content: [
					{ type: "text", text: result.text },
					{ type: "text", text: INTERRUPTION_MARKERS.aborted },
				],
			},
		]);
		// The stop reached the server: the client hung up on the stream.
		await waitFor(() => fake().disconnects === 1);
	});

	it("stopped while a tool runs, answers the call with a stopped result and ends well-formed, so the next turn can follow", async () => {
		const { deps: tools } = await toolsOver({});
		fake().enqueue(toolUseReply("memory_search", { query: "zebras" }, { id: "toolu_slow" }), textReply("Next answer."));
		const stop = new AbortController();
		const untilStopped = () => new Promise<never>(() => undefined);
		const first = await runToEnd(turnDeps(fake(), tools, { executeTool: untilStopped }), "Find zebras", {
			signal: stop.signal,
			onEvent: (event) => {
				if (event.type === "tool-started") stop.abort();
			},
		});
		const stopped = { isError: true, text: "Error: the user stopped the turn before this call finished." };
		expect(first.events.filter((event) => event.type === "tool-finished")).toEqual([
			{ type: "tool-finished", id: "toolu_slow", name: "memory_search", result: stopped },
		]);
		expect(first.result.stopReason).toBe("aborted");
		expect(first.result.messages.slice(2)).toEqual([
			{
				role: "user",
				content: [{ type: "tool_result", toolUseId: "toolu_slow", content: stopped.text, isError: true }],
			},
			{ role: "assistant", content: [{ type: "text", text: INTERRUPTION_MARKERS.aborted }] },
		]);
		expect(isWellFormed(first.result.conversation)).toBe(true);

		const second = await runToEnd(turnDeps(fake(), tools), "Never mind", { conversation: first.result.conversation });
		expect(second.result.text).toBe("Next answer.");
		expect(sentBodies(fake())[1].messages.map((message) => message.role)).toEqual([
			"user",
			"assistant",
			"user",
			"assistant",
			"user",
		]);
	});

	it("stopped before it began, sends nothing and keeps the user's message", async () => {
		const { deps: tools } = await toolsOver({});
		const stop = new AbortController();
		stop.abort();
		const { events, result } = await runToEnd(turnDeps(fake(), tools), "Hello?", { signal: stop.signal });
		expect(fake().messageBodies).toHaveLength(0);
		expect(events.map((event) => event.type)).toEqual(["done"]);
		expect(result.messages).toEqual([
			{ role: "user", content: [{ type: "text", text: "Hello?" }] },
			{ role: "assistant", content: [{ type: "text", text: INTERRUPTION_MARKERS.aborted }] },
		]);
	});

	it("keeps the partial answer when the connection drops mid-answer, and reports stream-cut", async () => {
		const { deps: tools } = await toolsOver({});
		fake().enqueue(
			textReply("Partial answer that never ends", { chunkSize: 8, cutAfterEvents: 5 }),
			textReply("not used"),
		);
		const { events, result } = await runToEnd(turnDeps(fake(), tools), "Tell me");
		expect(result.text).toBe("Partial answer t");
		expect(events.filter((event) => event.type === "error")).toEqual([
			{ type: "error", error: expect.objectContaining({ kind: "stream-cut" }) as object, partialKept: true },
		]);
		expect(result.stopReason).toBe("error");
		expect(result.error?.kind).toBe("stream-cut");
		expect(result.messages[1]).toEqual({
			role: "assistant",
			content: [
				{ type: "text", text: "Partial answer t" },
				{ type: "text", text: INTERRUPTION_MARKERS.failed("stream-cut") },
			],
		});
		// Part of the answer was shown: never retried.
		expect(fake().messageBodies).toHaveLength(1);
	});

	it("ends on its own when the stream stalls mid-answer: after the idle limit, with the partial answer kept and the stall named", async () => {
		const { deps: tools } = await toolsOver({});
		fake().enqueue(
			textReply("Partial answer that stalls", { chunkSize: 8, stallAfterEvents: 5 }),
			textReply("not used"),
		);
		const started = Date.now();
		const { events, result } = await runToEnd(
			turnDeps(fake(), tools, { model: clientFor(fake(), { idleTimeoutMs: 200 }).client }),
			"Tell me",
		);
		expect(Date.now() - started).toBeLessThan(3000);
		expect(events.filter((event) => event.type === "error")).toEqual([
			{ type: "error", error: expect.objectContaining({ kind: "idle-timeout" }) as object, partialKept: true },
		]);
		expect(result.error && modelErrorMessage(result.error, (key) => translateIn("en", key))).toBe(
			en["model-error.idle-timeout"],
		);
		expect(result.messages[1]).toEqual({
			role: "assistant",
			content: [
				{ type: "text", text: "Partial answer t" },
				{ type: "text", text: INTERRUPTION_MARKERS.failed("idle-timeout") },
			],
		});
		expect(isWellFormed(result.conversation)).toBe(true);
	});

	it("ends on its own when an answer keeps trickling past the turn's time limit, keeping what arrived", async () => {
		const { deps: tools } = await toolsOver({});
		fake().enqueue(textReply(LONG_ANSWER, { chunkSize: 4, delayMs: 40 }));
		const { events, result } = await runToEnd(
			turnDeps(fake(), tools, { limits: { maxTurnMs: 300 } }),
			"When do zebras migrate?",
		);
		expect(result.stopReason).toBe("error");
		expect(result.error?.kind).toBe("time-limit");
		expect(events.filter((event) => event.type === "error")).toEqual([
			{ type: "error", error: expect.objectContaining({ kind: "time-limit" }) as object, partialKept: true },
		]);
		expect(result.error && modelErrorMessage(result.error, (key) => translateIn("en", key))).toBe(
			en["model-error.time-limit"],
		);
		expect(result.text.length).toBeGreaterThan(0);
		expect(LONG_ANSWER.startsWith(result.text)).toBe(true);
		expect(result.text).not.toBe(LONG_ANSWER);
		const last = result.messages[result.messages.length - 1];
		expect(last.content[last.content.length - 1]).toEqual({ type: "text", text: INTERRUPTION_MARKERS.timeLimit(300) });
		await waitFor(() => fake().disconnects === 1);
	});

	it("counts the tools' time in the turn's time limit: a tool that hangs ends the turn with time-limit", async () => {
		const { deps: tools } = await toolsOver({});
		fake().enqueue(
			toolUseReply("memory_search", { query: "zebras" }, { textBefore: "Searching." }),
			textReply("not used"),
		);
		const hanging = () => new Promise<never>(() => undefined);
		const { result } = await runToEnd(
			turnDeps(fake(), tools, { executeTool: hanging, limits: { maxTurnMs: 300 } }),
			"Tell me",
		);
		expect(result.error?.kind).toBe("time-limit");
		expect(result.text).toBe("Searching.");
		expect(isWellFormed(result.conversation)).toBe(true);
		expect(fake().messageBodies).toHaveLength(1);
	});

	it("retries 529 overloaded in the client, and the turn answers as if nothing happened", async () => {
		const { deps: tools } = await toolsOver({});
		fake().enqueue(errorReply(529), textReply("Finally."));
		const { events, result } = await runToEnd(turnDeps(fake(), tools), "Hi");
		expect(result.text).toBe("Finally.");
		expect(result.stopReason).toBe("end_turn");
		expect(events.some((event) => event.type === "error")).toBe(false);
		expect(fake().messageBodies).toHaveLength(2);
	});

	it("reports 401 as the invalid-key error without retrying: the server saw one request", async () => {
		const { deps: tools } = await toolsOver({});
		fake().enqueue(errorReply(401, { message: "invalid x-api-key" }), textReply("never"));
		const { events, result } = await runToEnd(turnDeps(fake(), tools), "Hi");
		const failure = events.find((event) => event.type === "error");
		expect(failure).toEqual({
			type: "error",
			error: expect.objectContaining({ kind: "invalid-key" }) as object,
			partialKept: false,
		});
		expect(result.error && modelErrorMessage(result.error, (key) => translateIn("en", key))).toBe(
			en["model-error.invalid-key"],
		);
		expect(fake().messageBodies).toHaveLength(1);
		expect(fake().pending).toBe(1);
		expect(result.messages[1]).toEqual({
			role: "assistant",
			content: [{ type: "text", text: INTERRUPTION_MARKERS.failed("invalid-key") }],
		});
		expect(events[events.length - 1].type).toBe("done");
	});
});

async function waitFor(condition: () => boolean): Promise<void> {
	for (let tries = 0; tries < 100 && !condition(); tries++) await new Promise((resolve) => setTimeout(resolve, 10));
	expect(condition()).toBe(true);
}
