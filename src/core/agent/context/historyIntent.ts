/**
 * Seed 003's intent rule: the history book (weekly summaries) is loaded only when the user asks
 * about the past ("why did we…", "last time", "回顾", "上次", "前回"), never for a question about
 * now, where old context would distract. A pure rule of phrases, so that it is instant and its
 * mistakes are testable; the model can always call `memory_history` itself.
 *
 * "Before", "earlier", "之前" and "以前" also mean "ahead of" something to come ("before I
 * forget, add milk", "睡觉之前提醒我"), so they count only where they point back in time.
 */

/** Phrases that always look back. */
const LOOKS_BACK: readonly RegExp[] = [
	/\b(?:why|what|how|when|where|which) did (?:we|i|you)\b/i,
	/\b(?:did|have|had) we (?:ever|already)\b/i,
	/\b(?:have|had) we (?:discussed|talked|decided|tried|done|agreed|covered|mentioned|considered)\b/i,
	// "Last time", but not "for the last time" nor "the last time I'll ask".
	/(?<!\bfor the )\blast time\b(?!\s+(?:i|we|you)(?:'ll|’ll|\s+will)\b)/i,
	/\b(?:previously|back then|in the past|ago)\b/i,
	/\b(?:last|past) (?:week|month|year|session|conversation|chat)\b/i,
	/\b(?:do|did) you remember\b|\bremember when\b|\bremind me (?:what|why|how|when|where|which|of)\b/i,
	/\b(?:recap|look(?:ing)? back)\b/i,
	/\bearlier (?:conversation|chat|session|discussion|message|decision)s?\b/i,
	/回顾|上次|上一次|上回|那时候|曾经|还记得|前几天|前阵子|上周|上星期|上礼拜|上个?月|去年/,
	// "当时" (back then), but not "当时间到了" (when the time comes) nor "适当时" (when suitable).
	/(?<![适相正每])当时(?![间髦])/,
	/前回|この前|先週|先月|昨年|覚えて(?:る|います|いる)/,
];

/** "Before" ending a clause points back ("have we done this before?"); followed by a clause it points ahead. */
const BEFORE_ENDING_A_CLAUSE = /\bbefore\s*(?:[?.!,;:)]|$)/i;

/** "Earlier" after a verb of what was said or done ("you mentioned earlier"); alone it may mean "sooner". */
const EARLIER_AFTER_A_PAST_VERB =
	/\b(?:said|mentioned|discussed|decided|agreed|talked|told|wrote|asked|noted|suggested|planned|tried|chose|promised|shared|showed|sent|did)\b[^.?!\n]{0,40}?\bearlier\b/i;

/**
 * "之前", "以前" (and Japanese "前に") look back at the start of a clause, after a person
 * ("我们之前", "私は以前") or after an amount of time ("三天前", "很久以前"); after an event they
 * mean "before it" ("开会之前").
 */
const PERSON = "我们|咱们|你们|他们|她们|大家|我|你|您|他|她|私たち|僕ら|僕|私|あなた";
const CLAUSE_START = "^|[\\s，。！？、；：,.!?;:「『（(]";
const JAPANESE_PARTICLE = "は|も|が";
const AMOUNT_OF_TIME = "很久|好久|不久|多年|(?:\\d+|[一二三四五六七八九十两几半]+)\\s*个?(?:天|日|周|星期|礼拜|月|年|小时|分钟)";
const BEFORE_NOW_IN_CJK = new RegExp(`(?:${CLAUSE_START}|${PERSON}|${JAPANESE_PARTICLE})(?:之前|以前|前に)|(?:${AMOUNT_OF_TIME})(?:之|以)?前`);

export function isHistoryQuestion(text: string): boolean {
	return (
		LOOKS_BACK.some((pattern) => pattern.test(text)) ||
		BEFORE_ENDING_A_CLAUSE.test(text) ||
		EARLIER_AFTER_A_PAST_VERB.test(text) ||
		BEFORE_NOW_IN_CJK.test(text)
	);
}
