import { forEachToken, tokenize } from "../../retrieval";
import { LIST_ITEM, type MarkdownBlock } from "./markdownBlocks";

/**
 * The one line of a note that best answers a question: a list item (whole, with its marker) or a
 * sentence, scored by how much of the question it covers, in the index's own tokens (so Chinese
 * and Japanese count by the same bigrams a search matched).
 */

/** A line that may answer: a list item or a sentence, where it starts (1-based) and its markdown. */
export interface AnswerUnit {
	readonly line: number;
	readonly text: string;
}

/** What a question asks for, as the scoring reads it. */
export interface Question {
	/** The question's search tokens. */
	readonly words: ReadonlySet<string>;
	/** Ordinals written in Chinese numerals (第二章 → "2"), which notes often write in digits. */
	readonly ordinals: ReadonlySet<string>;
	/** Whether it asks when (什么时候, when, いつ...): a date then answers that part of it. */
	readonly asksWhen: boolean;
	/** Text that holds a word or ordinal of the question holds one of these (see `stemOf`): a line without any is not tokenized. */
	readonly stems: readonly string[];
}

const WHEN_PHRASES = ["什么时候", "何时", "哪天", "哪一天", "几号", "几月", "几点", "截止", "いつ", "何時", "언제"];
/** Matched in the text, not among the tokens: "when" is a stopword the tokenizer drops. */
const WHEN_WORDS = /\b(when|deadline|due date|what date|what day)\b/;
const MONTH = "(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?";
/** A calendar date as notes write them: 2026-12-15, 12/15, 12月15日, 2026年12月, Dec 15, 15 December. */
const DATE = new RegExp(
	`\\b\\d{4}-\\d{1,2}-\\d{1,2}\\b|\\b\\d{1,2}/\\d{1,2}\\b|\\d{1,2}月\\d{1,2}[日号]|\\d{4}年\\d{1,2}月|\\b${MONTH} \\d{1,2}\\b|\\b\\d{1,2} ${MONTH}`,
	"i",
);
const NON_ASCII = /[\u0080-\uffff]/;
const ORDINAL = /第([零〇一二两三四五六七八九十百]+)/g;
const DIGITS: Readonly<Record<string, number>> = {
	零: 0,
	〇: 0,
	一: 1,
	二: 2,
	两: 2,
	三: 3,
	四: 4,
	五: 5,
	六: 6,
	七: 7,
	八: 8,
	九: 9,
};

export function questionOf(query: string): Question {
	const folded = query.normalize("NFKC").toLowerCase();
	const words = new Set(tokenize(folded));
	const ordinals = new Set(
		[...folded.matchAll(ORDINAL)].map((match) => String(chineseNumber(match[1]))).filter((value) => !words.has(value)),
	);
	const asksWhen = WHEN_PHRASES.some((phrase) => folded.includes(phrase)) || WHEN_WORDS.test(folded);
	return { words, ordinals, asksWhen, stems: [...new Set([...words, ...ordinals].map(stemOf))] };
}

/**
 * What the folded text of any word that tokenizes to `token` contains: the token itself, but for
 * a word of letters its last letter, which plural folding may have written ("queries" → query).
 */
function stemOf(token: string): string {
	return token.length > 1 && /^[\p{L}\p{N}]+$/u.test(token) && !/[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7a3]/.test(token)
		? token.slice(0, -1)
		: token;
}

/**
 * How well `unit` answers `question`, 0 when it does not: one point for each question word it
 * has, each ordinal it writes in digits, and a date when the question asks when; then one more
 * for each other question word its context has (the note's title and aliases, the heading it is
 * under), which ranks the lines of a note the question names but never makes a line an answer.
 */
export function answerScore(question: Question, unit: AnswerUnit, context: ReadonlySet<string>): number {
	// Called for every line of every note found: a line without a stem of the question is not tokenized.
	const folded = (NON_ASCII.test(unit.text) ? unit.text.normalize("NFKC") : unit.text).toLowerCase();
	const found = new Set<string>();
	if (question.stems.some((stem) => folded.includes(stem))) {
		forEachToken(unit.text, (token) => {
			if (question.words.has(token) || question.ordinals.has(token)) found.add(token);
		});
	}
	const date = question.asksWhen && DATE.test(unit.text) ? 1 : 0;
	if (found.size + date === 0) return 0;
	let fromContext = 0;
	for (const word of question.words) if (!found.has(word) && context.has(word)) fromContext++;
	return found.size + date + fromContext;
}

/** The list items and sentences of `blocks`, in order; code and tables hold no sentence to quote. */
export function answerUnits(lines: readonly string[], blocks: readonly MarkdownBlock[]): AnswerUnit[] {
	return blocks.flatMap((block) => {
		if (block.kind === "list") return block.items.map((item) => listItemUnit(lines, item.start, item.end));
		if (block.kind === "paragraph" || block.kind === "quote") {
			return lines
				.slice(block.start, block.end)
				.flatMap((line, index) =>
					sentencesOf(proseOf(line, block.kind)).map((text) => ({ line: block.start + index + 1, text })),
				);
		}
		return [];
	});
}

/** An item as it is written, its lines under the item's own indentation, so a nested task quotes as a task. */
function listItemUnit(lines: readonly string[], start: number, end: number): AnswerUnit {
	const indent = (LIST_ITEM.exec(lines[start])?.[1] ?? "").length;
	const text = lines
		.slice(start, end)
		.map((line) => line.slice(Math.min(indent, line.length - line.trimStart().length)).trimEnd())
		.join("\n");
	return { line: start + 1, text };
}

/** A quote's line without its `>` markers and a callout's type. */
function proseOf(line: string, kind: MarkdownBlock["kind"]): string {
	return kind === "quote" ? line.replace(/^(\s*>\s?)+/, "").replace(/^\[![\w-]+\][+-]?\s*/, "") : line.trim();
}

/** Sentences end at . ! ? followed by a space, or at 。！？ (which need none); never inside a `[[link]]` ("[[Dr. Lin]]"). */
function sentencesOf(line: string): string[] {
	const sentences: string[] = [];
	let start = 0;
	let inLink = false;
	for (let at = 0; at < line.length; at++) {
		const char = line[at];
		if (line.startsWith("[[", at)) inLink = true;
		else if (line.startsWith("]]", at)) inLink = false;
		const ends = "。！？".includes(char) || (".!?".includes(char) && (line[at + 1] === " " || at + 1 === line.length));
		if (inLink || !ends) continue;
		sentences.push(line.slice(start, at + 1).trim());
		start = at + 1;
	}
	sentences.push(line.slice(start).trim());
	return sentences.filter((sentence) => sentence !== "");
}

/** 二 → 2, 十二 → 12, 二十三 → 23, 一百零五 → 105. */
function chineseNumber(numeral: string): number {
	let total = 0;
	let digit = 0;
	for (const char of numeral) {
		if (char === "十") {
			total += (digit === 0 ? 1 : digit) * 10;
			digit = 0;
		} else if (char === "百") {
			total += (digit === 0 ? 1 : digit) * 100;
			digit = 0;
		} else digit = DIGITS[char] ?? 0;
	}
	return total + digit;
}
