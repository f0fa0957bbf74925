/**
 * Which script a CJK character is written in, for the one question query weighting asks of a
 * Japanese bigram: is it a word, or grammar? Japanese writes content words in kanji and katakana
 * and its grammar (particles, verb endings) in hiragana, so a bigram that is all hiragana, or
 * that straddles two scripts ("ノートを" gives "トを"), is mostly a particle or a word boundary.
 * Chinese is all Han and Korean all Hangul: their bigrams never answer yes.
 */
const HIRAGANA = 1;
const KATAKANA = 2;
/** Han, Hangul and anything else: a script whose bigrams are words. */
const OTHER = 3;

function scriptOf(code: number): number {
	if (code >= 0x3041 && code <= 0x309f) return HIRAGANA;
	if ((code >= 0x30a0 && code <= 0x30ff) || (code >= 0x31f0 && code <= 0x31ff)) return KATAKANA;
	return OTHER;
}

/** Whether a CJK token is all hiragana or mixes scripts (see above); a one-character token counts by its script. */
export function isGrammarBigram(token: string): boolean {
	let first = 0;
	for (const char of token) {
		const script = scriptOf(char.codePointAt(0) ?? 0);
		if (script === HIRAGANA) return true;
		if (first === 0) first = script;
		else if (script !== first) return true;
	}
	return false;
}
