import type { OnboardingAnswers } from "../../../src/core/onboarding";

export const POLICY = { configDir: ".obsidian", excludedFolders: ["Private"] };
export const TODAY = "2026-03-05";

export const MINA: OnboardingAnswers = {
	text: {
		name: "Mina",
		work: "PhD in sleep research\nchapter 2 of the thesis",
		focus: "finish chapter 2 by May",
		style: "Short answers, no emoji\nAnswer in English",
		organization: "PARA folders; #status tags",
		rules: "Never schedule anything on Sundays",
	},
	inboxFolder: "00 Inbox",
	dailyMemory: "daily-notes",
	other: [{ label: "favourite colour", text: "green" }],
};

export const MINA_ZH: OnboardingAnswers = {
	text: {
		name: "米娜",
		work: "睡眠研究方向的博士生",
		style: "回答简短，不用表情符号",
		organization: "按项目分文件夹，用标签标状态",
	},
	inboxFolder: null,
	dailyMemory: null,
	other: [],
};

/** The `## ` headings of a markdown text, in order. */
export const headings = (text: string) =>
	text
		.split("\n")
		.filter((line) => line.startsWith("## "))
		.map((line) => line.slice(3));

/** The lines under `## heading`, up to the next heading, without blank lines. */
export function linesUnder(text: string, heading: string): string[] {
	const lines = text.split("\n");
	const start = lines.indexOf(`## ${heading}`);
	if (start === -1) return [];
	const end = lines.findIndex((line, index) => index > start && line.startsWith("## "));
	return lines.slice(start + 1, end === -1 ? undefined : end).filter((line) => line.trim() !== "");
}
