/**
 * The history book's intent rule: the history book (weekly summaries) is loaded only when the user asks
 * about the past ("why did we…", "last time", "我们为什么暂停了筛选？", "前回"), never for a
 * question about now, where old context would distract. A pure rule of phrases, so that it is
 * instant and its mistakes are testable; the model can always call `memory_history` itself.
 *
 * No pattern uses a lookbehind: iOS before 16.4 cannot parse one, and a single regular expression
 * it cannot parse keeps the whole plugin from loading there. Where a phrase stops counting after
 * certain words ("for the last time"), the pattern captures those words in a group named
 * `unless`, and a match that filled it does not count.
 */

/**
 * Any character but the end of a sentence or clause: a "why" and the past tense it asks about
 * are in one clause. The Japanese comma "、" may come between them ("どうして、あの日…").
 */
const NOT_CLAUSE_END = "[^，。！？；：,.!?;:\\n]";

/** Chinese verbs of a decision, whose "了" tells of a past choice even at the end of the question ("为什么暂停了？"). */
const DECISION_VERB = "暂停|停|取消|放弃|改|换|删|推迟|延期|决定|选|定|搁置|中止|终止|拒绝|退出|砍";

/** The end of a Chinese question, with the particles that may close it. */
const QUESTION_END = "[吗呢吧啊呀]|[，。！？,.!?]|\\s*$";

/** The people whose past a question asks about, before "之前" or "以前" ("我们之前"). */
const PERSON = "我们|咱们|你们|他们|她们|大家|我|你|您|他|她|私たち|僕ら|僕|私|あなた";
const CLAUSE_START = "^|[\\s，。！？、；：,.!?;:「『（(]";
const JAPANESE_PARTICLE = "は|も|が";
const AMOUNT_OF_TIME =
	"很久|好久|不久|多年|(?:\\d+|[一二三四五六七八九十两几半]+)\\s*个?(?:天|日|周|星期|礼拜|月|年|小时|分钟)";

/** What may follow a Japanese verb in the past tense in a question: "決めたの", "決めたんですか", "決めたっけ", "決めた？". */
const AFTER_JAPANESE_PAST = "(?:の|か|ん|っけ|\\s*[?？。!！]|\\s*$)";

/**
 * A Japanese verb in the past tense ending a question or a clause: "止めた", "選んだ", "しました".
 * Not "たい" (want to), "たら" (if), "たち" (plural), nor "なんだ", which explains the present
 * ("なぜなんだ？").
 */
const JAPANESE_PAST = `(?:た|[^な]んだ)${AFTER_JAPANESE_PAST}`;

/** Every way of asking about the past; each is global, for `matchAll`. */
const LOOKS_BACK: readonly RegExp[] = [
	// "Why did we choose Postgres?", "what did you say": a question in the past tense.
	/\b(?:why|what|how|when|where|which) did (?:we|i|you)\b/gi,
	// "Did we ever try the other supplier?", "have we already…": whether something was done.
	/\b(?:did|have|had) we (?:ever|already)\b/gi,
	// "Have we discussed this?": whether something was talked over or done.
	/\b(?:have|had) we (?:discussed|talked|decided|tried|done|agreed|covered|mentioned|considered)\b/gi,
	// "Didn't we agree on weekly reviews?": a decision the user recalls.
	/\bdid(?:n[’']?t)? we (?:agree|decide|say|choose|pick|settle|plan)\b/gi,
	// "Why was the screening paused?": a reason asked in the past tense; "why is…" asks about now.
	/\bwhy (?:was|were|had)\b/gi,
	// "What made us pick this supplier?": the cause of a past choice.
	/\bwhat made (?:us|me|you)\b/gi,
	// "The reason we paused screening": the reason of something done, not "the reason we need…".
	/\breasons? (?:why )?(?:we|i|you) (?:(?!need\b)\w+ed|chose|made|took|went|left|gave|put|set|kept)\b/gi,
	// "What was the original plan?", "originally": how things stood at the start.
	/\b(?:originally|original (?:plan|idea|reason|decision|goal|scope|version))\b/gi,
	// "Last time", but not "for the last time" nor "the last time I'll ask".
	/(?<unless>\bfor the )?\blast time\b(?!\s+(?:i|we|you)(?:'ll|’ll|\s+will)\b)/gi,
	// Words that always point back: "previously", "back then", "two weeks ago".
	/\b(?:previously|back then|in the past|ago)\b/gi,
	// "Last week", "the past month", "our last session".
	/\b(?:last|past) (?:week|month|year|session|conversation|chat)\b/gi,
	// "Do you remember…", "remind me what we said": recalling, not "remember to buy milk" (a reminder).
	/\b(?:do|did) you remember\b|\bremember when\b|\bremind me (?:what|why|how|when|where|which|of)\b/gi,
	// "Give me a recap", "looking back": a review of what happened.
	/\b(?:recap|look(?:ing)? back)\b/gi,
	// "Our earlier conversation", "the earlier decision".
	/\bearlier (?:conversation|chat|session|discussion|message|decision)s?\b/gi,
	// "Before" ending a clause points back ("have we done this before?"); followed by a clause it points ahead.
	/\bbefore\s*(?:[?.!,;:)]|$)/gi,
	// "Earlier" after a verb of what was said or done ("you mentioned earlier"); alone it may mean "sooner".
	/\b(?:said|mentioned|discussed|decided|agreed|talked|told|wrote|asked|noted|suggested|planned|tried|chose|promised|shared|showed|sent|did)\b[^.?!\n]{0,40}?\bearlier\b/gi,

	// Chinese words that always point back: recall, last time, back then, last week, last year.
	/回顾|上次|上一次|上回|那时候|曾经|还记得|前几天|前阵子|上周|上星期|上礼拜|上个?月|去年/g,
	// "当初", "起初" (at first, back when it started); "先前", "早先", "此前" (previously).
	/当初|起初|先前|早先|此前/g,
	// "那次", "那一次", "那回" (that time): one past occasion.
	/那一?次|那回/g,
	// "当时" (back then), but not "当时间到了" (when the time comes) nor "适当时" (when suitable).
	/(?<unless>[适相正每])?当时(?![间髦])/g,
	// "为什么…了", "为啥…了": the reason for something done ("我们为什么暂停了筛选？", "为什么推迟了？").
	// A "了" ending the question after any other verb tells of a state now ("为什么报错了？"), "了解"
	// is "to understand", and "为什么天是蓝的" has no "了": questions about now.
	new RegExp(
		`(?:为什么|为啥|为何|干嘛)${NOT_CLAUSE_END}{0,20}?(?:(?:${DECISION_VERB})了|了(?!解|${QUESTION_END}))`,
		"g",
	),
	// "之前为什么", "以前为什么" (why, back then), but not "开会之前为什么要带电脑" (why one must, before it).
	/(?:之前|以前)(?:为什么|为啥|为何)(?!要|得|会|应该|必须)/g,
	// "是怎么决定的", "怎么定下来的": the "…的" of how a decision was made, not "怎么选择合适的方案" (how to choose).
	/怎么(?:决定|选择|确定|商量|讨论|约定|定|选|挑|谈)(?:下来|出来|好|了)?的/g,
	// "我们决定了什么", "讨论了哪些": what was decided or said.
	/(?:决定|确定|商定|约定|讨论|商量|定|选|聊|谈|说)了(?:什么|啥|哪)/g,
	// "我们讨论过这个吗": something done before, at least once. Not "过滤" (to filter).
	/(?:讨论|商量|决定|考虑|约定|聊|谈|说|提|试)过(?!滤)/g,
	// "之前", "以前" (and Japanese "前に") look back at the start of a clause, after a person
	// ("我们之前", "私は以前") or after an amount of time ("三天前", "很久以前"); after an event they
	// mean "before it" ("开会之前").
	new RegExp(
		`(?:${CLAUSE_START}|${PERSON}|${JAPANESE_PARTICLE})(?:之前|以前|前に)|(?:${AMOUNT_OF_TIME})(?:之|以)?前`,
		"g",
	),

	// Japanese words that always point back: last time, the other day, last week, last year, "remember?".
	/前回|この前|先日|先週|先月|昨年|覚えて(?:る|います|いる)/g,
	// "あの時", "あのとき", "あの頃" (back then); "当時" (at the time, as Japanese writes it); "当初" is above.
	/あの(?:時|とき|頃|ころ)|当時/g,
	// "なぜ…た", "どうして…た", "なんで…た": the reason for something done ("なぜ中止したのですか").
	new RegExp(`(?:なぜ|何故|どうして|なんで)${NOT_CLAUSE_END}{1,30}?${JAPANESE_PAST}`, "g"),
	// "決めた理由", "変えた経緯": the reason or course of something done.
	/(?:た|[^な]んだ)(?:理由|経緯|いきさつ|わけ)/g,
	// "何を決めた？", "どう決めたんだっけ": what was decided or agreed.
	new RegExp(
		`(?:決め(?:まし)?た|決ま(?:っ|りまし)た|選(?:んだ|びました)|話し合(?:っ|いまし)た|(?:相談|合意)し(?:まし)?た)${AFTER_JAPANESE_PAST}`,
		"g",
	),
];

export function isHistoryQuestion(text: string): boolean {
	return LOOKS_BACK.some((pattern) => {
		for (const match of text.matchAll(pattern)) if (match.groups?.unless === undefined) return true;
		return false;
	});
}
