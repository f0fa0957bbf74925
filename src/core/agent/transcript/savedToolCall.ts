import type { NoteLocation } from "../tools/noteLocation";
import { CUT_MARK, ERROR_SEPARATOR } from "./toolCallLine";
import { toolCallParts } from "./transcriptLabels";

/** After the tool's name: ` (arguments)` and ` — error`, each when there is one. */
const ARGS_AND_ERROR = new RegExp(`^(?: \\((.*?)\\))?(?:${ERROR_SEPARATOR}(.*))?$`);

/**
 * A tool call as a transcript keeps it: its input as far as the line holds it (cut values end
 * with `…`), and the notes its result named (the items below its line).
 */
export interface SavedToolCall {
	readonly name: string;
	readonly input: unknown;
	/** The first line of a failed call's error, else `null`. */
	readonly error: string | null;
	readonly locations: readonly NoteLocation[];
}

/**
 * The call a `toolCallLine` describes, or `null` for any other line. The arguments are read
 * back as written: a value the line cut stays cut (a string keeps its `…`).
 */
export function parseToolCallLine(line: string): Omit<SavedToolCall, "locations"> | null {
	const parts = toolCallParts(line);
	// Lazy arguments: an error may itself end with `)`.
	const match = parts === null ? null : ARGS_AND_ERROR.exec(parts.rest);
	if (parts === null || match === null) return null;
	const [, args, error] = match;
	return { name: parts.name, input: args === undefined ? undefined : parseInput(args), error: error ?? null };
}

/** `key: value, key: value` as `describeInput` joins them, or one value for an input that is not an object. */
function parseInput(args: string): unknown {
	const entries: [string, unknown][] = [];
	let rest = args;
	while (rest !== "") {
		const key = /^(\w+): /.exec(rest);
		if (key === null) return entries.length === 0 ? parseValue(args) : Object.fromEntries(entries);
		rest = rest.slice(key[0].length);
		const end = valueEnd(rest);
		entries.push([key[1], parseValue(rest.slice(0, end))]);
		rest = rest.slice(end).replace(/^, /, "");
	}
	return Object.fromEntries(entries);
}

/** Where the JSON value at the start of `text` ends: outside any string and bracket, before `, key: `, or after a cut. */
function valueEnd(text: string): number {
	const atNextKey = (index: number) => index === text.length || /^, \w+: /.test(text.slice(index));
	let inString = false;
	let depth = 0;
	for (let index = 0; index < text.length; index++) {
		const char = text[index];
		if (char === CUT_MARK && atNextKey(index + 1)) return index + 1;
		if (inString) {
			if (char === "\\") index++;
			else if (char === '"') inString = false;
		} else if (char === '"') inString = true;
		else if (char === "[" || char === "{") depth++;
		else if (char === "]" || char === "}") depth--;
		else if (depth === 0 && char === "," && atNextKey(index)) return index;
	}
	return text.length;
}

function parseValue(text: string): unknown {
	try {
		return JSON.parse(text) as unknown;
	} catch {
		// A cut value is no longer JSON: a string is kept without its opening quote, anything else as written.
		return text.startsWith('"') ? text.slice(1) : text;
	}
}
