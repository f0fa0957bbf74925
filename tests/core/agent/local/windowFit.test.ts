import { MEMORY_FLUSH_PROMPT } from "../../../../src/core/agent/context";
import { messageTokens } from "../../../../src/core/agent/context/conversationTurns";
import { toolDefinitionTokens } from "../../../../src/core/agent/context/windowBudgets";
import type { ModelRequest } from "../../../../src/core/model/modelClient";
import { estimateTokens } from "../../../../src/core/text/tokenEstimate";
import { answer, callsTool, ScriptedModel, type ScriptedReply } from "./scriptedModel";
import { drain, localChat, RememberedTools } from "./localSession";

/** Paragraphs of plausible prose, `count` sentences long, so that files weigh what real ones do. */
function prose(topic: string, count: number): string {
	const sentences = [
		`The ${topic} work moves slowly but steadily, and each week brings one more decision worth keeping.`,
		`Mina prefers short answers with the reasoning first, then the next step, and no filler.`,
		`When a deadline is close, the reminder should name the date and what is still missing.`,
		`Supervisor meetings are on Tuesdays; notes from them go into the project folder the same day.`,
		`Screening paused in February when the consent form changed, and resumed after ethics approval.`,
	];
	return Array.from({ length: count }, (_, index) => sentences[index % sentences.length]).join(" ");
}

const DAYS = ["2026-03-09", "2026-03-10", "2026-03-11", "2026-03-12", "2026-03-13", "2026-03-14"];

/** A workspace a few months into use: rich identity files, a long memory.md, days and weeks of memory, a vault map, notes. */
const FILES: Record<string, string> = {
	"soul.md": `# Soul\n\n## Voice\n${prose("voice", 12)}\n\n## Values\n${prose("values", 12)}\n`,
	"user.md": `# User\n\n## About\n${prose("thesis", 15)}\n\n## Preferences\n${prose("preferences", 15)}\n`,
	"claude.md": `# Rules\n\n${Array.from({ length: 30 }, (_, index) => `- Rule ${index + 1}: ${prose("rules", 1)}`).join("\n")}\n`,
	"memory.md": [
		"# Long-term memory",
		"",
		"## Preferences",
		prose("preferences", 10),
		"",
		"## Current state",
		prose("current", 10),
		"",
		...Array.from({ length: 40 }, (_, index) => [
			`## Promoted from 2026-02-${String((index % 28) + 1).padStart(2, "0")}`,
			`- ${prose("memory", 3)}`,
			"",
		]).flat(),
	].join("\n"),
	...Object.fromEntries(
		DAYS.map((day) => [`memory/daily/${day}.md`, `# ${day}\n\n## Log\n\n- ${prose("daily", 8)}\n`]),
	),
	"memory/weekly/2026-W09.md": `# 2026-W09\n\n## Decisions\n${prose("week nine", 30)}\n`,
	"memory/weekly/2026-W10.md": `# 2026-W10\n\n## Decisions\n${prose("week ten", 30)}\n`,
	"Vault map.md": [
		"# Vault map",
		"",
		"> [!assistant] Assistant notes",
		"> | Folder | Role | Notes | Description | Most linked |",
		"> | --- | --- | --- | --- | --- |",
		...Array.from(
			{ length: 60 },
			(_, index) => `> | Projects/P${index} | Projects | ${index + 3} | ${prose("folder", 1)} | [[Plan ${index}]] |`,
		),
	].join("\n"),
	"Projects/Thesis.md": `# Thesis\n\n${prose("thesis", 120)}\n`,
	"Notes/Zebras.md": `# Zebras\n\nZebra stripes confuse biting flies. ${prose("zebra", 30)}\n`,
};

/** The request as the server counts it, estimated: the system prompt, the messages, the tools, and the answer it may write. */
function requestTokens(request: ModelRequest): number {
	const system = request.system.reduce((sum, block) => sum + estimateTokens(block.text), 0);
	const messages = request.messages.reduce((sum, message) => sum + messageTokens(message), 0);
	return system + messages + toolDefinitionTokens(request.tools) + request.maxTokens;
}

/** About 250 words: what a local model answers to a real question. */
const LONG_ANSWER = prose("answer", 14);

/** A model that answers every question at length, writes the flush's summary, and now and then searches first. */
function talkative(request: ModelRequest): ScriptedReply {
	const last = request.messages.at(-1)?.content.at(-1);
	if (last?.type === "text" && last.text === MEMORY_FLUSH_PROMPT) return answer("We planned the thesis chapters.");
	if (
		last?.type === "text" &&
		request.tools.some((tool) => tool.name === "memory_search") &&
		last.text.includes("zebra")
	)
		return callsTool("memory_search", { query: "zebra stripes" }, `toolu_${request.messages.length}`);
	return answer(LONG_ANSWER);
}

const QUESTIONS = [
	"What did we decide about the chapters last week? Why did we pause screening?",
	"And what do my notes say about zebra stripes?",
	`Here is a draft paragraph, what do you think? ${prose("draft", 20)}`,
	"What should I do next on the thesis?",
	"Remind me what the supervisor said on Tuesday.",
	"Summarise where we stand.",
];

describe.each([
	{ window: 8192, toolsOff: false },
	{ window: 8192, toolsOff: true },
	{ window: 2048, toolsOff: false },
])("on a model whose window is $window tokens (tools off: $toolsOff)", ({ window, toolsOff }) => {
	it("sends every request of a long chat within the window, answer included", async () => {
		const model = new ScriptedModel(talkative);
		const { chat } = await localChat(FILES, model, {
			contextWindowTokens: window,
			toolSupport: new RememberedTools(toolsOff),
		});
		for (const question of QUESTIONS)
			await drain(chat.send(question, { currentNotePath: "Projects/Thesis.md", mentions: ["Notes/Zebras.md"] }));
		expect(model.requests.length).toBeGreaterThanOrEqual(QUESTIONS.length);
		for (const request of model.requests) expect(requestTokens(request)).toBeLessThanOrEqual(window);
		const system = model.requests.map((request) => request.system.map((block) => block.text).join("\n"));
		// What a small window still holds: the rules, a view of memory, the current note.
		expect(system[0]).toContain("Rule 1:");
		expect(system[0]).toContain("<hot-memory");
		expect(system[0]).toContain("<current-note");
	});
});

describe("a window too small for the assistant's tools", () => {
	it("answers from a search without asking the model for tools, and without counting it as a failure", async () => {
		const model = new ScriptedModel([answer("Stripes confuse flies [[Notes/Zebras]].")]);
		const tools = new RememberedTools(false);
		const { chat } = await localChat(FILES, model, { contextWindowTokens: 2048, toolSupport: tools });
		const events = await drain(chat.send("What do my notes say about zebra stripes?"));
		expect(events[0]).toEqual({ type: "tools-off", retried: false });
		expect(model.requests[0].tools).toEqual([]);
		expect(model.requests[0].maxTokens).toBe(Math.floor(2048 / 5));
		expect(tools.failures).toBe(0);
	});

	it("keeps the answer's length and every default on Claude's window", async () => {
		const model = new ScriptedModel([answer("Hello.")], false);
		const { chat } = await localChat(FILES, model);
		const events = await drain(chat.send("Hello"));
		expect(events[0].type).not.toBe("tools-off");
		expect(model.requests[0].maxTokens).toBe(8192);
		expect(model.requests[0].tools.length).toBeGreaterThan(5);
	});
});
