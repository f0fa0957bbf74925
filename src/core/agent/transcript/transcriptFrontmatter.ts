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
	return ["tokens:", ...Object.entries(TOKEN_KEYS).map(([field, key]) => `  ${key}: ${totals.tokens[field as keyof Usage]}`), ...cost];
}

/** `  input: 1200`; earlier versions wrote `  input: 2500 # 1200`, the count then what it was before. */
const COUNT_LINE = /^[ \t]+(input|output|cache_read|cache_write):[ \t]*(\d+)(?:[ \t]+#.*)?$/;
const COST_LINE = /^cost_usd:[ \t]*(\d+(?:\.\d+)?)[ \t]*$/;

/**
 * `content` with `added` (a turn's tokens and cost) added to the totals in its frontmatter, which
 * are rewritten as clean numbers. A count missing from the block is taken as 0 (transcripts
 * from before the cache counts); a missing cost as unknown. Totals that are not where the
 * transcript wrote them (the user reformatted or removed them) are left alone.
 */
export function withAddedTotals(content: string, added: TranscriptTotals): string {
	const lines = content.split("\n");
	if (lines[0] !== "---") return content;
	const close = lines.indexOf("---", 1);
	const start = lines.indexOf("tokens:", 1);
	if (close === -1 || start === -1 || start > close) return content;
	const counts = new Map<string, number>();
	let end = start + 1;
	for (; end < close; end++) {
		const match = COUNT_LINE.exec(lines[end]);
		if (match === null) break;
		counts.set(match[1], Number(match[2]));
	}
	if (end < close && /^[ \t]/.test(lines[end])) return content;
	const costAt = lines.findIndex((line, index) => index > 0 && index < close && line.startsWith(`${COST_KEY}:`));
	const costMatch = costAt === -1 ? null : COST_LINE.exec(lines[costAt]);
	if (costAt !== -1 && costMatch === null) return content;
	const sum = (field: keyof Usage) => (counts.get(TOKEN_KEYS[field]) ?? 0) + added.tokens[field];
	const tokens: Usage = { inputTokens: sum("inputTokens"), outputTokens: sum("outputTokens"), cacheReadTokens: sum("cacheReadTokens"), cacheWriteTokens: sum("cacheWriteTokens") };
	const costUsd = costMatch === null || added.costUsd === null ? null : Number(costMatch[1]) + added.costUsd;
	// The old cost line goes, wherever it was; the new one follows the counts.
	const others = lines.map((line, index) => (index === costAt ? null : line));
	return [...others.slice(0, start), ...totalsLines({ tokens, costUsd }), ...others.slice(end)].filter((line) => line !== null).join("\n");
}
