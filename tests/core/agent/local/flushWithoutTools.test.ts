import { MEMORY_FLUSH_PROMPT } from "../../../../src/core/agent/context";
import type { SessionEvent } from "../../../../src/core/agent/session";
import { ModelError, type ModelRequest } from "../../../../src/core/model/modelClient";
import { answer, ScriptedModel, type ScriptedReply } from "./scriptedModel";
import { drain, localChat, RememberedTools } from "./localSession";

const FILES = {
	"claude.md": "# Rules\n\nCite notes as wikilinks.\n",
	"Notes/Chapters.md": "# Chapters\n\nChapter 3 comes before chapter 2.\n",
};

/** About 1,000 tokens: a few turns of these fill an 8,192-token window. */
const longMessage = (turn: number) => `Turn ${turn}: ${"planning the chapter ".repeat(200)}`;

function isFlush(request: ModelRequest): boolean {
	const last = request.messages.at(-1)?.content.at(-1);
	return last?.type === "text" && last.text === MEMORY_FLUSH_PROMPT;
}

describe("the memory flush before compaction, on a model without tools", () => {
	it("is skipped: one request per message, none with tools, and the conversation is folded all the same", async () => {
		const model = new ScriptedModel(() => answer("Noted."));
		const { chat } = await localChat(FILES, model, {
			contextWindowTokens: 8192,
			toolSupport: new RememberedTools(true),
		});
		const events: SessionEvent[] = [];
		for (let turn = 1; turn <= 8; turn++) events.push(...(await drain(chat.send(longMessage(turn)))));
		expect(model.requests).toHaveLength(8);
		expect(model.requests.some(isFlush)).toBe(false);
		expect(model.requests.every((request) => request.tools.length === 0)).toBe(true);
		expect(events.some((event) => event.type === "memory-flushed")).toBe(false);
		const last = JSON.stringify(model.requests[7].messages);
		expect(last).toContain("folded to save room, and no summary of them was kept");
		expect(last).not.toContain("Turn 1:");
	});

	it("falls back once when the flush is the model's first tool call and it cannot make it, and never asks for the flush again", async () => {
		const tools = new RememberedTools(false);
		let flushes = 0;
		const model = new ScriptedModel((request): ScriptedReply => {
			if (!isFlush(request)) return answer("Noted.");
			flushes++;
			return { events: [], fails: new ModelError("tools-unsupported", "the tool call could not be read") };
		});
		const { chat } = await localChat(FILES, model, { contextWindowTokens: 8192, toolSupport: tools });
		const turns: SessionEvent[][] = [];
		for (let turn = 1; turn <= 8; turn++) turns.push(await drain(chat.send(longMessage(turn))));
		expect(flushes).toBe(1);
		expect(tools.failures).toBe(1);
		const fallback = turns.find((events) => events.some((event) => event.type === "tools-off"));
		expect(fallback?.map((event) => event.type)).toEqual([
			"tools-off",
			"tool-started",
			"tool-finished",
			"text",
			"usage",
			"done",
			"saved",
		]);
		expect(fallback?.[0]).toEqual({ type: "tools-off", retried: true });
		const after = model.requests.slice(model.requests.findIndex(isFlush) + 1);
		expect(after.every((request) => request.tools.length === 0 && !isFlush(request))).toBe(true);
	});
});
