import { heartbeatDepsOf, runHeartbeat, type HeartbeatRequest } from "../../../src/core/heartbeat";
import type { TurnPorts } from "../../../src/core/agent/session";
import { toolDefinitionTokens } from "../../../src/core/agent/context/windowBudgets";
import { messageTokens } from "../../../src/core/agent/context/conversationTurns";
import { ModelError, type ModelRequest } from "../../../src/core/model/modelClient";
import { estimateTokens } from "../../../src/core/text/tokenEstimate";
import { defaultSettings } from "../../../src/core/workspace/data/settings";
import { defaultState } from "../../../src/core/workspace/data/state";
import { writeToolsOver } from "../agent/tools/writeToolFixture";
import { answer, ScriptedModel, systemText } from "../agent/local/scriptedModel";
import { delay, RememberedTools } from "../agent/local/localSession";

const longDay = (day: string, first = "") =>
	`# ${day}\n\n## Log\n${first}${Array.from({ length: 60 }, (_, index) => `- ${index}:00 Worked on the thesis chapter and noted what the supervisor asked for next.`).join("\n")}\n`;

const FILES: Record<string, string> = {
	"soul.md": `# Soul\n\n${"Warm and brief, and always names the next step. ".repeat(60)}\n`,
	"user.md": `# User\n\n${"Mina, a PhD student in ecology who works best in the mornings. ".repeat(60)}\n`,
	"claude.md": `# Rules\n\n${"Answer in English and cite notes as wikilinks. ".repeat(60)}\n`,
	"memory.md": `# Memory\n\n## Preferences\n${"- Prefers short reminders with a date.\n".repeat(200)}`,
	"HEARTBEAT.md": `# Heartbeat\n\n## Checklist\n- [ ] Remind me to call mom on Sundays\n${"- [ ] Check the lab booking for the week\n".repeat(150)}`,
	"memory/daily/2026-03-13.md": longDay("2026-03-13"),
	"memory/daily/2026-03-14.md": longDay("2026-03-14", "- 08:00 Mina said her mom's birthday is on the 20th.\n"),
};

const READY: HeartbeatRequest = {
	state: { ...defaultState(), onboardingComplete: true, lastHeartbeatDate: "2026-03-14" },
	settings: { ...defaultSettings(), heartbeatAllDay: true },
	busy: false,
};

const SPOKEN = "Call your mom today: it is Sunday, and her birthday is on the 20th.";

async function heartbeatOn(model: ScriptedModel, overrides: Partial<TurnPorts> = {}) {
	const vault = await writeToolsOver(FILES);
	const ports: TurnPorts = { model, modelId: "qwen3:8b", tools: vault.deps, delay, transcript: null, ...overrides };
	return runHeartbeat(heartbeatDepsOf(ports), READY);
}

function requestTokens(request: ModelRequest): number {
	const system = request.system.reduce((sum, block) => sum + estimateTokens(block.text), 0);
	const messages = request.messages.reduce((sum, message) => sum + messageTokens(message), 0);
	return system + messages + toolDefinitionTokens(request.tools) + request.maxTokens;
}

describe("the heartbeat on a local model", () => {
	it("asks a model known to lack tools without them, and says so, and speaks", async () => {
		const model = new ScriptedModel([answer(SPOKEN)]);
		const tools = new RememberedTools(true);
		const report = await heartbeatOn(model, { toolSupport: tools });
		expect(report).toMatchObject({ kind: "spoke", text: SPOKEN });
		const [request] = model.requests;
		expect(request.tools).toEqual([]);
		expect(systemText(request)).toContain("You cannot call tools in this check");
		expect(systemText(request)).not.toContain("You may call memory_search");
		expect(JSON.stringify(request.messages)).toContain("her mom's birthday is on the 20th");
		expect(tools.failures).toBe(0);
	});

	it("remembers a model that refuses its tools, and asks it again without them", async () => {
		const model = new ScriptedModel([
			{ events: [], fails: new ModelError("tools-unsupported", "does not support tools") },
			answer("HEARTBEAT_OK"),
		]);
		const tools = new RememberedTools(false);
		const report = await heartbeatOn(model, { toolSupport: tools });
		expect(report.kind).toBe("silent");
		expect(tools.failures).toBe(1);
		expect(model.requests.map((request) => request.tools.map((tool) => tool.name))).toEqual([
			["memory_search", "memory_recent"],
			[],
		]);
	});

	it.each([
		{ window: 8192, toolsOff: false },
		{ window: 8192, toolsOff: true },
		{ window: 2048, toolsOff: false },
	])(
		"fits its request, answer included, in a window of $window tokens (tools off: $toolsOff), the checklist's first item kept",
		async ({ window, toolsOff }) => {
			const model = new ScriptedModel([answer(SPOKEN)]);
			await heartbeatOn(model, { toolSupport: new RememberedTools(toolsOff), contextWindowTokens: window });
			const [request] = model.requests;
			expect(requestTokens(request)).toBeLessThanOrEqual(window);
			expect(JSON.stringify(request.messages)).toContain("Remind me to call mom on Sundays");
			expect(JSON.stringify(request.messages)).toContain("[Cut here: the rest of the checklist is not shown.]");
		},
	);

	it("runs as before on Claude's window: its tools, the answer's 1,024 tokens, the checklist whole", async () => {
		const model = new ScriptedModel([answer("HEARTBEAT_OK")], false);
		await heartbeatOn(model);
		const [request] = model.requests;
		expect(request.tools.map((tool) => tool.name)).toEqual(["memory_search", "memory_recent"]);
		expect(request.maxTokens).toBe(1024);
		expect(JSON.stringify(request.messages)).not.toContain("[Cut here: the rest of the checklist");
	});
});
