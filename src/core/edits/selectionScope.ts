import type { EditScope } from "./editProposal";

/** Text the user selected in a note, as the editor gave it: UTF-16 offsets into the note's text, `to` exclusive. */
export interface NoteSelection {
	readonly path: string;
	readonly from: number;
	readonly to: number;
	readonly text: string;
}

/**
 * Where the selection is in `note`, the note's text as it is now: at its offsets (the editor's,
 * which count a `\r\n` line break as the `\n` it shows) when the text there is still the selected
 * text, else wherever that text occurs once (an edit above it since shifted it). `null` when it
 * is empty, gone or found more than once: a change made for it could not be told from one elsewhere.
 */
export function selectionScope(note: string, selection: NoteSelection): EditScope | null {
	const { path, from, to, text } = selection;
	if (text === "") return null;
	if (Number.isInteger(from) && from >= 0 && to === from + text.length) {
		// The editor counts each `\r\n` as the one `\n` it shows: read at the file's offsets, a
		// selection after a line break would be taken for the same text a few characters earlier.
		const [start, end] = [fileOffset(note, from), fileOffset(note, to)];
		if (note.slice(start, end).replace(/\r\n/g, "\n") === text) return { path, from: start, to: end };
	}
	const needle = note.includes("\r\n") ? text.replace(/\r?\n/g, "\r\n") : text;
	const at = note.indexOf(needle);
	if (at === -1 || note.indexOf(needle, at + 1) !== -1) return null;
	return { path, from: at, to: at + needle.length };
}

/** The 1-based lines the scope runs over in `note`, first and last. */
export function scopeLines(note: string, scope: EditScope): { readonly first: number; readonly last: number } {
	const lineOf = (offset: number) => note.slice(0, offset).split("\n").length;
	return { first: lineOf(scope.from), last: lineOf(Math.max(scope.from, scope.to - 1)) };
}

/** The offset in `note` of the editor's offset `shown`, where each `\r\n` counts as one. */
function fileOffset(note: string, shown: number): number {
	if (!note.includes("\r\n")) return shown;
	let at = 0;
	for (let counted = 0; counted < shown && at < note.length; counted++) at += note.startsWith("\r\n", at) ? 2 : 1;
	return at;
}
