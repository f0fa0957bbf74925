/**
 * Two of the checkpoint moments said in words: the user is leaving ("bye", "I'm off",
 * "先走了", "明天见", "また明日"), or has just finished a part of the work ("I finished chapter 2",
 * "第二章写完了", "提出しました"). Pure rules of phrases, as the history book's intent is: instant,
 * and their mistakes are testable. A false match costs little (the model is told it may be a
 * checkpoint moment and judges; without a model the user is offered a checkpoint and may pass),
 * so the phrases lean to catching the ways people say it.
 *
 * No pattern uses a lookbehind: iOS before 16.4 cannot parse one, and a single regular expression
 * it cannot parse keeps the whole plugin from loading there.
 */

/** What ends a short farewell: the end of the message, or of its sentence. */
const ENDS = "(?=\\s*(?:[。！!.,，~～…]|$))";

const LEAVING: readonly RegExp[] = [
	// "Bye", "good night", but not "a good night's sleep".
	/\b(?:bye|bye-bye|byebye|goodbye|good-bye|good ?night(?!['’]s)|ttyl|cya|see (?:you|ya)|talk (?:to you )?(?:later|tomorrow|soon))\b/i,
	// "I'm off", "I'm heading home", "I'm done for today".
	/\b(?:i'm|i’m|im|i am) (?:off|leaving|heading (?:out|off|home)|going (?:home|to bed)|signing off|logging off|done for (?:today|the day|tonight|now))\b/i,
	// "Gotta go", "I have to run", but not "I need to go through the notes".
	/\b(?:gotta|got to|have to|need to|must) (?:go|run|leave|head out)\b(?!\s+(?:through|over|back|on|ahead|deeper|into|with|for)\b)/i,
	/\b(?:calling it a (?:day|night)|that'?s (?:all|it) for (?:today|now|tonight)|done for (?:today|the day|tonight)|signing off|logging off|heading (?:out|home))\b/i,
	// "Let's pick this up tomorrow", "we can continue next time".
	/\b(?:let'?s|we(?:'ll| will| can)) (?:stop here|continue (?:tomorrow|later|next time)|pick (?:this|it) up (?:tomorrow|later|next time))\b/i,
	// "再见", but not "再见到导师时" (when I see my supervisor again).
	/先走了|我走了|明天见|回头见|下次见|改天见|再见(?![到面])|拜拜|晚安|下班了|先下了|先撤了|去睡了|睡觉去了|明天(?:再|继续)/,
	// "今天就到这里", "今天先到这儿"; "先这样吧" only as the whole sentence ("先这样改" is an instruction).
	new RegExp(`今天(?:就|先)?(?:到这|到此)|先(?:这样|到这[里儿]?)(?:吧|了)?${ENDS}`),
	/また明日|またね|お疲れ(?:様|さま)|おつかれ|さようなら|おやすみ|失礼します|じゃあね|今日はここまで/,
];

const FINISHED: readonly RegExp[] = [
	// "I finished the draft", "OK, we've just completed phase one", at the start of a clause: "have I finished?" is a question.
	/(?:^|[.!,;:]\s*|\b(?:and|so|now|ok|okay|yes|well|great)\s+)(?:i|we)(?:'ve|’ve| have)? (?:just |finally |now )?(?:finished|completed|wrapped up|submitted)\b/i,
	/\b(?:i'm|i’m|i am|we're|we’re|we are) (?:(?:all |finally )?done|finished) with\b/i,
	// "The draft is done", "chapter 2 is finished".
	/\b(?:chapter|section|draft|part|phase|step|milestone|task|analysis|experiment|review|paper|thesis|report)\b[^.?!\n]{0,40}\b(?:is|are) (?:now )?(?:done|finished|complete|completed|submitted)\b(?!\s*\?)/i,
	// "第二章写完了", "完成了", "搞定了", but not "写完了吗" (a question).
	/(?:写|做|改|弄|搞|跑|读|看|整理|录|算|画)完了(?![吗么没])|完成了(?![吗么没])|搞定了(?![吗么没])|提交了(?![吗么没])/,
	/(?:終わ(?:った|りました)|完了(?:した|しました)|書き終え(?:た|ました)|提出(?:した|しました))(?![か？?])/,
];

/** Whether `text` says the user is leaving. */
export function saysLeaving(text: string): boolean {
	return LEAVING.some((pattern) => pattern.test(text));
}

/** Whether `text` says a part of the work was just finished. */
export function saysFinished(text: string): boolean {
	return FINISHED.some((pattern) => pattern.test(text));
}
