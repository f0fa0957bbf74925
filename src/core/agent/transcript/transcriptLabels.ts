import { translateIn, type Language, type MessageKey } from "../../../i18n";
import type { TranscriptTokens } from "./transcriptTokens";
import { assistantHeading, youHeading } from "./turnSection";

/**
 * Reading a transcript's labels back, in whichever language each turn was written (the
 * interface language may change between two turns of one chat).
 */

/** Every interface language (the type checker asks for a new one here). */
const LANGUAGES = Object.keys({ en: true, zh: true } satisfies Record<Language, true>) as Language[];

const YOU_HEADINGS = LANGUAGES.map(youHeading);
const ASSISTANT_HEADINGS = new Set(LANGUAGES.map(assistantHeading));
const USAGE_KEYS = [
	"transcript.usage",
	"transcript.usage-no-cost",
	"transcript.usage-estimated",
	"transcript.usage-estimated-no-cost",
	"transcript.usage-local",
	"transcript.usage-estimated-local",
] as const;
const USAGE_LINES = LANGUAGES.flatMap((language) => USAGE_KEYS.map((key) => usagePattern(language, key)));
const TOOL_CALL = new RegExp(
	`^- (?:${LANGUAGES.map((language) => escapeRegExp(translateIn(language, "transcript.tool"))).join("|")}) ([\\w-]+)(.*)$`,
);

/** The minute after a turn's `## You · ` heading, or `null` for any other line. */
export function sentAtOf(line: string): string | null {
	const heading = YOU_HEADINGS.find((prefix) => line.startsWith(prefix));
	return heading === undefined ? null : line.slice(heading.length).trim();
}

export function isAssistantHeading(line: string): boolean {
	return ASSISTANT_HEADINGS.has(line);
}

/** The tokens of a turn's last line, as `turnSection` wrote them; `null` for any other line. */
export function usageOf(line: string): TranscriptTokens | null {
	for (const pattern of USAGE_LINES) {
		const groups = pattern.exec(line)?.groups;
		if (groups !== undefined) return { input: Number(groups.input), output: Number(groups.output) };
	}
	return null;
}

/** A tool call's list item (`- Tool name …`, `- 工具 name …`), split after the label: the name and the rest. */
export function toolCallParts(line: string): { readonly name: string; readonly rest: string } | null {
	const match = TOOL_CALL.exec(line);
	return match === null ? null : { name: match[1], rest: match[2] };
}

/** The usage line's template in `language`, its counts as groups and its cost as anything, between the `*` of its emphasis. */
function usagePattern(language: Language, key: MessageKey): RegExp {
	const template = escapeRegExp(translateIn(language, key))
		.replace(/\\\{(input|output)\\\}/g, "(?<$1>\\d+)")
		.replace(/\\\{cost\\\}/g, ".*?");
	return new RegExp(`^\\*${template}\\*$`);
}

function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
