import type { Usage } from "../model/modelClient";

/**
 * What a model call costs, in US dollars per million tokens: the one price table of the plugin.
 * Rates from Anthropic's model pages (platform.claude.com/docs, "Models & pricing"), checked
 * November 2026; update them when Anthropic changes a price or the default model changes. A
 * model not listed has an unknown cost, never a guessed one and never zero.
 */
export interface ModelPrices {
	readonly inputPerMTok: number;
	readonly outputPerMTok: number;
	/** Reading the cached prompt prefix. */
	readonly cacheReadPerMTok: number;
	/** Writing the prefix to the cache for five minutes (the `ephemeral` breakpoint the client sets). */
	readonly cacheWritePerMTok: number;
}

interface PriceRow {
	/** The model's id, as the API lists it; a dated snapshot of it (`<id>-YYYYMMDD`) is priced the same. */
	readonly id: string;
	readonly prices: ModelPrices;
	/** A model whose long prompts cost more: a call whose prompt exceeds `aboveTokens` is priced by `prices`, all of it. */
	readonly longPrompt?: { readonly aboveTokens: number; readonly prices: ModelPrices };
}

const PRICE_TABLE: readonly PriceRow[] = [
	// The models the API offers today, the default among them (`DEFAULT_MODEL`).
	{
		id: "claude-opus-5-5",
		prices: { inputPerMTok: 4, outputPerMTok: 20, cacheReadPerMTok: 0.2, cacheWritePerMTok: 5 },
	},
	{
		id: "claude-sonnet-5-5",
		prices: { inputPerMTok: 2, outputPerMTok: 10, cacheReadPerMTok: 0.2, cacheWritePerMTok: 2.5 },
	},
	{
		id: "claude-haiku-5-5",
		prices: { inputPerMTok: 0.1, outputPerMTok: 0.5, cacheReadPerMTok: 0.01, cacheWritePerMTok: 0.125 },
		longPrompt: {
			aboveTokens: 100_000,
			prices: { inputPerMTok: 0.5, outputPerMTok: 2.5, cacheReadPerMTok: 0.05, cacheWritePerMTok: 0.625 },
		},
	},
	// Still listed for keys that use them.
	{
		id: "claude-opus-5",
		prices: { inputPerMTok: 5, outputPerMTok: 25, cacheReadPerMTok: 0.5, cacheWritePerMTok: 6.25 },
	},
	{
		id: "claude-sonnet-5",
		prices: { inputPerMTok: 2, outputPerMTok: 10, cacheReadPerMTok: 0.2, cacheWritePerMTok: 2.5 },
	},
	{
		id: "claude-haiku-4-5",
		prices: { inputPerMTok: 1, outputPerMTok: 5, cacheReadPerMTok: 0.1, cacheWritePerMTok: 1.25 },
	},
];

const SNAPSHOT_SUFFIX = /^-\d{8}$/;

/** The row of `model`: its id exactly, or a dated snapshot of it (`claude-opus-5` is not `claude-opus-5-5`). */
function rowOf(model: string): PriceRow | null {
	return (
		PRICE_TABLE.find(
			(row) => model === row.id || (model.startsWith(row.id) && SNAPSHOT_SUFFIX.test(model.slice(row.id.length))),
		) ?? null
	);
}

/**
 * The estimated cost of one model call's `usage` on `model` in US dollars, or `null` when the
 * model's prices are unknown. Priced call by call: a model's long-prompt rate depends on each
 * call's prompt (input, cache reads and cache writes together).
 */
export function estimateCostUsd(model: string, usage: Usage): number | null {
	const row = rowOf(model);
	if (row === null) return null;
	const promptTokens = usage.inputTokens + usage.cacheReadTokens + usage.cacheWriteTokens;
	const prices =
		row.longPrompt !== undefined && promptTokens > row.longPrompt.aboveTokens ? row.longPrompt.prices : row.prices;
	const microDollars =
		usage.inputTokens * prices.inputPerMTok +
		usage.outputTokens * prices.outputPerMTok +
		usage.cacheReadTokens * prices.cacheReadPerMTok +
		usage.cacheWriteTokens * prices.cacheWritePerMTok;
	return microDollars / 1_000_000;
}
