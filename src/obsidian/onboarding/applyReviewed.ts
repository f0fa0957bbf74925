import { Notice } from "obsidian";
import { applyOnboarding, type FileOutcome, type OnboardingPlan } from "../../core/onboarding";
import type { Clock } from "../../core/ports";
import type { AssistantWorkspace } from "../../core/assistantWorkspace";
import { localToday } from "../../core/memory/dailyDates";
import type { IdentityRole } from "../../core/workspace/identity";
import { t } from "../../i18n";
import { describeError } from "../describeError";
import type { SettingsStore } from "../settingsStore";

/**
 * Writes what the user approved, through the audited writer, then, when every file went as
 * planned, saves the folder choices and marks onboarding complete in one save. A notice tells
 * what was written and what was left, and names each file that was not.
 */
export async function applyReviewed(
	plan: OnboardingPlan,
	replace: ReadonlySet<IdentityRole>,
	deps: { readonly workspace: AssistantWorkspace; readonly settingsStore: SettingsStore; readonly clock: Clock },
): Promise<FileOutcome[]> {
	const { workspace, settingsStore, clock } = deps;
	const outcomes = await applyOnboarding(plan, replace, {
		vault: workspace.vault,
		writer: workspace.writer,
		archiveFolder: workspace.layout.archiveFolder,
		today: localToday(clock),
	});
	for (const outcome of outcomes) {
		if (outcome.kind === "failed")
			new Notice(t("onboarding.notice.failed", { path: outcome.path, error: describeError(outcome.error) }));
		if (outcome.kind === "changed-since-review")
			new Notice(t("onboarding.notice.changed-since-review", { path: outcome.path }));
	}
	if (outcomes.every((outcome) => outcome.kind !== "failed" && outcome.kind !== "changed-since-review")) {
		await settingsStore.update(plan.settings, { onboardingComplete: true });
		const written = outcomes.filter((outcome) => ["created", "appended", "replaced"].includes(outcome.kind)).length;
		new Notice(t("onboarding.notice.done", { count: written, kept: outcomes.length - written }));
	}
	return outcomes;
}
