import { isHistoryQuestion } from "../../../../src/core/agent/context";

describe("isHistoryQuestion", () => {
	it.each([
		"Why did we choose Postgres?",
		"what did we decide last time?",
		"Last time we talked about the grant, what was open?",
		"Have we discussed this before?",
		"Like we did before, use the old template.",
		"You mentioned earlier that the archive closes in May.",
		"What was the plan previously?",
		"Two weeks ago I asked you about a printer.",
		"Remind me what we said about the budget.",
		"What happened last week?",
		"Do you remember the title we picked?",
		"Give me a recap of the project.",
		"Did we ever try the other supplier?",
	])("takes %j for a question about the past", (text) => {
		expect(isHistoryQuestion(text)).toBe(true);
	});

	it.each([
		"我们之前讨论过这个吗？",
		"之前说的方案是什么？",
		"上次你提到的那本书叫什么？",
		"回顾一下上个月的进展",
		"为什么当时选了方案A？",
		"以前我们是怎么处理的？",
		"上周的会议结论是什么",
		"三天前我让你记的事情",
		"很久以前的那个项目还在吗",
		"你还记得我的生日吗",
	])("takes the Chinese %j for a question about the past", (text) => {
		expect(isHistoryQuestion(text)).toBe(true);
	});

	it.each([
		"前回の会議で何を決めた？",
		"以前話したこと覚えてる？",
		"私たちは以前この問題を扱いましたか",
		"先週の進捗は？",
	])("takes the Japanese %j for a question about the past", (text) => {
		expect(isHistoryQuestion(text)).toBe(true);
	});

	it.each([
		"before I forget, add milk",
		"Before we start, what's the agenda?",
		"Remind me before the meeting tomorrow.",
		"Can we meet earlier tomorrow?",
		"For the last time, use metric units.",
		"This is the last time I'll ask: shorter answers.",
		"What should I work on today?",
		"Summarise the current note.",
		"Remember to buy milk.",
		"What's the weather like in Chicago?",
		"睡觉之前提醒我喝水",
		"开会以前把文档发给我",
		"下班之前整理一下收件箱",
		"当时间到了提醒我",
		"在适当时提醒我休息",
		"帮我写一封邮件",
		"寝る前に薬を飲むようにリマインドして",
		"このメモを要約して",
	])("does not take %j for a question about the past", (text) => {
		expect(isHistoryQuestion(text)).toBe(false);
	});

	describe("asked for the reasons of past decisions", () => {
		it.each([
			["zh", "我们为什么暂停了筛选？"],
			["zh", "为啥改了方案？"],
			["zh", "为什么取消了周会"],
			["zh", "为什么推迟了？"],
			["zh", "当初为什么选 Postgres？"],
			["zh", "起初的计划是什么"],
			["zh", "那次会议我们定了什么？"],
			["zh", "截止日期是怎么决定的？"],
			["zh", "这个方案是怎么定下来的"],
			["zh", "这件事之前为什么搁置？"],
			["zh", "我们讨论过这个问题吗？"],
			["zh", "先前的结论是什么"],
			["ja", "なぜスクリーニングを中止したのですか？"],
			["ja", "どうしてこの方法を選んだの？"],
			["ja", "どうして、あの日会議をやめたの？"],
			["ja", "なんで延期したんだっけ"],
			["ja", "あの時何を決めた？"],
			["ja", "この方針に決めた理由は？"],
			["ja", "当初の予定はどうだった？"],
			["ja", "先日話した件はどうなった？"],
			["ja", "締め切りはどう決まったの？"],
			["en", "Why was the screening paused?"],
			["en", "What made us pick this supplier?"],
			["en", "What was the original plan?"],
			["en", "Didn't we agree on weekly reviews?"],
			["en", "What was the reason we paused screening?"],
		])("takes the %s %j for a question about the past", (_language, text) => {
			expect(isHistoryQuestion(text)).toBe(true);
		});

		it.each([
			["zh", "P001 入组了吗？"],
			["zh", "现在做什么"],
			["zh", "为什么天是蓝的？"],
			["zh", "为什么这个函数返回空？"],
			["zh", "为什么报错了？"],
			["zh", "为什么要了解用户？"],
			["zh", "怎么选择合适的方案？"],
			["zh", "开会之前为什么要带电脑？"],
			["zh", "帮我决定什么时候去"],
			["zh", "筛选完成了就提醒我"],
			["zh", "试试过滤功能"],
			["ja", "今日の予定は？"],
			["ja", "なぜ空は青い？"],
			["ja", "なぜなんだ？"],
			["ja", "なぜ私たちは眠るの？"],
			["ja", "どうしても今日中に終わらせたい"],
			["ja", "なぜ行きたいの？"],
			["ja", "雨が降ったら教えて"],
			["ja", "この予定を決めて"],
			["en", "Why is the sky blue?"],
			["en", "Why does the build fail?"],
			["en", "What should we do about screening now?"],
			["en", "What is the reason we need a backup?"],
		])("does not take the %s %j for a question about the past", (_language, text) => {
			expect(isHistoryQuestion(text)).toBe(false);
		});
	});
});
