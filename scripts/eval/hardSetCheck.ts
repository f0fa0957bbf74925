import { aliasesOf, tokenize, type NoteInput } from "../../src/core/retrieval";
import { baseName } from "../../src/core/vault/paths";
import type { HelpLanguage } from "../lib/retrievalBench/corpus";
import type { Qrel } from "./qrels";

/**
 * A hard question shares no search term with what names its answer: the title, the aliases and
 * the headings, as the engine itself cuts them into terms (case and width folded, plurals folded,
 * stop words dropped, Chinese and Japanese runs cut into two-character terms). Keyword search can
 * then only find the answer through its body, which is what a newcomer's own words test.
 */
export function sharedTerms(question: string, names: readonly string[]): string[] {
	const named = new Set(names.flatMap(tokenize));
	return [...new Set(tokenize(question).filter((term) => named.has(term)))];
}

/** What names a note in search: its title (the file name), its aliases and its headings. */
export function namesOf(note: Pick<NoteInput, "path" | "metadata">): string[] {
	const headings = (note.metadata?.headings ?? []).map((heading) => heading.heading);
	return [baseName(note.path), ...aliasesOf(note.metadata), ...headings];
}

/**
 * Every question of `qrels` that shares a term with one of its answers, with the terms; a
 * question that does is rewritten, never dropped, so the set keeps what it measures.
 */
export function questionsSharingNames(
	qrels: readonly Qrel[],
	notesByLang: ReadonlyMap<HelpLanguage, ReadonlyMap<string, Pick<NoteInput, "path" | "metadata">>>,
): string[] {
	return qrels.flatMap((qrel) =>
		qrel.relevant.flatMap((path) => {
			const note = notesByLang.get(qrel.lang)?.get(path);
			const shared = note === undefined ? [] : sharedTerms(qrel.query, namesOf(note));
			return shared.length === 0 ? [] : [`${qrel.id}: "${qrel.query}" shares ${shared.join(", ")} with ${path}`];
		}),
	);
}
