import {
	DEFAULT_ASSEMBLY_BUDGETS,
	toolDefinitionTokens,
	toolsFitWindow,
	windowPlan,
} from "../../../../src/core/agent/context/windowBudgets";
import { instructionsTokens } from "../../../../src/core/agent/context/assistantInstructions";
import { OFFERED_TOOLS } from "../../../../src/core/agent/session/turnPorts";
import { DEFAULT_SERVER_CONTEXT_WINDOW } from "../../../../src/core/model/modelServer";

const TOOLS = 2900;
const INSTRUCTIONS = 650;
const on = (contextWindowTokens: number, toolTokens = TOOLS) =>
	({ contextWindowTokens, toolTokens, maxOutputTokens: 8192, instructionsTokens: INSTRUCTIONS }) as const;

describe("budgets that fit the model's window", () => {
	it("are the defaults on Claude's window, the answer's 8,192 tokens and the tools reserved", () => {
		const plan = windowPlan(on(200_000));
		expect(plan.maxOutputTokens).toBe(8192);
		expect({ ...plan.budgets, reservedTokens: 0 }).toEqual({ ...DEFAULT_ASSEMBLY_BUDGETS, reservedTokens: 0 });
		expect(plan.budgets.reservedTokens).toBe(8192 + TOOLS + 1000);
	});

	it("shrink on a local model's 8,192 tokens: a fifth for the answer, and layers that leave half the rest to the conversation", () => {
		const plan = windowPlan(on(8192, 0));
		expect(plan.maxOutputTokens).toBe(1638);
		const { budgets } = plan;
		const layers =
			budgets.identityTokens +
			budgets.hotMemoryTokens +
			budgets.memoryHintTokens +
			budgets.vaultMapTokens +
			budgets.notesTokens +
			budgets.historyBookTokens +
			budgets.searchResultsTokens;
		const room = 8192 - budgets.reservedTokens - INSTRUCTIONS;
		expect(layers).toBeLessThanOrEqual(room / 2);
		expect(budgets.keepTurns).toBeLessThan(DEFAULT_ASSEMBLY_BUDGETS.keepTurns);
	});

	it("keep the user's smaller hot memory cap", () => {
		expect(windowPlan({ ...on(200_000), hotMemoryCapTokens: 500 }).budgets.hotMemoryTokens).toBe(500);
	});

	it("leave the assistant's tools out of a window too small to hold them and a prompt", () => {
		expect(toolsFitWindow(on(8192))).toBe(true);
		expect(toolsFitWindow(on(4096))).toBe(false);
		expect(toolsFitWindow(on(2048))).toBe(false);
	});
});

describe("the assistant's own tools", () => {
	it("fit a local server's default window, so that a model there can call them rather than answer from a search", () => {
		// Every tool added or described at greater length costs each turn on a small window: this says when they no longer fit.
		const request = {
			contextWindowTokens: DEFAULT_SERVER_CONTEXT_WINDOW,
			toolTokens: toolDefinitionTokens(OFFERED_TOOLS),
			maxOutputTokens: 8192,
			instructionsTokens: instructionsTokens(new Date("2026-12-02T09:00:00Z")),
		};
		expect(toolsFitWindow(request)).toBe(true);
	});
});
