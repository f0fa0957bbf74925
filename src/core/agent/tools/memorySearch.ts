import * as z from "zod/mini";
import { NOTE_KINDS } from "../../retrieval";
import { calendarDate } from "./calendarDate";
import { defineTool } from "./defineTool";
import { searchMemories, type MemoryMatch } from "./searchMemories";
import { toolText } from "./toolResult";

export const NO_MATCHES = "No matching memories found.";

export const memorySearchInput = z
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
					z.describe("Only notes with every one of these tags. A tag also matches the tags nested below it: `project` matches `project/atlas`."),
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
		folder: z.optional(z.string().check(z.minLength(1), z.describe("Only notes in this vault folder, at any depth, e.g. `Projects`."))),
		since: z.optional(calendarDate("Only notes from this day on (YYYY-MM-DD): a daily note's own date, any other note's last modification.")),
		until: z.optional(calendarDate("Only notes up to this day (YYYY-MM-DD), inclusive.")),
		limit: z._default(z.number().check(z.int(), z.minimum(1), z.maximum(20), z.describe("How many notes to return, best first.")), 5),
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
		"Returns the best notes first, each as `N. path:line  heading (score)` with a short snippet; recent daily notes rank above old ones on the same subject.",
		"Use it before answering from memory, and when the user refers to something earlier or elsewhere; then read a note in full with memory_get.",
		`Answers exactly "${NO_MATCHES}" when nothing matches: try other words, or fewer filters.`,
	].join(" "),
	effect: "read",
	schema: memorySearchInput,
	async run(input, deps) {
		return toolText(formatMatches(await searchMemories(deps, input)));
	},
});

/** `N. path:line  heading (score)`, then the snippet, indented below it. */
export function formatMatches(matches: readonly MemoryMatch[]): string {
	if (matches.length === 0) return NO_MATCHES;
	return matches
		.map((match, i) => {
			const title = `${i + 1}. ${match.path}:${match.line}  ${match.heading === "" ? "" : `${match.heading} `}(${match.score.toFixed(2)})`;
			return match.snippet === "" ? title : `${title}\n   ${match.snippet}`;
		})
		.join("\n");
}
