import type { Setting } from "obsidian";
import { t } from "../../i18n";
import { exclusionPreviewRow } from "./exclusionPreview";
import type { SettingsContext, SettingsSection } from "./settingsContext";

/**
 * What the assistant never reads or sends, and, in plain words, what it does send to Anthropic.
 * When the saved privacy settings could not be recovered, it first says so, with the button that
 * lets the model be used again once the user has checked them.
 */
export function privacySection(context: SettingsContext): SettingsSection {
	const review = context.settingsStore.state.privacyReviewNeeded
		? [
				{
					name: t("settings.privacy-review.name"),
					desc: t("settings.privacy-review.desc"),
					searchable: false,
					render: (setting: Setting) => confirmButton(setting, context),
				},
			]
		: [];
	return {
		type: "group",
		heading: t("settings.privacy.heading"),
		items: [
			...review,
			{
				name: t("settings.excluded-folders.name"),
				desc: t("settings.excluded-folders.desc"),
				control: { type: "textarea", key: "excludedFolders", rows: 3 },
			},
			exclusionPreviewRow(context.settingsStore, "folders", context.app.vault),
			{
				name: t("settings.excluded-tags.name"),
				desc: t("settings.excluded-tags.desc"),
				control: { type: "textarea", key: "excludedTags", rows: 3 },
			},
			exclusionPreviewRow(context.settingsStore, "tags", context.app.vault),
			{ name: t("settings.private-flag.name"), desc: t("settings.private-flag.desc"), aliases: ["assistant: private"] },
			{ name: t("settings.sent.name"), desc: t("settings.sent.desc") },
		],
	};
}

function confirmButton(setting: Setting, context: SettingsContext): void {
	const { settingsStore } = context;
	setting.addButton((button) =>
		button
			.setButtonText(t("settings.privacy-review.button"))
			.setCta()
			.onClick(async () => {
				await settingsStore.updateState({ privacyReviewNeeded: false });
				settingsStore.notifier.notify(t("settings.privacy-review.confirmed"));
				context.redraw();
			}),
	);
}
