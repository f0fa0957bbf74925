import { DEFAULT_ASSEMBLY_BUDGETS, toolsFitWindow, windowPlan } from "../../../../src/core/agent/context/windowBudgets";

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
