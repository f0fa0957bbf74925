import { boundedEditDistance } from "../text/editDistance";

/** Longest name compared letter by letter: longer ones are sentences, not names one misspells. */
const MAX_FUZZY_LENGTH = 40;

/**
 * Whether a query names a note by one of `names` (its title and aliases): it is the name, the
 * name with a slip of the keyboard (one edit in five letters, at most two), or it holds a name of
 * two words or more whole ("graph view colour groups"). Such a note is what the user asked for,
 * so no vector list may push it down. One-word names held in a longer query do not count:
 * "search my notes" does not ask for the note called Search.
 */
export function queryNamesNote(query: string, names: readonly string[]): boolean {
	const wanted = folded(query);
	if (wanted === "") return false;
	return names.some((name) => {
		const candidate = folded(name);
		if (candidate === "") return false;
		if (candidate === wanted) return true;
		if (candidate.includes(" ") && ` ${wanted} `.includes(` ${candidate} `)) return true;
		const allowed = Math.min(2, Math.floor(candidate.length / 5));
		return (
			allowed > 0 && candidate.length <= MAX_FUZZY_LENGTH && boundedEditDistance(wanted, candidate, allowed) <= allowed
		);
	});
}

/** Width and case folded, every run of punctuation and spaces one space. */
function folded(text: string): string {
	return text
		.normalize("NFKC")
		.toLowerCase()
		.replace(/[^\p{L}\p{M}\p{N}]+/gu, " ")
		.trim();
}
