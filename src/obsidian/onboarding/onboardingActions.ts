import { Notice, type App } from "obsidian";
import {
	answersFromBlock,
	answersFromFiles,
	draftIdentityFiles,
	onboardingPorts,
	onboardingPrompt,
	parseOnboardingCompletion,
	planOnboarding,
	readExistingFiles,
	type OnboardingAnswers,
} from "../../core/onboarding";
import { localToday } from "../../core/memory/dailyDates";
import type { Clock } from "../../core/ports";
import type { IdentityRole } from "../../core/workspace/identity";
import { t } from "../../i18n";
import type { ChatMode } from "../chat/chatMode";
import { closeSettings } from "../settingsWindow";
import { describeError } from "../describeError";
import type { SettingsStore } from "../settingsStore";
import { applyReviewed } from "./applyReviewed";
import type { OnboardingActions } from "./onboardingActionsPort";
import { OnboardingFormModal } from "./onboardingFormModal";
import { OnboardingReviewModal } from "./onboardingReviewModal";

export interface OnboardingDeps {
	readonly app: App;
	readonly settingsStore: SettingsStore;
	readonly clock: Clock;
	/** The chat pane, opened if it is closed and shown (`openChat` of `registerChat`). */
	readonly openChat: () => Promise<{ startMode(mode: ChatMode): Promise<void> }>;
}

/**
 * The settings tab's three onboarding actions. The conversation and the form both end in the
 * same review of the planned files, and nothing is written before its Apply.
 */
export function createOnboardingActions(deps: OnboardingDeps): OnboardingActions {
	const review = (answers: OnboardingAnswers) => void reviewAnswers(deps, answers).catch(showFailure);
	const fillInForm = () => void openForm(deps, review).catch(showFailure);
	return {
		startConversation: () => {
			const { app, settingsStore } = deps;
			if (settingsStore.offline()) {
				new Notice(t("onboarding.notice.needs-key"));
				fillInForm();
				return;
			}
			// The conversation happens in the chat, which the settings window would hide.
			closeSettings(app);
			void deps
				.openChat()
				.then((chat) => chat.startMode(onboardingChat(settingsStore, review)))
				.catch(showFailure);
		},
		fillInForm,
		startOver: async () => {
			await deps.settingsStore.updateState({ onboardingComplete: false });
			new Notice(t("onboarding.notice.start-over"));
		},
	};
}

/**
 * The chat in onboarding mode: the onboarding prompt, no tools, and each answer read for the
 * completion block, which leads to the review; a block that cannot be read is shown as a
 * problem the user can retry, and the conversation goes on.
 */
function onboardingChat(settingsStore: SettingsStore, review: (answers: OnboardingAnswers) => void): ChatMode {
	const prompt = onboardingPrompt(settingsStore.language());
	return {
		ports: (ports) => onboardingPorts(ports, prompt),
		opening: t("onboarding.chat.opening"),
		answered: (text) => {
			const completion = parseOnboardingCompletion(text);
			if (completion.kind === "complete") review(answersFromBlock(completion.answers));
			return completion.kind === "invalid" ? t(completion.problem.key, completion.problem.params) : null;
		},
	};
}

async function openForm(deps: OnboardingDeps, review: (answers: OnboardingAnswers) => void): Promise<void> {
	const { app, settingsStore } = deps;
	const workspace = await settingsStore.open();
	const written = answersFromFiles(await readExistingFiles(workspace.vault, workspace.layout));
	const current = {
		inboxFolder: workspace.layout.inboxFolder,
		dailyMemory: settingsStore.settings.dailyMemoryLocation,
		written,
	};
	const policy = { configDir: app.vault.configDir, excludedFolders: settingsStore.settings.excludedFolders };
	new OnboardingFormModal(app, current, policy, review).open();
}

/** The answers made into files, compared with the vault's, in the review; Apply writes what the user chose. */
async function reviewAnswers(deps: OnboardingDeps, answers: OnboardingAnswers): Promise<void> {
	const { app, settingsStore, clock } = deps;
	const workspace = await settingsStore.open();
	const policy = { configDir: workspace.vault.configDir, excludedFolders: settingsStore.settings.excludedFolders };
	const draft = draftIdentityFiles(answers, settingsStore.language(), localToday(clock), policy);
	const plan = planOnboarding(draft, await readExistingFiles(workspace.vault, workspace.layout), workspace.layout);
	const apply = (replace: ReadonlySet<IdentityRole>) =>
		applyReviewed(plan, replace, { workspace, settingsStore, clock }).then(() => undefined, showFailure);
	new OnboardingReviewModal(app, plan, workspace.layout.archiveFolder, apply).open();
}

function showFailure(error: unknown): void {
	new Notice(describeError(error));
}
