import type { NoteLocation } from "../tools/noteLocation";

/** Under a tool call's list item, each note its result named is an item of its own. */
const INDENT = "\t";
const ITEM = /^(?:\t| {2,})- (.+)$/;
/** `path:line`, then the heading after two spaces; paths are notes (`.md`), so the line number is the last `:digits` before them. */
const AT_LINE = /^(.+?):(\d+)(?: {2}(.+))?$/;

/**
 * A note a tool's result named, as a nested list item of the transcript: `\t- Projects/Atlas.md:7  Schedule`
 * for a line and its section, `\t- memory/daily/2026-03-05.md` for a whole note. Kept so that a
 * reopened chat links the notes as the chat did when the call returned.
 */
export function locationLine(location: NoteLocation): string {
	const at = location.line === undefined ? location.path : `${location.path}:${location.line}`;
	return `${INDENT}- ${location.heading === undefined ? at : `${at}  ${location.heading}`}`;
}

/** The location a `locationLine` describes, or `null` for any other line. */
export function parseLocationLine(line: string): NoteLocation | null {
	const item = ITEM.exec(line)?.[1];
	if (item === undefined) return null;
	const at = AT_LINE.exec(item);
	if (at === null) return { path: item };
	const [, path, lineNumber, heading] = at;
	return heading === undefined ? { path, line: Number(lineNumber) } : { path, line: Number(lineNumber), heading };
}
