import type { Cut, LayerName, LayerReport } from "./contextReport";
import { estimateTokens } from "../../text/tokenEstimate";

/** One layer of the system prompt as assembled: its text (`null` when it sends nothing) and its report. */
export interface Layer {
	readonly text: string | null;
	readonly report: LayerReport;
}

export function sentLayer(
	layer: LayerName,
	budgetTokens: number | null,
	text: string,
	cuts: readonly Cut[] = [],
): Layer {
	return { text, report: { layer, tokens: estimateTokens(text), budgetTokens, cuts } };
}

export function skippedLayer(
	layer: LayerName,
	budgetTokens: number | null,
	skipped: string,
	cuts: readonly Cut[] = [],
): Layer {
	return { text: null, report: { layer, tokens: 0, budgetTokens, cuts, skipped } };
}
