import * as z from "zod/mini";
import { NOTE_KINDS } from "../../retrieval";
import { calendarDate } from "./calendarDate";
import { defineTool } from "./defineTool";
import { distinctLocations, noteLine, wholeNote, type NoteLocation } from "./noteLocation";
import { searchMemories, type SearchAnswer } from "./searchMemories";
import { attachmentsNamed } from "./attachmentNames";
import { inputText } from "./toolDescriber";
import { toolText } from "./toolResult";

export const NO_MATCHES = "No matching memories found.";
/** What starts the line that best answers the query. */
const BEST_LINE_LABEL = "Best line:";
/** What follows the path of the note the linked notes are linked from. */
const LINKED_FROM_LABEL = "Notes linked from";
const LINKED_FROM_NOTE = "(they may share no word with the query):";
/** Each line of a passage is indented so, under the line that names its note. */
const PASSAGE_INDENT = "   ";
/** What starts the list of images and PDFs named like the query. */
const ATTACHMENTS_LABEL = "Files named like the query:";

export const memorySearchInput = () =>
	z
		.strictObject({
			query: z
				.string()
				.check(
					z.minLength(1),
					z.maxLength(2000),
					z.describe(
						"What to look for, in the words the notes would use (any language: English, Chinese, Japanese...). `#tag` in the query requires that tag; `[[Note title]]` puts that note in the results.",
					),
				),
			tags: z.optional(
				z
					.array(z.string().check(z.minLength(1)))
					.check(
						z.maxLength(10),
						z.describe(
							"Only notes with every one of these tags. A tag also matches the tags nested below it: `project` matches `project/atlas`.",
						),
					),
			),
			kind: z.optional(
				z
					.enum(NOTE_KINDS)
					.check(
						z.describe(
							"Only notes of this kind: `daily` (daily memory and daily notes), `weekly` (weekly summaries), `longterm` (long-term memory), `inbox` (captured items), `notes` (everything else: the user's own notes).",
						),
					),
			),
			folder: z.optional(
				z.string().check(z.minLength(1), z.describe("Only notes in this vault folder, at any depth, e.g. `Projects`.")),
			),
			since: z.optional(
				calendarDate(
					"Only notes from this day on (YYYY-MM-DD): a daily note's own date, any other note's last modification.",
				),
			),
			until: z.optional(calendarDate("Only notes up to this day (YYYY-MM-DD), inclusive.")),
			limit: z._default(
				z.number().check(z.int(), z.minimum(1), z.maximum(20), z.describe("How many notes to return, best first.")),
				5,
			),
		})
		.check(
			z.refine((input) => input.since === undefined || input.until === undefined || input.since <= input.until, {
				error: "`since` is after `until`: no day can match",
				path: ["until"],
			}),
		);

export const memorySearch = defineTool({
	name: "memory_search",
	description: [
		"Search the user's vault and your own memory (daily memory, weekly summaries, long-term memory, the inbox and the user's notes) for what was written about something.",
		`Returns the line that best answers the query ("${BEST_LINE_LABEL} path:line  heading"), then the best notes first, each as \`N. path:line  heading (score)\` with the section around that line, as markdown; recent daily notes rank above old ones on the same subject.`,
		"Up to two notes the first result links to follow, under their own label: they may share no word with the query.",
		`Images and PDFs named like the query are listed last ("${ATTACHMENTS_LABEL}"); memory_get reads them.`,
		"Use it before answering from memory, and when the user refers to something earlier or elsewhere; then read a note in full with memory_get.",
		`Answers exactly "${NO_MATCHES}" when nothing matches: try other words, or fewer filters.`,
	].join(" "),
	effect: "read",
	schema: memorySearchInput,
	describe: {
		label: (input) => ({ key: "chip.memory_search", vars: { query: inputText(input, "query") } }),
		locations: "found",
	},
	async run(input, deps) {
		const found = await searchMemories(deps, input);
		const attachments = attachmentsNamed(input.query, deps.vault);
		const answer = attachments.length === 0 ? found : { ...found, attachments };
		return toolText(formatMatches(answer), {
			locations: searchLocations(answer),
			display: { kind: "search-answer", answer },
		});
	},
});

/** The places the answer names, in its order: the best line, the notes found, the notes linked from the first. */
export function searchLocations(answer: SearchAnswer): NoteLocation[] {
	const best = answer.best === null ? [] : [answer.best];
	const linked = answer.linked?.notes ?? [];
	return distinctLocations([
		...[...best, ...answer.matches, ...linked].map((place) => noteLine(place.path, place.line, place.heading)),
		...(answer.attachments ?? []).map(wholeNote),
	]);
}

/**
 * The best line, `Best line: path:line  heading` with its text indented below; then each note,
 * `N. path:line  heading (score)` with its passage indented below; then the linked notes, each
 * `- path:line  heading` with its passage.
 */
export function formatMatches(answer: SearchAnswer): string {
	const attachments = answer.attachments ?? [];
	const named = attachments.length === 0 ? [] : ["", ATTACHMENTS_LABEL, ...attachments.map((path) => `- ${path}`)];
	if (answer.matches.length === 0) return named.length === 0 ? NO_MATCHES : [NO_MATCHES, ...named].join("\n");
	const best =
		answer.best === null
			? []
			: [
					`${BEST_LINE_LABEL} ${answer.best.path}:${answer.best.line}  ${answer.best.heading}`.trimEnd(),
					...indented(answer.best.text),
					"",
				];
	const matches = answer.matches.map((match, i) => [
		`${i + 1}. ${match.path}:${match.line}  ${match.heading === "" ? "" : `${match.heading} `}(${match.score.toFixed(2)})`,
		...indented(match.passage),
	]);
	const linked =
		answer.linked === null
			? []
			: [
					"",
					`${LINKED_FROM_LABEL} ${answer.linked.from} ${LINKED_FROM_NOTE}`,
					...answer.linked.notes.flatMap((note) => [
						`- ${note.path}:${note.line}  ${note.heading}`.trimEnd(),
						...indented(note.passage),
					]),
				];
	return [...best, ...matches.flat(), ...linked, ...named].join("\n");
}

/** A passage's lines under its heading line; a blank line stays blank. */
function indented(text: string): string[] {
	return text === "" ? [] : text.split("\n").map((line) => (line === "" ? "" : `${PASSAGE_INDENT}${line}`));
}
