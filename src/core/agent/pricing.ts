import type { Usage } from "./model";

/**
 * What a model call costs, in US dollars per million tokens: the one price table of the plugin.
 * Update it from https://www.anthropic.com/pricing when the default model changes; a model not
 * listed has an unknown cost, never a cost of zero.
 */
export interface ModelPrices {
	readonly inputPerMTok: number;
	readonly outputPerMTok: number;
	/** Reading the cached prompt prefix: a tenth of the input price. */
	readonly cacheReadPerMTok: number;
	/** Writing the prefix to the cache for five minutes (the `ephemeral` breakpoint): 1.25 times the input price. */
	readonly cacheWritePerMTok: number;
}

/**
 * Prices by model family: an id that starts with `prefix` (`claude-sonnet-5-5`, a dated
 * snapshot such as `claude-sonnet-5-5-20260101`) is priced by its row.
 */
const PRICE_TABLE: readonly { readonly prefix: string; readonly prices: ModelPrices }[] = [
	{ prefix: "claude-sonnet-", prices: { inputPerMTok: 3, outputPerMTok: 15, cacheReadPerMTok: 0.3, cacheWritePerMTok: 3.75 } },
];

/** The prices of `model`, or `null` when the table does not know it. */
function pricesOf(model: string): ModelPrices | null {
	return PRICE_TABLE.find((row) => model.startsWith(row.prefix))?.prices ?? null;
}

/** The estimated cost of `usage` on `model` in US dollars, or `null` when the model's prices are unknown. */
export function estimateCostUsd(model: string, usage: Usage): number | null {
	const prices = pricesOf(model);
	if (prices === null) return null;
	const microDollars =
		usage.inputTokens * prices.inputPerMTok +
		usage.outputTokens * prices.outputPerMTok +
		usage.cacheReadTokens * prices.cacheReadPerMTok +
		usage.cacheWriteTokens * prices.cacheWritePerMTok;
	return microDollars / 1_000_000;
}
