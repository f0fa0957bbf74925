import { plainText } from "./plainText";

/**
 * Phrases that only say "nothing to report", in English and Chinese, as `plainText` writes them.
 * A reply made of these says nothing the user needs, however it is dressed up; a reply with one
 * word outside them (a name, a time, a "but") says something and is shown.
 */
const ACKNOWLEDGEMENTS = [
	"ok",
	"okay",
	"noted",
	"checked",
	"done",
	"heartbeat ok",
	"all clear",
	"all good",
	"all fine",
	"all quiet",
	"all set",
	"you're all set",
	"all is well",
	"all's well",
	"everything is fine",
	"everything's fine",
	"everything is ok",
	"everything is okay",
	"everything is good",
	"everything is in order",
	"everything looks good",
	"everything looks fine",
	"looks good",
	"nothing to report",
	"nothing new",
	"nothing new to report",
	"nothing to flag",
	"nothing urgent",
	"nothing pressing",
	"nothing to do",
	"nothing needs attention",
	"nothing needs your attention",
	"nothing requires your attention",
	"nothing to remind you of",
	"nothing to remind you about",
	"no reminders",
	"no alerts",
	"no updates",
	"no news",
	"no issues",
	"no action needed",
	"no action required",
	"no action is needed",
	"check complete",
	"heartbeat complete",
	"一切正常",
	"一切都好",
	"一切安好",
	"都正常",
	"都好",
	"正常",
	"没事",
	"没什么事",
	"没有什么事",
	"没有事",
	"无事",
	"暂无",
	"没有需要提醒的",
	"没有需要提醒你的",
	"没什么需要提醒的",
	"没有要提醒的",
	"无需提醒",
	"没有提醒",
	"没有新提醒",
	"没有新的提醒",
	"没有需要关注的",
	"没有需要你关注的",
	"没有需要注意的",
	"没有要报告的",
	"没什么要报告的",
	"无事可报",
	"没有新情况",
	"无异常",
	"没有异常",
	"好的",
	"收到",
	"已检查",
	"检查完毕",
	"检查完成",
	"心跳正常",
	"无需操作",
];

/**
 * Words that add nothing by themselves (when, what was checked, particles): allowed around the
 * acknowledgements, never enough alone.
 */
const QUALIFIERS = [
	"today",
	"for now",
	"right now",
	"at the moment",
	"currently",
	"so far",
	"here",
	"and",
	"so",
	"just",
	"heartbeat",
	"heartbeat check",
	"status",
	"今天",
	"目前",
	"暂时",
	"现在",
	"当前",
	"心跳",
	"心跳检查",
	"状态",
	"事",
	"事项",
	"事情",
	"也",
	"了",
	"啦",
	"哦",
	"呢",
	"的",
	"吧",
	"哈",
];

/** Where a reply's clauses part: sentence and clause punctuation (ASCII after `plainText`, and CJK), dashes, lines. */
const CLAUSE_BREAK = /[.!?;,:。！？；，、：…\n]|\s[-–—]+\s|[–—]+/;

/**
 * Whether `text` is filler: every clause reads as a run of acknowledgement phrases and
 * qualifiers, and at least one acknowledgement is there. Length plays no part, so a short real
 * alert ("Call mom at 5pm.") is never taken for an acknowledgement.
 */
export function isAcknowledgement(text: string): boolean {
	const clauses = plainText(text)
		.split(CLAUSE_BREAK)
		.map((clause) => clause.trim())
		.filter((clause) => clause !== "");
	const readings = clauses.map(phraseRun);
	return readings.every((reading) => reading !== null) && readings.some((reading) => reading === "acknowledges");
}

type Reading = "acknowledges" | "qualifies";

/**
 * Reads `clause` as phrases one after another (spaces between them optional, as Chinese writes
 * them; Latin words never run into each other), or `null` when it cannot be read so.
 */
function phraseRun(clause: string): Reading | null {
	// best[i]: the reading of clause[0, i), or undefined when that part cannot be read.
	const best: (Reading | undefined)[] = [];
	best[0] = "qualifies";
	for (let at = 0; at < clause.length; at++) {
		const before = best[at];
		if (before === undefined) continue;
		const from = clause[at] === " " ? at + 1 : at;
		for (const [phrase, reading] of PHRASES) {
			if (!clause.startsWith(phrase, from)) continue;
			const end = from + phrase.length;
			if (isWordChar(clause[end - 1]) && isWordChar(clause[end])) continue;
			const combined: Reading = before === "acknowledges" || reading === "acknowledges" ? "acknowledges" : "qualifies";
			if (best[end] !== "acknowledges") best[end] = combined;
		}
	}
	return best[clause.length] ?? null;
}

const PHRASES: readonly (readonly [string, Reading])[] = [
	...ACKNOWLEDGEMENTS.map((phrase) => [phrase, "acknowledges"] as const),
	...QUALIFIERS.map((phrase) => [phrase, "qualifies"] as const),
];

function isWordChar(char: string | undefined): boolean {
	return char !== undefined && /[a-z0-9']/.test(char);
}
