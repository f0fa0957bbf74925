import type { MessageKey } from "../../i18n";
import { parseLenientJson, type JsonValue } from "./lenientJson";

/** The fence tag that ends onboarding: the model writes its answers as JSON in such a block. */
export const ONBOARDING_COMPLETE_TAG = "onboarding-complete";

/** What went wrong, as an interface string for the user and a detail in English for the log and the model. */
export interface BlockProblem {
	readonly key: MessageKey;
	readonly params: Readonly<Record<string, string | number>>;
	readonly detail: string;
}

/**
 * What the model's message holds: no completion block (onboarding goes on), the answers under
 * whatever keys the model chose, or a block that could not be read (the user is offered a retry).
 */
export type OnboardingCompletion =
	| { readonly kind: "none" }
	| { readonly kind: "complete"; readonly answers: Readonly<Record<string, JsonValue>> }
	| { readonly kind: "invalid"; readonly problem: BlockProblem };

const OPENING = /^[ \t]*(`{3,}|~{3,})[ \t]*([^`\s]*)[^`]*$/;

/**
 * Finds the last ```` ```onboarding-complete ```` block of a message and reads its JSON
 * tolerantly: CRLF line ends, spaces after the tag or the fences, an indented closing fence,
 * longer fences (four backticks, tildes), and what `parseLenientJson` forgives. Never throws.
 */
export function parseOnboardingCompletion(message: string): OnboardingCompletion {
	const lines = message.split(/\r\n|\r|\n/);
	const opening = lastOpening(lines);
	if (opening === null) return { kind: "none" };
	const closing = lines.findIndex((line, index) => index > opening.line && isClosing(line, opening.fence));
	const body = lines.slice(opening.line + 1, closing === -1 ? undefined : closing).join("\n");
	if (body.trim() === "") return invalid("onboarding.block.empty", {}, "the onboarding-complete block is empty");
	const parsed = parseLenientJson(body);
	if (!parsed.ok) {
		if (closing === -1)
			return invalid(
				"onboarding.block.unclosed",
				{},
				`the onboarding-complete block has no closing fence (${opening.fence})`,
			);
		const { line, column, message: expected } = parsed;
		return invalid(
			"onboarding.block.invalid-json",
			{ line, column },
			`line ${line}, column ${column} of the block: ${expected}`,
		);
	}
	if (!isObject(parsed.value))
		return invalid("onboarding.block.not-an-object", {}, "the block holds JSON that is not an object of answers");
	return { kind: "complete", answers: parsed.value };
}

/** The last line that opens a fence whose info string starts with the tag, and its fence. */
function lastOpening(lines: readonly string[]): { readonly line: number; readonly fence: string } | null {
	for (let index = lines.length - 1; index >= 0; index--) {
		const match = OPENING.exec(lines[index]);
		if (match !== null && match[2].toLowerCase() === ONBOARDING_COMPLETE_TAG) return { line: index, fence: match[1] };
	}
	return null;
}

/** A fence of the same character, at least as long, alone on its line (indented or not). */
function isClosing(line: string, fence: string): boolean {
	const match = /^[ \t]*(`{3,}|~{3,})[ \t]*$/.exec(line);
	return match !== null && match[1][0] === fence[0] && match[1].length >= fence.length;
}

function isObject(value: JsonValue): value is { [key: string]: JsonValue } {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

function invalid(key: MessageKey, params: BlockProblem["params"], detail: string): OnboardingCompletion {
	return { kind: "invalid", problem: { key, params, detail } };
}
