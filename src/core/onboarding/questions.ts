/**
 * The onboarding questions: five at most, across three topics, so that setting up is short. The form
 * shows them as they are; the conversation's prompt gives them to the model as the ground to
 * cover. Their wording lives in `src/i18n` under `onboarding.question.<id>`.
 */

export const ONBOARDING_TOPICS = ["you", "assistant", "notes"] as const;
export type OnboardingTopic = (typeof ONBOARDING_TOPICS)[number];

/** The answers kept as the user's own words, each going to one place in the identity files. */
export const TEXT_ANSWERS = [
	"name",
	"about",
	"work",
	"focus",
	"preferences",
	"assistantName",
	"style",
	"rules",
	"organization",
] as const;
export type TextAnswer = (typeof TEXT_ANSWERS)[number];

/** Where the assistant keeps its daily memory: the values of the `dailyMemoryLocation` setting. */
export const DAILY_MEMORY_CHOICES = ["assistant-folder", "daily-notes"] as const;
export type DailyMemoryChoice = (typeof DAILY_MEMORY_CHOICES)[number];

/** One control of a question in the form: a line or a paragraph of text, a folder, or the daily memory choice. */
export type QuestionField =
	| { readonly kind: "line" | "paragraph"; readonly answer: TextAnswer }
	| { readonly kind: "folder"; readonly answer: "inboxFolder" }
	| { readonly kind: "choice"; readonly answer: "dailyMemory" };

export interface OnboardingQuestion {
	readonly id: "name" | "work" | "style" | "organization" | "places";
	readonly topic: OnboardingTopic;
	readonly fields: readonly QuestionField[];
}

export const ONBOARDING_QUESTIONS: readonly OnboardingQuestion[] = [
	{ id: "name", topic: "you", fields: [{ kind: "line", answer: "name" }] },
	{ id: "work", topic: "you", fields: [{ kind: "paragraph", answer: "work" }] },
	{ id: "style", topic: "assistant", fields: [{ kind: "paragraph", answer: "style" }] },
	{ id: "organization", topic: "notes", fields: [{ kind: "paragraph", answer: "organization" }] },
	{
		id: "places",
		topic: "notes",
		fields: [
			{ kind: "folder", answer: "inboxFolder" },
			{ kind: "choice", answer: "dailyMemory" },
		],
	},
];
