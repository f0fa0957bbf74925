import type { MessageKey, MessageVars } from "../../../i18n";
import type { NoteLocation } from "./noteLocation";

/** An interface string and its values, for the view to translate: the core names what to say, not how. */
export interface ToolPhrase {
	readonly key: MessageKey;
	readonly vars?: MessageVars;
}

/** What the notes a result names are to the user: where the call looked and found, what it read, where it wrote. */
export type LocationsRole = "found" | "read" | "written";

/**
 * How the chat shows a call of a tool: the label of its chip, and what its note locations are.
 * Part of the tool's definition, beside its schema and its run, so that a new tool brings its
 * chip with it and the chat draws any tool from this data alone.
 */
export interface ToolDescriber {
	/**
	 * What the call did, in the user's words, from its input as the model sent it or as a
	 * transcript kept it: any value, perhaps cut or invalid, so read it with `inputText`.
	 */
	readonly label: (input: unknown) => ToolPhrase;
	readonly locations: LocationsRole;
}

/** The describer of a tool the chat does not know: its name. */
export function unknownToolDescriber(name: string): ToolDescriber {
	return { label: () => ({ key: "chip.other", vars: { name } }), locations: "found" };
}

/** A string field of a tool's input, or `""` when the input has no such string. */
export function inputText(input: unknown, name: string): string {
	if (typeof input !== "object" || input === null) return "";
	const value = (input as Record<string, unknown>)[name];
	return typeof value === "string" ? value : "";
}

/** How a location reads as a link: the note, its line, and the section's heading when the result gave one. */
export function locationPhrase(location: NoteLocation): ToolPhrase {
	if (location.line === undefined) return { key: "chip.location.note", vars: { path: location.path } };
	if (location.heading === undefined)
		return { key: "chip.location.line", vars: { path: location.path, line: location.line } };
	return {
		key: "chip.location.section",
		vars: { path: location.path, line: location.line, heading: location.heading },
	};
}
