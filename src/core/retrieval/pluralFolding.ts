/** Endings that are not plurals ("status", "class", "analysis"). */
const SINGULAR_ENDINGS = ["us", "ss", "is"];

/**
 * Folds a regular English plural onto its singular, so that "daily notes" finds a note titled
 * "Daily note". Deliberately weak (the first step of Porter's stemmer, and "-xes"/"-shes"): it
 * only touches a final "s", and since notes and queries go through the same folding, a plural it
 * gets wrong ("matches" → "matche") still finds itself.
 */
export function foldPlural(word: string): string {
	if (word.length <= 3 || !word.endsWith("s") || SINGULAR_ENDINGS.some((ending) => word.endsWith(ending))) {
		return word;
	}
	if (word.endsWith("sses")) return word.slice(0, -2);
	if (word.endsWith("ies") && !word.endsWith("eies") && !word.endsWith("aies")) return `${word.slice(0, -3)}y`;
	if (word.endsWith("xes") || word.endsWith("shes")) return word.slice(0, -2);
	return word.slice(0, -1);
}
