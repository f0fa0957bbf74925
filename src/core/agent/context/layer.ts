import type { Cut, LayerName, LayerReport } from "./contextReport";
import { estimateTokens } from "../../text/tokenEstimate";

/** One layer of the system prompt as assembled: its text (`null` when it sends nothing) and its report. */
export interface Layer {
	readonly text: string | null;
	readonly report: LayerReport;
	/** The parts of its text that came from a note, each as placed. */
	readonly sources?: readonly ContextSource[];
}

/**
 * Text of a request that came from one note (the open note, a mention, a selection, a prompt's
 * `{{note}}`, an identity file, hot memory, the vault map, a weekly summary), exactly as placed in
 * the system prompt or the user's message, and that note's path: what is withheld from the turn's
 * later requests once the note turns private.
 */
export interface ContextSource {
	readonly path: string;
	readonly text: string;
}

export function sentLayer(
	layer: LayerName,
	budgetTokens: number | null,
	text: string,
	cuts: readonly Cut[] = [],
): Layer {
	return { text, report: { layer, tokens: estimateTokens(text), budgetTokens, cuts } };
}

/** `layer`, all of whose text came from the note at `path`. */
export function fromNote(layer: Layer, path: string): Layer {
	return layer.text === null ? layer : { ...layer, sources: [{ path, text: layer.text }] };
}

export function skippedLayer(
	layer: LayerName,
	budgetTokens: number | null,
	skipped: string,
	cuts: readonly Cut[] = [],
): Layer {
	return { text: null, report: { layer, tokens: 0, budgetTokens, cuts, skipped } };
}
