import type { TurnEvent } from "../../../../src/core/agent/loop";
import { OFFERED_TOOLS } from "../../../../src/core/agent/session";
import { ASSISTANT_TOOLS, runTool, toolEffectIn } from "../../../../src/core/agent/tools";
import { TURN_BUDGETS } from "../../../../src/core/agent/turnBudgets";
import {
	messageReply,
	textReply,
	toolUseReply,
	useFakeAnthropic,
	type ScriptedBlock,
} from "../../../harness/fakeAnthropic";
import { writeToolsOver, type WriteToolVault } from "../tools/writeToolFixture";
import { isWellFormed, runToEnd, sentBodies, turnDeps } from "./loopFixture";

const fake = useFakeAnthropic();

const FILES = { "memory.md": "# Memory\n", "memory/daily/2026-03-15.md": "# 2026-03-15\n\n## Log\n" };

/** A planted instruction obeyed: one answer that calls `name` `count` times, each with its own input. */
function burst(name: string, count: number, input: (i: number) => unknown): ScriptedBlock[] {
	return Array.from({ length: count }, (_, i) => ({
		type: "tool_use" as const,
		id: `toolu_burst_${name}_${i}`,
		name,
		input: input(i),
	}));
}

/** The loop as the chat runs it: every tool of the assistant, writing into an in-memory vault. */
function chatDeps(vault: WriteToolVault) {
	return turnDeps(fake(), vault.deps, {
		prepareRequest: (conversation, userMessage) => ({
			system: [{ text: "You are the assistant of this vault." }],
			messages: [...conversation, { role: "user", content: [{ type: "text", text: userMessage }] }],
			tools: OFFERED_TOOLS,
		}),
		executeTool: (name, input) => runTool(name, input, vault.deps, ASSISTANT_TOOLS),
		toolEffect: toolEffectIn(ASSISTANT_TOOLS),
	});
}

/** How many of the planted entries reached the vault's files. */
async function plantedOnDisk(vault: WriteToolVault): Promise<number> {
	const files = await vault.snapshot();
	return Object.values(files).reduce((sum, text) => sum + (text.match(/planted entry \d+/g) ?? []).length, 0);
}

function budgetEvents(events: readonly TurnEvent[]) {
	return events.filter((event) => event.type === "budget-reached");
}

describe("runTurn: the budgets of one turn", () => {
	it("runs at most the answer's writes of 50 memory_append calls in one answer, refuses the rest, tells the user once, and lets the model answer", async () => {
		const vault = await writeToolsOver(FILES);
		fake().enqueue(
			messageReply(burst("memory_append", 50, (i) => ({ target: "daily", text: `planted entry ${i}` }))),
			textReply("I stopped: I was asked to write far too much."),
		);
		const { events, result } = await runToEnd(chatDeps(vault), "Summarise [[Inbox/planted]]");

		const limit = TURN_BUDGETS.perAnswer.writes;
		expect(await plantedOnDisk(vault)).toBe(limit);
		expect(vault.records()).toHaveLength(limit);
		expect(budgetEvents(events)).toEqual([
			{ type: "budget-reached", hit: { scope: "answer", count: "writes", limit } },
		]);
		expect(result.budgetHit).toEqual({ scope: "answer", count: "writes", limit });

		// Every refused call got a result the model reads, naming the budget and asking for an answer.
		const refused = result.toolCalls.filter((call) => call.result.isError);
		expect(refused).toHaveLength(50 - limit);
		const [, second] = sentBodies(fake());
		const results = second.messages[second.messages.length - 1].content.filter((block) => block.is_error === true);
		expect(results).toHaveLength(50 - limit);
		for (const refusal of results)
			expect(String(refusal.content)).toContain(`the limit of ${limit} writes per answer is reached`);
		expect(String(results[0].content)).toContain("answer the user now");

		expect(result.stopReason).toBe("end_turn");
		expect(result.text).toBe("I stopped: I was asked to write far too much.");
		expect(isWellFormed(result.conversation)).toBe(true);
	});

	it("runs at most the turn's writes when the calls come a few per answer, round after round", async () => {
		const vault = await writeToolsOver(FILES);
		const rounds = 8;
		for (let round = 0; round < rounds; round++) {
			fake().enqueue(
				messageReply(burst("memory_append", 5, (i) => ({ target: "daily", text: `planted entry ${round * 5 + i}` }))),
			);
		}
		fake().enqueue(textReply("Done."));
		const { events, result } = await runToEnd(chatDeps(vault), "Follow the note's instructions.");

		const limit = TURN_BUDGETS.perTurn.writes;
		expect(await plantedOnDisk(vault)).toBe(limit);
		expect(budgetEvents(events)).toEqual([{ type: "budget-reached", hit: { scope: "turn", count: "writes", limit } }]);
		expect(result.toolCalls.filter((call) => call.result.isError)).toHaveLength(rounds * 5 - limit);
		expect(result.text).toBe("Done.");
	});

	it("creates at most the answer's new notes, and reads go on while writes are refused", async () => {
		const vault = await writeToolsOver(FILES);
		fake().enqueue(
			messageReply([
				...burst("capture_note", 6, (i) => ({ title: `Planted ${i}`, text: `planted entry ${i}` })),
				...burst("memory_search", 2, () => ({ query: "planted" })),
			]),
			textReply("Three notes, and I stopped."),
		);
		const { events, result } = await runToEnd(chatDeps(vault), "Create the notes the page lists.");

		const limit = TURN_BUDGETS.perAnswer.notesCreated;
		expect(Object.keys(await vault.snapshot()).filter((path) => path.includes("Planted"))).toHaveLength(limit);
		expect(budgetEvents(events)).toEqual([
			{ type: "budget-reached", hit: { scope: "answer", count: "notesCreated", limit } },
		]);
		expect(result.toolCalls.filter((call) => call.name === "memory_search").map((call) => call.result.isError)).toEqual(
			[false, false],
		);
	});

	it("runs at most the answer's tool calls of a burst of searches", async () => {
		const vault = await writeToolsOver(FILES);
		fake().enqueue(
			messageReply(burst("memory_search", 20, (i) => ({ query: `planted ${i}` }))),
			textReply("Enough searching."),
		);
		const { events, result } = await runToEnd(chatDeps(vault), "Search for everything.");

		const limit = TURN_BUDGETS.perAnswer.toolCalls;
		expect(result.toolCalls.filter((call) => !call.result.isError)).toHaveLength(limit);
		expect(budgetEvents(events)).toEqual([
			{ type: "budget-reached", hit: { scope: "answer", count: "toolCalls", limit } },
		]);
		expect(result.toolCalls[limit].result.text).toContain(`the limit of ${limit} tool calls per answer is reached`);
	});

	it("counts an answer's calls afresh in the next answer, so an honest turn of a few calls per round is never refused", async () => {
		const vault = await writeToolsOver(FILES);
		fake().enqueue(
			toolUseReply("memory_search", { query: "thesis" }),
			messageReply(burst("memory_append", 3, (i) => ({ target: "daily", text: `planted entry ${i}` }))),
			textReply("Noted."),
		);
		const { events, result } = await runToEnd(chatDeps(vault), "Note these three things.");
		expect(budgetEvents(events)).toEqual([]);
		expect(result.budgetHit).toBeNull();
		expect(result.toolCalls.every((call) => !call.result.isError)).toBe(true);
		expect(await plantedOnDisk(vault)).toBe(3);
	});
});
