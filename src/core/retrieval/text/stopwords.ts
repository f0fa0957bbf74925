import { hashOfRange } from "./termHash";
import { NO_TAIL, TermTable } from "../indexing/termTable";

/**
 * Words too common to say anything about a note. They are dropped from notes and queries alike,
 * so that a question phrased as a sentence ("how do I …") ranks by its content words.
 */
const ENGLISH_STOPWORDS: readonly string[] = (
	"a about above after again against all am an and any are as at be because been before being below " +
	"between both but by can could did do does doing down during each few for from further had has have " +
	"having he her here hers herself him himself his how i if in into is it its itself just me more most " +
	"my myself no nor not now of off on once only or other our ours ourselves out over own same she " +
	"should so some such than that the their theirs them themselves then there these they this those " +
	"through to too under until up very was we were what when where which while who whom why will with " +
	"would you your yours yourself yourselves " +
	// What an apostrophe leaves behind: "don't" is tokenized as "don" and "t".
	"s t d ll re ve m don doesn didn isn aren wasn weren won wouldn couldn shouldn"
).split(" ");

/**
 * Chinese function words, as the tokenizer sees them: a run of two or more Han characters becomes
 * bigrams, so the multi-character entries here are bigrams, and a lone character (a one-character
 * run between Latin words or punctuation) is matched by the single-character entries.
 */
const CHINESE_STOPWORDS: readonly string[] = [
	..."的了着过是在有和与及或也都就还又很把被让给对从向于而但我你他她它这那吗呢吧啊呀么之其个一不",
	...(
		"我们 你们 他们 她们 它们 我的 你的 他的 她的 它的 这个 那个 这些 那些 这样 那样 这里 那里 什么 为什 怎么 " +
		"怎样 如何 哪些 哪个 一个 一些 一下 没有 就是 还是 但是 因为 所以 如果 而且 或者 以及 然后 已经 可以 是否 " +
		"不是 的话 等等"
	).split(" "),
];

/** Both lists in one table: the tokenizer asks it about each token where it stands in the text. */
const STOPWORD_TABLE = new TermTable();
/**
 * Which values the low 12 bits of a stopword's hash take: most words are ruled out by one array
 * read, without a call into the table (a third of the time of reading a word).
 */
const HASH_FILTER_MASK = 0xfff;
const hashFilter = new Uint8Array(HASH_FILTER_MASK + 1);
for (const word of [...ENGLISH_STOPWORDS, ...CHINESE_STOPWORDS]) {
	STOPWORD_TABLE.intern(word);
	hashFilter[hashOfRange(word, 0, word.length) & HASH_FILTER_MASK] = 1;
}

/** Whether the token `text[start, end)`, whose hash is `hash`, is a stopword. */
export function isStopword(text: string, start: number, end: number, hash: number): boolean {
	return hashFilter[hash & HASH_FILTER_MASK] === 1 && STOPWORD_TABLE.idOfRange(text, start, end, NO_TAIL, hash) !== -1;
}

/**
 * For words read as bytes (ASCII, so English): each English stopword's place in `stopwordBytes`
 * at the low bits of its hash, `NONE` where no stopword's hash ends so, and `SHARED` where two do
 * (those are looked up in the table). One array read rules a word out or names the one stopword
 * it can be, without a probe into the table.
 */
const NONE = -1;
const SHARED = -2;
const byteStopwords = new Int16Array(HASH_FILTER_MASK + 1).fill(NONE);
const stopwordBytes = new TextEncoder().encode(ENGLISH_STOPWORDS.join(""));
const stopwordStarts = new Int16Array(ENGLISH_STOPWORDS.length + 1);
ENGLISH_STOPWORDS.forEach((word, index) => {
	stopwordStarts[index + 1] = stopwordStarts[index] + word.length;
	const slot = hashOfRange(word, 0, word.length) & HASH_FILTER_MASK;
	byteStopwords[slot] = byteStopwords[slot] === NONE ? index : SHARED;
});

/** `isStopword` for a token held a byte a character, `bytes[start, end)`. */
export function isStopwordBytes(bytes: Uint8Array, start: number, end: number, hash: number): boolean {
	const stopword = byteStopwords[hash & HASH_FILTER_MASK];
	if (stopword === NONE) return false;
	if (stopword === SHARED) return STOPWORD_TABLE.idOfBytes(bytes, start, end, NO_TAIL, hash) !== -1;
	const wordStart = stopwordStarts[stopword];
	if (stopwordStarts[stopword + 1] - wordStart !== end - start) return false;
	for (let index = 0; index < end - start; index++)
		if (stopwordBytes[wordStart + index] !== bytes[start + index]) return false;
	return true;
}
