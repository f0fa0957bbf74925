import { turnSection } from "../../../../src/core/agent/transcript/turnSection";
import { usageOf } from "../../../../src/core/agent/transcript/transcriptLabels";
import type { TurnDeps } from "../../../../src/core/agent/loop";
import { toolsOver } from "../tools/toolFixture";
import { runToEnd, turnDepsOver } from "../loop/loopFixture";
import { answer, ScriptedModel } from "./scriptedModel";

async function depsOver(model: ScriptedModel): Promise<TurnDeps> {
	const { deps: tools } = await toolsOver({});
	return turnDepsOver(model, tools, { modelId: "qwen3:8b" });
}

describe("runTurn on a local model", () => {
	it("passes the server's wait for its model on, before the answer", async () => {
		const reply = answer("Hello.");
		const model = new ScriptedModel([{ events: [{ type: "waiting-for-model" }, ...reply.events] }]);
		const { events } = await runToEnd(await depsOver(model), "Hi");
		expect(events.map((event) => event.type)).toEqual(["waiting-for-model", "text", "usage", "done"]);
	});

	it("counts the tokens and no cost, and says the model is local, where a priced model's cost would be unknown", async () => {
		const local = new ScriptedModel([answer("Hello.", { inputTokens: 1500, outputTokens: 20 })]);
		const { result } = await runToEnd(await depsOver(local), "Hi");
		expect(result.usage).toEqual({
			total: { inputTokens: 1500, outputTokens: 20, cacheReadTokens: 0, cacheWriteTokens: 0 },
			modelCalls: 1,
			costUsd: 0,
			local: true,
		});
		const remote = new ScriptedModel([answer("Hello.")], false);
		expect((await runToEnd(await depsOver(remote), "Hi")).result.usage.costUsd).toBeNull();
	});
});

describe("a local turn in the transcript", () => {
	it("says local, no cost, and reads its tokens back", () => {
		const usage = {
			total: { inputTokens: 1500, outputTokens: 20, cacheReadTokens: 0, cacheWriteTokens: 0 },
			modelCalls: 1,
			costUsd: 0,
			local: true as const,
		};
		const messages = [
			{ role: "user" as const, content: [{ type: "text" as const, text: "Hi" }] },
			{ role: "assistant" as const, content: [{ type: "text" as const, text: "Hello." }] },
		];
		const section = turnSection({ messages, usage, toolCalls: [] }, new Date("2026-03-15T12:00:00Z"), "en");
		const line = section.trimEnd().split("\n").at(-1) ?? "";
		expect(line).toBe("*Tokens: 1500 in, 20 out · local, no cost*");
		expect(usageOf(line)).toEqual({ input: 1500, output: 20 });
		const zh = turnSection({ messages, usage, toolCalls: [] }, new Date("2026-03-15T12:00:00Z"), "zh");
		expect(usageOf(zh.trimEnd().split("\n").at(-1) ?? "")).toEqual({ input: 1500, output: 20 });
	});
});
