import type { Usage } from "../../model/modelClient";
import type { TranscriptTotals } from "./transcriptTokens";

export const TRANSCRIPT_TAG = "assistant-chat";

export interface TranscriptProperties {
	/** When the chat began, ISO 8601 with the user's offset. */
	readonly created: string;
	readonly model: string;
	readonly totals: TranscriptTotals;
}

/** The token counts under `tokens:`, by their property name; snake case, as Obsidian's properties are usually written. */
const TOKEN_KEYS: Readonly<Record<keyof Usage, string>> = {
	inputTokens: "input",
	outputTokens: "output",
	cacheReadTokens: "cache_read",
	cacheWriteTokens: "cache_write",
};
const COST_KEY = "cost_usd";
/** A millionth of a dollar: finer than any price in the table, short enough to read. */
const COST_DECIMALS = 6;

/** The transcript's frontmatter, ending with its closing `---` line. */
export function transcriptFrontmatter(properties: TranscriptProperties): string {
	return [
		"---",
		`created: ${properties.created}`,
		`model: ${/^[\w.-]+$/.test(properties.model) ? properties.model : JSON.stringify(properties.model)}`,
		...totalsLines(properties.totals),
		"tags:",
		`  - ${TRANSCRIPT_TAG}`,
		"---",
		"",
	].join("\n");
}

/** The `tokens:` block, then `cost_usd` when the cost is known. */
function totalsLines(totals: TranscriptTotals): string[] {
	const cost = totals.costUsd === null ? [] : [`${COST_KEY}: ${Number(totals.costUsd.toFixed(COST_DECIMALS))}`];
	return [
		"tokens:",
		...Object.entries(TOKEN_KEYS).map(([field, key]) => `  ${key}: ${totals.tokens[field as keyof Usage]}`),
		...cost,
	];
}

/**
 * Adds `added` (a turn's tokens and cost) to the totals in a transcript's properties, changed in
 * place (through `processFrontMatter`). A count missing from `tokens` is taken as 0 (transcripts
 * from before the cache counts); a missing cost as unknown, and a cost becomes unknown once a
 * turn's is. Totals that are not numbers where the transcript wrote them (the user changed or
 * removed them) are left alone.
 */
export function addTotals(properties: Record<string, unknown>, added: TranscriptTotals): void {
	const tokens = properties.tokens;
	if (typeof tokens !== "object" || tokens === null || Array.isArray(tokens)) return;
	const counts = tokens as Record<string, unknown>;
	const fields = Object.keys(TOKEN_KEYS) as Array<keyof Usage>;
	const countOf = (field: keyof Usage) => counts[TOKEN_KEYS[field]] ?? 0;
	if (!fields.every((field) => isCount(countOf(field)))) return;
	const cost = properties[COST_KEY];
	if (cost !== undefined && typeof cost !== "number") return;
	properties.tokens = Object.fromEntries(
		fields.map((field) => [TOKEN_KEYS[field], (countOf(field) as number) + added.tokens[field]]),
	);
	if (cost === undefined) return;
	if (added.costUsd === null) delete properties[COST_KEY];
	else properties[COST_KEY] = Number((cost + added.costUsd).toFixed(COST_DECIMALS));
}

function isCount(value: unknown): value is number {
	return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}
