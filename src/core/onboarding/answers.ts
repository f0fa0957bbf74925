import type { DailyMemoryChoice, TextAnswer } from "./questions";

/** Something the user said that has no place of its own, kept under the label it came with. */
export interface OtherAnswer {
	readonly label: string;
	readonly text: string;
}

/**
 * What onboarding learned, from the form or from the conversation's block: the user's words by
 * answer (absent when not given), the folder choices (`null`: leave the setting as it is), and
 * anything else said, so that nothing the user told the assistant is dropped.
 */
export interface OnboardingAnswers {
	readonly text: Readonly<Partial<Record<TextAnswer, string>>>;
	readonly inboxFolder: string | null;
	readonly dailyMemory: DailyMemoryChoice | null;
	readonly other: readonly OtherAnswer[];
}
