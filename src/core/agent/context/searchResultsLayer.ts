import { textWeight } from "../../text/tokenEstimate";
import { sentLayer, skippedLayer, type ContextSource, type Layer } from "./layer";
import { tagged, tagWeight } from "./layerTags";
import { headEnd } from "../../text/textCuts";

const TAG = "notes-search";
const CUT_NOTICE = "\n[The rest of the results was cut to fit this prompt.]";

/**
 * What the model is told of the search: it has no tools in this chat, so the notes found for
 * the message are all it can read; it answers from them and cites them, or says they do not
 * hold the answer rather than guess what a note might say.
 */
const GROUNDING_RULES = [
	"You cannot call tools in this chat. The plugin searched the user's notes and your memory for the user's message; the results are below: the line that best answers it, then each note found as `path:line  heading` with the section around that line.",
	'Answer from these results. Cite each note you use as an Obsidian wikilink to its path without ".md", such as [[Projects/Atlas]]. When the results do not hold the answer, say that the notes do not hold it; never make up what a note says.',
].join("\n");

/**
 * The search results of a turn without tools (what `memory_search` answered for the user's
 * message, as a model that called it would read it), within their budget: the rules, then the results
 * from the best down, cut at a line with a notice when they are longer. Counted with the rest of
 * the system prompt, so that a small window compacts the conversation in time. The results are a
 * source of each of the `notes` they quote: they are withheld once one of those notes turns
 * private, as a tool result that quotes it is.
 */
export function searchResultsLayer(results: string | null, budgetTokens: number, notes: readonly string[] = []): Layer {
	if (results === null) return skippedLayer("search-results", budgetTokens, "the model has its tools");
	const head = `${GROUNDING_RULES}\n\n`;
	const available = budgetTokens - tagWeight(TAG, {}) - textWeight(head);
	const shown =
		textWeight(results) <= available
			? results
			: results.slice(0, headEnd(results, Math.max(0, available - textWeight(CUT_NOTICE)))).trimEnd() + CUT_NOTICE;
	const sources = notes.map((path): ContextSource => ({ path, text: shown }));
	return { ...sentLayer("search-results", budgetTokens, tagged(TAG, {}, head + shown)), sources };
}
