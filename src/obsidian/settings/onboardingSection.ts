import type { Setting } from "obsidian";
import { t } from "../../i18n";
import type { SettingsContext, SettingsSection } from "./settingsContext";

/** Onboarding: whether it is done, and its three ways in (a conversation, a form, starting over). */
export function onboardingSection(context: SettingsContext): SettingsSection {
	const { settingsStore, onboarding } = context;
	const action =
		(label: string, run: () => unknown, cta = false) =>
		(setting: Setting) =>
			void setting.addButton((button) => {
				button.setButtonText(label).onClick(() => void run());
				if (cta) button.setCta();
			});
	return {
		type: "group",
		heading: t("settings.onboarding.heading"),
		items: [
			{
				name: t("settings.onboarding.status.name"),
				searchable: false,
				render: (setting) =>
					void setting.setDesc(
						t(
							settingsStore.state.onboardingComplete
								? "settings.onboarding.complete"
								: "settings.onboarding.not-complete",
						),
					),
			},
			{
				name: t("settings.onboarding.conversation.name"),
				desc: t("settings.onboarding.conversation.desc"),
				render: action(
					t("settings.onboarding.conversation.button"),
					() => onboarding.startConversation(),
					!settingsStore.state.onboardingComplete,
				),
			},
			{
				name: t("settings.onboarding.form.name"),
				desc: t("settings.onboarding.form.desc"),
				render: action(t("settings.onboarding.form.button"), () => onboarding.fillInForm()),
			},
			{
				name: t("settings.onboarding.start-over.name"),
				desc: t("settings.onboarding.start-over.desc"),
				render: action(t("settings.onboarding.start-over.button"), async () => {
					await onboarding.startOver();
					context.redraw();
				}),
			},
		],
	};
}
