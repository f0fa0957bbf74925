import type { ToolResultBlock } from "../core/agent/model";
import { parseSearchResults, type SearchResultEntry } from "./searchResults";
import type { Translate } from "./translate";

/**
 * The offline model's answer to a `memory_search` result: labelled as offline, the notes found
 * cited as `[[wikilinks]]` with their snippets, and how to connect a model.
 */
export function offlineAnswer(result: ToolResultBlock, translate: Translate): string {
	if (result.isError === true) return withKeyHint(translate("offline.answer.search-failed", { error: result.content }), translate);
	const entries = parseSearchResults(result.content);
	if (entries.length === 0) return withKeyHint(translate("offline.answer.no-matches"), translate);
	return withKeyHint([translate("offline.answer.matches"), "", ...entries.map(citation)].join("\n"), translate);
}

/** The answer when no search could run: nothing to go on but the honest label. */
export function offlineNoSearchAnswer(translate: Translate): string {
	return withKeyHint(translate("offline.answer.no-search"), translate);
}

function withKeyHint(text: string, translate: Translate): string {
	return `${text}\n\n${translate("offline.answer.add-key")}`;
}

/** `- [[path]] — heading`, the snippet on the next line of the same list item. */
function citation(entry: SearchResultEntry): string {
	const title = entry.heading === "" ? `- ${wikilink(entry.path)}` : `- ${wikilink(entry.path)} — ${entry.heading}`;
	return entry.snippet === "" ? title : `${title}\n  ${entry.snippet}`;
}

/** Obsidian resolves a vault path without its `.md` to the note. */
function wikilink(path: string): string {
	return `[[${path.replace(/\.md$/i, "")}]]`;
}
