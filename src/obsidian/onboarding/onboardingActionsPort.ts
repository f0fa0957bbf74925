/**
 * What the settings tab's onboarding rows do (by conversation, by form, reset). The tab only
 * calls these; `createOnboardingActions` in `onboardingActions.ts` implements them, and a test
 * passes its own.
 */
export interface OnboardingActions {
	/**
	 * Starts onboarding by conversation, from wherever it is asked for (the settings, the empty
	 * chat): closes the settings window, shows the chat and puts it in onboarding mode, where the
	 * assistant asks its questions. Without a key it opens the form instead, and says why.
	 */
	startConversation(): void;
	/** Opens the onboarding form: the same questions, no model needed. */
	fillInForm(): void;
	/** Resets the onboarding status; every file is kept. */
	startOver(): Promise<void>;
}
