import { estimateCostUsd } from "../../../../src/core/agent/pricing";
import { DEFAULT_MODEL } from "../../../../src/llm";
import { DEFAULT_MODELS } from "../../../harness/fakeAnthropic";

const usage = (inputTokens: number, outputTokens: number, cacheReadTokens = 0, cacheWriteTokens = 0) => ({
	inputTokens,
	outputTokens,
	cacheReadTokens,
	cacheWriteTokens,
});

describe("the price table", () => {
	it("prices the default model per million tokens of input, output, cache reads and cache writes", () => {
		expect(estimateCostUsd(DEFAULT_MODEL, usage(1_000_000, 0))).toBe(2);
		expect(estimateCostUsd(DEFAULT_MODEL, usage(0, 1_000_000))).toBe(10);
		expect(estimateCostUsd(DEFAULT_MODEL, usage(0, 0, 1_000_000))).toBeCloseTo(0.2, 10);
		expect(estimateCostUsd(DEFAULT_MODEL, usage(0, 0, 0, 1_000_000))).toBeCloseTo(2.5, 10);
		expect(estimateCostUsd(DEFAULT_MODEL, usage(2000, 500, 10_000, 0))).toBeCloseTo(0.004 + 0.005 + 0.002, 10);
	});

	it.each(DEFAULT_MODELS.map((model) => model.id))("has a price for %s, which the model list offers", (model) => {
		expect(estimateCostUsd(model, usage(1000, 1000))).toBeGreaterThan(0);
	});

	it("prices each family's own models, not a longer id that starts the same", () => {
		expect(estimateCostUsd("claude-opus-5-5", usage(1_000_000, 0))).toBe(4);
		expect(estimateCostUsd("claude-opus-5", usage(1_000_000, 0))).toBe(5);
		expect(estimateCostUsd("claude-opus-5-7", usage(1_000_000, 0))).toBeNull();
	});

	it("prices a dated snapshot of a model as the model", () => {
		expect(estimateCostUsd(`${DEFAULT_MODEL}-20260101`, usage(1_000_000, 0))).toBe(2);
		expect(estimateCostUsd(`${DEFAULT_MODEL}-latest`, usage(1_000_000, 0))).toBeNull();
	});

	it("prices a long prompt at the long-prompt rate where the model has one, counting cached tokens in the prompt", () => {
		expect(estimateCostUsd("claude-haiku-5-5", usage(100_000, 0))).toBeCloseTo(0.01, 10);
		expect(estimateCostUsd("claude-haiku-5-5", usage(1001, 1_000_000, 99_000))).toBeCloseTo(
			0.0005005 + 2.5 + 0.00495,
			10,
		);
	});

	it("knows no price for a model it does not list: unknown, never zero", () => {
		expect(estimateCostUsd("claude-mystery-1", usage(1000, 1000))).toBeNull();
		expect(estimateCostUsd("claude-sonnet-9-9", usage(1000, 1000))).toBeNull();
		expect(estimateCostUsd("offline", usage(0, 0))).toBeNull();
	});
});
