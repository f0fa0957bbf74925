/** What a prompt's placeholders are filled with. */
export interface PromptValues {
	/** The editor's selection, `""` without one. */
	readonly selection: string;
	/** The active note's text, `""` when there is none or the assistant may not see it. */
	readonly note: string;
	/** Today in the user's local time, `YYYY-MM-DD`. */
	readonly date: string;
}

/** `{{selection}}`, `{{note}}`, `{{date}}`, with spaces inside the braces allowed. */
const PLACEHOLDER = /\{\{\s*(selection|note|date)\s*\}\}/gi;

/** A filled template, and whether the budget cut what was filled in. */
export interface FilledPrompt {
	readonly text: string;
	readonly cut: boolean;
	/** The note's and the selection's text as each placeholder got it, a cut one as cut. */
	readonly fromNote: readonly string[];
}

/**
 * The template with its placeholders filled in, in one pass: a value is never searched for
 * placeholders again, so a selection that says `{{note}}` stays as written and cannot pull the
 * note in. An unknown `{{name}}` is left as it is. The note and the selection share one budget of
 * `maxFilledChars` however often the template names them: a prompt repeating `{{note}}` thousands
 * of times would otherwise make a message of millions of characters, or one longer than a string
 * can be. A placeholder past the budget gets what is left of it, then nothing.
 */
export function fillPrompt(template: string, values: PromptValues, maxFilledChars: number): FilledPrompt {
	let left = maxFilledChars;
	let cut = false;
	const fromNote: string[] = [];
	const text = template.replace(PLACEHOLDER, (_, name: string) => {
		const key = name.toLowerCase() as keyof PromptValues;
		if (key === "date") return values.date;
		const value = values[key];
		if (value.length <= left) {
			left -= value.length;
			fromNote.push(value);
			return value;
		}
		cut = true;
		const kept = value.slice(0, left);
		left = 0;
		fromNote.push(kept);
		return kept;
	});
	return { text, cut, fromNote };
}

/** Whether the template asks for `name`, so that nothing is read for a placeholder it does not use. */
export function usesPlaceholder(template: string, name: keyof PromptValues): boolean {
	return [...template.matchAll(PLACEHOLDER)].some((match) => match[1].toLowerCase() === name);
}
