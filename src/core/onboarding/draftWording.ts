import type { Language } from "../../i18n";

/**
 * The words onboarding adds to the identity files, in each language. The section names of
 * `user.md` and the checklist heading are the templates' own, so that the answers land under them.
 */
export interface DraftWording {
	readonly soulHeading: string;
	readonly soulLead: string;
	readonly userSections: Readonly<Record<"about" | "work" | "preferences" | "focus", string>>;
	readonly otherHeading: string;
	readonly vaultHeading: string;
	readonly inbox: string;
	readonly rulesHeading: string;
	readonly memoryHeading: string;
	/** The labels of answers written as `label: value`. */
	readonly labels: Readonly<Record<"name" | "assistantName" | "about" | "work" | "focus" | "preferences", string>>;
	/** A value after its label, with the language's colon. */
	readonly labelled: string;
	readonly checklistHeading: string;
	/** The heartbeat's starting checklist: real items, so that the heartbeat runs once onboarding is done. */
	readonly checklist: readonly string[];
}

const en: DraftWording = {
	soulHeading: "In the user's words",
	soulLead: "What the user asked for during onboarding. Where it differs from the defaults below, it comes first.",
	userSections: { about: "About me", work: "Work and projects", preferences: "Preferences", focus: "Current focus" },
	otherHeading: "Also mentioned",
	vaultHeading: "This vault",
	inbox: "New notes go to the folder `{value}` unless the user says where.",
	rulesHeading: "The user's rules",
	memoryHeading: "Onboarding, {value}",
	labels: {
		name: "Name",
		assistantName: "Your name",
		about: "About",
		work: "Work",
		focus: "Current focus",
		preferences: "Preferences",
	},
	labelled: "{label}: {value}",
	checklistHeading: "Checklist",
	checklist: [
		"Deadlines and commitments in recent memory that fall within the next three days",
		"Questions left open in the last few days that I have not come back to",
	],
};

const zh: DraftWording = {
	soulHeading: "用户的原话",
	soulLead: "用户在引导对话中提出的要求。与下面的默认设置不一致时，以这里为准。",
	userSections: { about: "关于我", work: "工作与项目", preferences: "偏好", focus: "当前重点" },
	otherHeading: "其他",
	vaultHeading: "这个笔记库",
	inbox: "新笔记放进文件夹 `{value}`，除非用户指定位置。",
	rulesHeading: "用户的规则",
	memoryHeading: "引导，{value}",
	labels: {
		name: "称呼",
		assistantName: "你的名字",
		about: "关于",
		work: "工作",
		focus: "当前重点",
		preferences: "偏好",
	},
	labelled: "{label}：{value}",
	checklistHeading: "清单",
	checklist: ["最近记忆中未来三天内到期的截止日期和约定", "最近几天留下、我还没有回头处理的问题"],
};

const wordings: Record<Language, DraftWording> = { en, zh };

export function draftWordingFor(language: Language): DraftWording {
	return wordings[language];
}

/** `template` with `{value}` filled. */
export function filled(template: string, value: string): string {
	return template.replace("{value}", value);
}

/** `value` after `label`, as a list item of one line. */
export function labelledItem(wording: DraftWording, label: string, value: string): string {
	return `- ${filled(wording.labelled.replace("{label}", label), value.trim().replace(/\s*\n\s*/g, "; "))}`;
}
