/** Onboarding: the questions, the answers the conversation or the form gives, and the files made from them. */
export {
	ONBOARDING_COMPLETE_TAG,
	parseOnboardingCompletion,
	type BlockProblem,
	type OnboardingCompletion,
} from "./completionBlock";
export { parseLenientJson, type JsonValue, type LenientParse } from "./lenientJson";
export { applyOnboarding, type ApplyDeps, type FileOutcome, type OnboardingWriter } from "./apply";
export type { OnboardingAnswers, OtherAnswer } from "./answers";
export { answersFromBlock } from "./answersFromBlock";
export { answersFromFiles } from "./answersFromFiles";
export { draftIdentityFiles, type OnboardingDraft, type OnboardingSettings } from "./drafts";
export { readExistingFiles } from "./existingFiles";
export { onboardingPorts } from "./onboardingModel";
export { onboardingPrompt } from "./onboardingPrompt";
export {
	planOnboarding,
	type ExistingFiles,
	type FileChoice,
	type FilePlan,
	type FileState,
	type OnboardingPlan,
} from "./plan";
export {
	DAILY_MEMORY_CHOICES,
	ONBOARDING_QUESTIONS,
	ONBOARDING_TOPICS,
	TEXT_ANSWERS,
	type DailyMemoryChoice,
	type OnboardingQuestion,
	type OnboardingTopic,
	type QuestionField,
	type TextAnswer,
} from "./questions";
