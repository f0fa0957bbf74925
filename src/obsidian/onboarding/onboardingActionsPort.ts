/**
 * What the settings tab's onboarding rows do (issue 5, section 2). The tab only calls these;
 * `createOnboardingActions` in `onboardingActions.ts` implements them, and a test passes its own.
 */
export interface OnboardingActions {
	/** Opens the chat in onboarding mode: the assistant asks its questions. */
	startConversation(): void;
	/** Opens the onboarding form: the same questions, no model needed. */
	fillInForm(): void;
	/** Resets the onboarding status; every file is kept. */
	startOver(): Promise<void>;
}
