import type { FrontMatter } from "../metadata";
import { findAssistantCallout } from "../text/assistantCallout";
import { withoutFrontmatter } from "../text/frontmatterBlock";

/** Where a prompt's answer goes besides the chat: `cursor` also puts it at the cursor of the note it was run from. */
export type PromptInsert = "chat" | "cursor";

/** A prompt note as it runs: its name, what its properties choose, and its body, the template. */
export interface PromptNote {
	readonly name: string;
	readonly description?: string;
	/** The model its turn runs on; absent, the one the settings choose. */
	readonly model?: string;
	readonly insert: PromptInsert;
	readonly template: string;
}

/** A property of a prompt note that could not be used: the prompt runs with that property's default. */
export type PromptProblem = "invalid-model" | "invalid-insert" | "invalid-description";

export interface ParsedPrompt {
	readonly prompt: PromptNote;
	readonly problems: readonly PromptProblem[];
}

/**
 * A prompt note read from its text and the properties Obsidian parsed from it: `model:`,
 * `insert: cursor` and `description:` choose how it runs, the body is the template. A property
 * of the wrong kind is reported and left at its default, so that a typo never stops a prompt.
 * Property names are matched case-insensitively, as Obsidian shows them.
 */
export function parsePromptNote(name: string, text: string, frontmatter: FrontMatter | undefined): ParsedPrompt {
	const properties = lowerCased(frontmatter ?? {});
	const problems: PromptProblem[] = [];
	const model = optionalText(properties.model, () => problems.push("invalid-model"));
	const description = optionalText(properties.description, () => problems.push("invalid-description"));
	const insert = insertOf(properties.insert, () => problems.push("invalid-insert"));
	return {
		prompt: {
			name,
			...(description === undefined ? {} : { description }),
			...(model === undefined ? {} : { model }),
			insert,
			template: withoutFrontmatter(withoutAssistantCallout(text)).trim(),
		},
		problems,
	};
}

/**
 * The note without the assistant's callout: the model writes that callout (note_annotate), and a
 * prompt is sent as the user's own message, so a callout kept in it would let the model plant
 * instructions the user later sends as theirs. The blank lines around it become one.
 */
function withoutAssistantCallout(text: string): string {
	const callout = findAssistantCallout(text);
	if (callout === null) return text;
	return `${text.slice(0, callout.start).trimEnd()}\n\n${text.slice(callout.end).trimStart()}`;
}

/** A description as the listing shows it without reading the note: text, or nothing. */
export function descriptionOf(frontmatter: FrontMatter | undefined): string | undefined {
	return optionalText(lowerCased(frontmatter ?? {}).description, () => undefined);
}

function lowerCased(properties: FrontMatter): Readonly<Record<string, unknown>> {
	return Object.fromEntries(Object.entries(properties).map(([key, value]) => [key.trim().toLowerCase(), value]));
}

/** Text that is there: a missing or empty property is no choice; anything but text is a problem. */
function optionalText(value: unknown, problem: () => unknown): string | undefined {
	if (value === undefined || value === null) return undefined;
	if (typeof value !== "string") {
		problem();
		return undefined;
	}
	const trimmed = value.trim();
	return trimmed === "" ? undefined : trimmed;
}

function insertOf(value: unknown, problem: () => unknown): PromptInsert {
	if (value === undefined || value === null || value === "") return "chat";
	const choice = typeof value === "string" ? value.trim().toLowerCase() : null;
	if (choice === "cursor" || choice === "chat") return choice;
	problem();
	return "chat";
}
