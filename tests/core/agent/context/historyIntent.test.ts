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

	it.each(["前回の会議で何を決めた？", "以前話したこと覚えてる？", "私たちは以前この問題を扱いましたか", "先週の進捗は？"])(
		"takes the Japanese %j for a question about the past",
		(text) => {
			expect(isHistoryQuestion(text)).toBe(true);
		},
	);

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
});
