import { estimateCostUsd } from "../../../../src/core/agent/pricing";
import { DEFAULT_MODEL } from "../../../../src/llm";

const usage = (inputTokens: number, outputTokens: number, cacheReadTokens = 0, cacheWriteTokens = 0) => ({ inputTokens, outputTokens, cacheReadTokens, cacheWriteTokens });

describe("the price table", () => {
	it("prices the default model per million tokens of input, output, cache reads and cache writes", () => {
		expect(estimateCostUsd(DEFAULT_MODEL, usage(1_000_000, 0))).toBe(3);
		expect(estimateCostUsd(DEFAULT_MODEL, usage(0, 1_000_000))).toBe(15);
		expect(estimateCostUsd(DEFAULT_MODEL, usage(0, 0, 1_000_000))).toBeCloseTo(0.3, 10);
		expect(estimateCostUsd(DEFAULT_MODEL, usage(0, 0, 0, 1_000_000))).toBeCloseTo(3.75, 10);
		expect(estimateCostUsd(DEFAULT_MODEL, usage(2000, 500, 10_000, 0))).toBeCloseTo(0.006 + 0.0075 + 0.003, 10);
	});

	it("prices a dated snapshot of the family as the family", () => {
		expect(estimateCostUsd(`${DEFAULT_MODEL}-20260101`, usage(1_000_000, 0))).toBe(3);
	});

	it("knows no price for a model it does not list: unknown, never zero", () => {
		expect(estimateCostUsd("claude-mystery-1", usage(1000, 1000))).toBeNull();
		expect(estimateCostUsd("offline", usage(0, 0))).toBeNull();
	});
});
