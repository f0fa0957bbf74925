import {
	afterMemoryFlush,
	assembleContext,
	FRESH_CONVERSATION,
	MEMORY_FLUSH_PROMPT,
	type AssembledContext,
	type ConversationState,
} from "../../../../src/core/agent/context";
import { decideCompaction } from "../../../../src/core/agent/context/compaction";
import type { ChatMessage } from "../../../../src/core/model/modelClient";
import { contextInput, toolTurn, turn } from "./contextFixture";

/** A small window: 20,000 tokens less the 12,000 reserved leaves 8,000; compaction at 6,400. */
const WINDOW = 20_000;

function assemble(
	history: readonly ChatMessage[],
	conversation: ConversationState,
	userMessage = "next question",
): AssembledContext {
	return assembleContext(contextInput({ history, conversation, userMessage, contextWindowTokens: WINDOW }));
}

describe("decideCompaction", () => {
	const near = { promptTokens: 900, limitTokens: 1000, foldableThrough: 10 };

	it("keeps the conversation while the prompt is below the threshold", () => {
		expect(decideCompaction({ ...near, promptTokens: 799 }, FRESH_CONVERSATION, 0.8)).toEqual({ kind: "keep" });
	});

	it("asks for a memory flush before the first compaction, then compacts", () => {
		expect(decideCompaction(near, FRESH_CONVERSATION, 0.8)).toEqual({ kind: "flush-memory" });
		const flushed = afterMemoryFlush(FRESH_CONVERSATION, 14, "summary");
		expect(decideCompaction(near, flushed, 0.8)).toEqual({ kind: "compact", through: 10 });
	});

	it("asks again only once messages written after the last flush are to be folded", () => {
		const state = { compactedThrough: 10, summary: "s", flushedAtMessageCount: 14 };
		expect(decideCompaction({ ...near, foldableThrough: 14 }, state, 0.8)).toEqual({ kind: "compact", through: 14 });
		expect(decideCompaction({ ...near, foldableThrough: 16 }, state, 0.8)).toEqual({ kind: "flush-memory" });
	});

	it("keeps the conversation when nothing more can be folded", () => {
		expect(
			decideCompaction(
				{ ...near, foldableThrough: 10 },
				{ compactedThrough: 10, summary: null, flushedAtMessageCount: null },
				0.8,
			),
		).toEqual({ kind: "keep" });
	});
});

describe("compaction in a long conversation", () => {
	it("triggers near the window, asks for a memory flush exactly once before each compaction, and keeps the prompt under the window", () => {
		let history: ChatMessage[] = [];
		let state = FRESH_CONVERSATION;
		const events: string[] = [];
		for (let index = 0; index < 80; index++) {
			let context = assemble(history, state);
			if (context.report.conversation.decision === "flush-memory") {
				events.push(`flush@${history.length}`);
				// The turn loop sends MEMORY_FLUSH_PROMPT; the model appends to daily memory and replies with a summary.
				state = afterMemoryFlush(state, history.length, `Summary of the first ${history.length} messages.`);
				context = assemble(history, state);
				expect(assemble(history, state).report.conversation.decision).toBe("compact");
			}
			if (context.report.conversation.decision === "compact") events.push(`compact@${history.length}`);
			expect(context.report.conversation.promptTokens).toBeLessThan(context.report.conversation.limitTokens);
			state = context.report.conversation.nextState;
			history = [...history, ...turn(index)];
		}

		const flushes = events.filter((event) => event.startsWith("flush"));
		expect(flushes.length).toBeGreaterThanOrEqual(2);
		// Every flush is followed at once by its compaction, and no compaction comes without a flush before it.
		events.forEach((event, index) => {
			if (event.startsWith("flush")) expect(events[index + 1]).toBe(event.replace("flush", "compact"));
			else expect(events[index - 1]).toBe(event.replace("compact", "flush"));
		});
	});

	it("keeps the last four turns verbatim and sets the summary before them", () => {
		const history = Array.from({ length: 30 }, (_, index) => turn(index)).flat();
		const state = afterMemoryFlush(FRESH_CONVERSATION, history.length, "We planned chapter 3.");
		const context = assemble(history, state, "And now?");

		expect(context.report.conversation).toMatchObject({ decision: "compact", nextState: { compactedThrough: 52 } });
		expect(context.messages).toHaveLength(9);
		expect(context.messages[0].content[0]).toEqual({
			type: "text",
			text: '<earlier-conversation messages="52">\nWe planned chapter 3.\n</earlier-conversation>',
		});
		expect(context.messages[0].content.slice(1)).toEqual(history[52].content);
		expect(context.messages.slice(1, 8)).toEqual(history.slice(53));
		expect(context.messages[8]).toEqual({ role: "user", content: [{ type: "text", text: "And now?" }] });
		expect(context.report.layers.find((layer) => layer.layer === "conversation")?.cuts).toEqual([
			expect.objectContaining({ subject: "conversation", kind: "shortened", reason: "compacted" }),
		]);
	});

	it("never parts a tool call from its result, folding whole turns only", () => {
		const history = Array.from({ length: 120 }, (_, index) => [...toolTurn(index), ...turn(1000 + index, 10)]).flat();
		const state = afterMemoryFlush(FRESH_CONVERSATION, history.length, null);
		const { messages } = assemble(history, state);
		expect(messages[0].role).toBe("user");
		expect(messages[0].content.some((block) => block.type === "tool_result")).toBe(false);
		messages.forEach((message, index) => {
			const call = message.content.find((block) => block.type === "tool_use");
			if (call === undefined) return;
			expect(messages[index + 1].content).toContainEqual(
				expect.objectContaining({ type: "tool_result", toolUseId: call.id }),
			);
		});
	});

	it("folds every turn when the four kept verbatim would not fit the window either, once memory was flushed for all of them", () => {
		// Five turns of about 2,500 tokens: the last four alone are over the 8,000 tokens left.
		const history = Array.from({ length: 5 }, (_, index) => turn(index, 400)).flat();
		const unflushed = assemble(history, FRESH_CONVERSATION, "And now?");
		expect(unflushed.report.conversation.decision).toBe("flush-memory");
		const state = afterMemoryFlush(FRESH_CONVERSATION, history.length, "We planned chapter 3.");
		const context = assemble(history, state, "And now?");
		expect(context.report.conversation).toMatchObject({ decision: "compact", nextState: { compactedThrough: 10 } });
		expect(context.messages).toEqual([
			{
				role: "user",
				content: [
					{
						type: "text",
						text: '<earlier-conversation messages="10">\nWe planned chapter 3.\n</earlier-conversation>',
					},
					{ type: "text", text: "And now?" },
				],
			},
		]);
		expect(context.report.conversation.promptTokens).toBeLessThan(context.report.conversation.limitTokens);
	});

	it("stands a placeholder for the folded turns when the model gave no summary", () => {
		const history = Array.from({ length: 30 }, (_, index) => turn(index)).flat();
		const context = assemble(history, afterMemoryFlush(FRESH_CONVERSATION, history.length, "  "));
		const first = context.messages[0].content[0];
		expect(first.type === "text" && first.text).toContain(
			"The first 52 messages of this conversation were folded to save room",
		);
	});

	it("keeps sending the folded view on the next turns, with no new flush", () => {
		const history = Array.from({ length: 30 }, (_, index) => turn(index)).flat();
		const compacted = assemble(history, afterMemoryFlush(FRESH_CONVERSATION, history.length, "s")).report.conversation
			.nextState;
		const next = assemble([...history, ...turn(30)], compacted);
		expect(next.report.conversation.decision).toBe("keep");
		expect(next.messages).toHaveLength(11);
		expect(next.report.conversation.nextState).toEqual(compacted);
	});

	it("sends a conversation that fits as it is", () => {
		const history = turn(0);
		const context = assemble(history, FRESH_CONVERSATION, "thanks");
		expect(context.messages).toEqual([...history, { role: "user", content: [{ type: "text", text: "thanks" }] }]);
		expect(context.report.conversation.decision).toBe("keep");
	});

	it("asks the model, in the flush prompt, to write daily memory and to reply with a summary", () => {
		expect(MEMORY_FLUSH_PROMPT).toContain('memory_append with target "daily"');
		expect(MEMORY_FLUSH_PROMPT).toContain("reply with a summary");
	});
});
