import type { TranscriptTokens } from "./transcriptTokens";

export const TRANSCRIPT_TAG = "assistant-chat";

export interface TranscriptProperties {
	/** When the chat began, ISO 8601 with the user's offset. */
	readonly created: string;
	readonly model: string;
	readonly tokens: TranscriptTokens;
}

/** The transcript's frontmatter, ending with its closing `---` line. */
export function transcriptFrontmatter(properties: TranscriptProperties): string {
	return [
		"---",
		`created: ${properties.created}`,
		`model: ${/^[\w.-]+$/.test(properties.model) ? properties.model : JSON.stringify(properties.model)}`,
		"tokens:",
		`  input: ${properties.tokens.input}`,
		`  output: ${properties.tokens.output}`,
		"tags:",
		`  - ${TRANSCRIPT_TAG}`,
		"---",
		"",
	].join("\n");
}

/** `  input: 1200` or, after earlier updates, `  input: 2500 # 1200`: the count, then what it was before. */
const COUNT_LINE = /^([ \t]+)(input|output):([ \t]*)(\d+)([ \t]+#.*)?$/;

/**
 * `content` with this turn's tokens added to the totals of its frontmatter. The audited writer
 * lets the assistant insert text but never remove any, so the new total goes in front of the
 * old one, which stays behind it as a YAML comment: `input: 2500 # 1200`. A count that is not
 * where the transcript wrote it (the user reformatted or removed it) is left alone.
 */
export function withAddedTokens(content: string, added: TranscriptTokens): string {
	const lines = content.split("\n");
	if (lines[0] !== "---") return content;
	const close = lines.indexOf("---", 1);
	const tokensLine = lines.indexOf("tokens:", 1);
	if (close === -1 || tokensLine === -1 || tokensLine > close) return content;
	for (let index = tokensLine + 1; index < close; index++) {
		const match = COUNT_LINE.exec(lines[index]);
		if (match === null) break;
		const [, indent, key, space, count, rest = ""] = match;
		const total = Number(count) + (key === "input" ? added.input : added.output);
		lines[index] = `${indent}${key}:${space === "" ? " " : space}${total} # ${count}${rest}`;
	}
	return lines.join("\n");
}
