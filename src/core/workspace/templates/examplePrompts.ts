import type { Language } from "../../../i18n";

/** An example prompt note: its file name in the prompts folder (the prompt's name) and its text. */
export interface ExamplePrompt {
	readonly fileName: string;
	readonly text: string;
}

/*
 * The prompts Initialize writes into a new prompts folder, one for each placeholder, to show how
 * a prompt is written: properties on top (`description`, `insert`), the template below. They are
 * the user's to edit or delete; a folder that exists already gets none.
 */
const PROMPTS: Readonly<Record<Language, readonly ExamplePrompt[]>> = {
	en: [
		{
			fileName: "Summarize.md",
			text: `---
description: Summarize the open note in a few bullet points
---
Summarize this note in five bullet points or fewer, in the note's own language. Keep names, dates and numbers exactly as written.

{{note}}
`,
		},
		{
			fileName: "Improve writing.md",
			text: `---
description: Rewrite the selected text, clearer and shorter; the answer goes below the selection
insert: cursor
---
Rewrite the text below so that it reads clearly: fix grammar and spelling, cut what repeats, keep my meaning, tone and language. Answer with the rewritten text only, nothing before or after it.

{{selection}}
`,
		},
		{
			fileName: "Plan my day.md",
			text: `---
description: A short plan for today from my notes and memory
---
Today is {{date}}. Look at my recent daily memory and at the tasks and deadlines in my notes, then propose a plan for today: three priorities at most first, then the rest by time of day. Keep it short.
`,
		},
	],
	zh: [
		{
			fileName: "总结.md",
			text: `---
description: 用几个要点总结当前笔记
---
用不超过五个要点总结这篇笔记，使用笔记本身的语言。人名、日期和数字保持原样。

{{note}}
`,
		},
		{
			fileName: "润色文字.md",
			text: `---
description: 把所选文字改写得更清楚、更简洁；回答插入在所选文字下方
insert: cursor
---
改写下面的文字，使其清楚易读：修正语法和错别字，删去重复的内容，保留我的意思、语气和语言。只回答改写后的文字，前后不加任何内容。

{{selection}}
`,
		},
		{
			fileName: "规划今天.md",
			text: `---
description: 根据我的笔记和记忆，给出今天的简短计划
---
今天是 {{date}}。看看我最近的每日记忆，以及笔记中的任务和截止日期，然后为今天提出计划：先列出最多三件优先事项，其余按时间段安排。保持简短。
`,
		},
	],
};

export function examplePromptsFor(language: Language): readonly ExamplePrompt[] {
	return PROMPTS[language];
}
