import type { TurnPorts } from "../../core/agent/session";
import type { Clock } from "../../core/ports";
import type { OnboardingActions } from "../onboarding/onboardingActionsPort";
import type { PromptLibrary } from "../prompts/promptLibrary";
import type { SettingsStore } from "../settingsStore";
import type { OverCapNotice } from "./overCapNotice";

/** What the chat pane needs of the plugin: the settings and state, and the ports of each turn. */
export interface ChatViewDeps {
	readonly settingsStore: SettingsStore;
	readonly clock: Clock;
	/** Built when the user sends, so the key, model and settings are the current ones. */
	readonly ports: () => Promise<TurnPorts>;
	/** The line that says, once a session, that long-term memory has outgrown its cap. */
	readonly overCap: OverCapNotice;
	/** Onboarding, which the empty chat offers while the assistant has no identity. */
	readonly onboarding: Pick<OnboardingActions, "startConversation">;
	/** Opens the plugin's settings (the key and the model come first). */
	readonly openSettings: () => void;
	/** Opens another chat in a new tab. */
	readonly openInNewTab: () => void;
	/** The prompt notes, for `/name` in the composer. */
	readonly prompts: Pick<PromptLibrary, "prompts" | "prepare">;
}
