import * as z from "zod/mini";
import { LineIndex } from "../../retrieval/notes/lineIndex";
import { accessRefusal } from "./accessRefusal";
import { defineTool } from "./defineTool";
import { notePathArgument } from "./noteArguments";
import { linesOf, selectLines } from "./lineSelection";
import { linkList } from "./noteLinks";
import { attachmentMediaType } from "../../model/attachmentFiles";
import { ATTACHMENT_DESCRIPTION, memoryGetAttachment } from "./memoryGetAttachment";
import { noteLine } from "./noteLocation";
import { resolveNotePath } from "./notePath";
import { decodeCursor, encodeCursor, noteVersion } from "./noteCursor";
import { countOf, formatCount, pageEnd } from "./textPages";
import { inputText } from "./toolDescriber";
import { toolError, toolText } from "./toolResult";
import { readForModel, textForModel } from "../derivedNotes";

/** About a screenful of text per answer: long notes come in pages, read on with a cursor. */
export const PAGE_CHARS = 3000;

const lineNumber = (description: string) =>
	z.number().check(z.int(), z.minimum(1, "must be 1 or more: lines are counted from 1"), z.describe(description));

export const memoryGetInput = () =>
	z
		.strictObject({
			path: notePathArgument(),
			line_start: z.optional(
				lineNumber("First line to read, 1-based (e.g. the line memory_search gave). Default: the first line."),
			),
			line_end: z.optional(lineNumber("Last line to read, 1-based and inclusive. Default: the last line.")),
			cursor: z.optional(
				z
					.string()
					.check(
						z.minLength(1),
						z.describe(
							"The cursor the previous page ended with, to read the next page. Pass it exactly as given, with the same path; line_start and line_end are then not needed.",
						),
					),
			),
		})
		.check(
			z.refine(
				(input) => input.line_start === undefined || input.line_end === undefined || input.line_end >= input.line_start,
				{
					error: "line_end is before line_start",
					path: ["line_end"],
				},
			),
		);

export const memoryGet = defineTool({
	name: "memory_get",
	description: [
		"Read a note of the vault, or some of its lines: its text exactly as written, under a `Source: path:line` header.",
		`Long text comes in pages of about ${formatCount(PAGE_CHARS)} characters; a page that does not reach the end says how to read on (a cursor).`,
		"The notes the text links to are listed at the end, with their paths.",
		ATTACHMENT_DESCRIPTION,
		"Private notes, and notes in private folders, read as notes that do not exist. Chat transcripts and the configuration folder cannot be read: the answer is then `Access denied` and the rule.",
	].join(" "),
	effect: "read",
	schema: memoryGetInput,
	describe: {
		label: (input) => ({ key: "chip.memory_get", vars: { path: inputText(input, "path") } }),
		locations: "read",
	},
	async run(input, deps) {
		const access = resolveNotePath(input.path, deps);
		if (access.kind === "unreadable" && access.reason === "not-markdown" && attachmentMediaType(access.path) !== null)
			return memoryGetAttachment(access.path, deps);
		if (access.kind !== "allowed") return accessRefusal(access, deps.vault.policy);
		const content = await readForModel(deps, access.path);
		const lines = new LineIndex(content);
		const version = noteVersion(access.stat);
		let span: { readonly from: number; readonly start: number; readonly end: number };
		if (input.cursor === undefined) {
			const selection = selectLines(lines, input.line_start, input.line_end);
			if (typeof selection === "string") return toolError(selection);
			span = { from: selection.start, ...selection };
		} else {
			const cursor = decodeCursor(input.cursor);
			if (cursor === null)
				return toolError(
					"that cursor is not one memory_get gave. Pass the cursor exactly as the previous page gave it, or read by line_start and line_end.",
				);
			if (cursor.version !== version || cursor.end > content.length) {
				return toolError("the note has changed since that cursor was given. Read it again without a cursor.");
			}
			span = cursor;
		}
		const stop = pageEnd(content.slice(0, span.end), span.start, PAGE_CHARS);
		const page = linesOf(lines, span.start, stop);
		const parts = [`Source: ${access.path}:${page.firstLine}`, content.slice(span.start, stop), ""];
		if (stop < span.end) {
			const next = { path: access.path, cursor: encodeCursor({ ...span, start: stop, version }) };
			parts.push(
				`[Page ends at line ${page.lastLine} of ${lines.lineCount}. More follows: call memory_get with ${JSON.stringify(next)} to read on.]`,
			);
		} else {
			parts.push(
				span.end === content.length
					? `[End of note: ${countOf(lines.lineCount, "line")}.]`
					: `[End of the lines asked for; the note has ${countOf(lines.lineCount, "line")}.]`,
			);
			const links = linkList(access.path, access.metadata, linesOf(lines, span.from, span.end), deps);
			// One reading of the list: a derived note's links are judged by one reader, each name once.
			if (links.length > 0) parts.push(textForModel(deps, access.path, links.join("\n")));
		}
		return toolText(parts.join("\n"), { locations: [noteLine(access.path, page.firstLine)] });
	},
});
