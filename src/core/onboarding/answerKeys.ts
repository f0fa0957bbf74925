import type { TextAnswer } from "./questions";

/** Every answer a key of the model's block can name. */
export type AnswerKey = TextAnswer | "inboxFolder" | "dailyMemory";

/**
 * The words a model may use for each answer, in English and Chinese, written folded (see
 * `foldKey`): the model chooses its own keys (the block is free-form JSON), so
 * `"Call me"`, `"nickname"` and `"称呼"` all mean the name.
 */
const KEY_WORDS: Readonly<Record<AnswerKey, readonly string[]>> = {
	name: ["name", "callme", "callyou", "nickname", "preferredname", "username", "称呼", "名字", "姓名", "叫我", "昵称"],
	assistantName: ["assistantname", "botname", "ainame", "助理名", "助手名", "助理的名字", "助手的名字"],
	about: [
		"about",
		"aboutme",
		"whoyouare",
		"whoami",
		"whatido",
		"whatyoudo",
		"whatdoyoudo",
		"做什么",
		"background",
		"role",
		"identity",
		"profession",
		"occupation",
		"job",
		"bio",
		"你是谁",
		"关于我",
		"身份",
		"背景",
		"职业",
		"角色",
	],
	work: ["work", "projects", "project", "research", "study", "studies", "工作", "项目", "研究", "学习", "在做"],
	focus: [
		"focus",
		"currentfocus",
		"current",
		"goal",
		"goals",
		"priority",
		"priorities",
		"当前",
		"重点",
		"目标",
		"最近",
	],
	preferences: [
		"preference",
		"preferences",
		"likes",
		"habits",
		"howiwork",
		"routine",
		"interests",
		"hobbies",
		"偏好",
		"喜好",
		"习惯",
		"兴趣",
	],
	style: [
		"style",
		"tone",
		"voice",
		"personality",
		"behavior",
		"behaviour",
		"behave",
		"communication",
		"language",
		"answers",
		"风格",
		"语气",
		"性格",
		"语言",
		"回答",
		"沟通",
		"人格",
	],
	rules: [
		"rules",
		"rule",
		"avoid",
		"dont",
		"never",
		"always",
		"boundaries",
		"constraints",
		"规则",
		"不要",
		"禁止",
		"避免",
		"约束",
		"边界",
	],
	organization: [
		"organization",
		"organisation",
		"organize",
		"organise",
		"notes",
		"notesystem",
		"structure",
		"folders",
		"folder",
		"tags",
		"vault",
		"taxonomy",
		"组织",
		"笔记",
		"文件夹",
		"目录",
		"标签",
		"结构",
		"整理",
		"分类",
	],
	inboxFolder: ["inbox", "inboxfolder", "capture", "newnotes", "收件箱", "收集箱", "新笔记"],
	dailyMemory: ["dailymemory", "dailynotes", "memorylocation", "journal", "每日记忆", "日记", "每日"],
};

/** A key folded for comparison: compatibility forms, lower case, letters and digits only (any script). */
export function foldKey(key: string): string {
	return key
		.normalize("NFKC")
		.toLowerCase()
		.replace(/[^\p{L}\p{N}]/gu, "");
}

/**
 * The answer a key names, or `null`. A key names an answer when it is one of its words or holds
 * one (`"your current focus"` holds `current`); the longest word found wins, so that
 * `assistant name` is the assistant's name and not the user's. Short Latin words (`job`) must
 * match the whole key: inside a longer one they are too often part of another word.
 */
export function answerKeyFor(key: string): AnswerKey | null {
	const folded = foldKey(key);
	let best: { key: AnswerKey; length: number } | null = null;
	for (const [answer, words] of Object.entries(KEY_WORDS) as [AnswerKey, readonly string[]][]) {
		for (const word of words) {
			const found = folded === word || (canBeInside(word) && folded.includes(word));
			if (found && (best === null || word.length > best.length)) best = { key: answer, length: word.length };
		}
	}
	return best?.key ?? null;
}

function canBeInside(word: string): boolean {
	return word.length >= 4 || /[^\p{ASCII}]/u.test(word);
}
