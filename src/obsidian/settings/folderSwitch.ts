import type { FailedEntry } from "../../core/workspace/initialize";
import type { WorkspaceInspection, WorkspaceStatus } from "../../core/workspace/inspect";
import type { SettingsStore } from "../settingsStore";

/**
 * What switching the assistant folder does first, so that the new folder is a workspace before
 * the assistant uses it: create the workspace files (`initialize`, or `complete` a partial
 * workspace), take the workspace over as it is (`adopt`), or take it over and go through
 * onboarding again (`rerun-onboarding`).
 */
export type SwitchStep = "initialize" | "complete" | "adopt" | "rerun-onboarding";

/** The steps a folder offers, the recommended one first. */
export function switchSteps(status: WorkspaceStatus): readonly SwitchStep[] {
	switch (status) {
		case "empty":
		case "ordinary-notes":
			return ["initialize"];
		case "existing-workspace":
			return ["adopt", "rerun-onboarding"];
		case "partial-workspace":
			return ["complete", "adopt"];
	}
}

export type SwitchResult = { readonly ok: true } | { readonly ok: false; readonly failed: readonly FailedEntry[] };

/** What the target folder holds, as the confirmation describes it. */
export async function inspectTarget(settingsStore: SettingsStore, folder: string): Promise<WorkspaceInspection> {
	return (await settingsStore.open(folder)).inspect();
}

/**
 * Runs `step` in `folder`, then makes `folder` the assistant folder, settings and onboarding
 * state in one save. The setting changes only after the step succeeded: a file that could not
 * be created leaves the assistant where it was (an error thrown does too).
 */
export async function switchAssistantFolder(
	settingsStore: SettingsStore,
	folder: string,
	step: SwitchStep,
): Promise<SwitchResult> {
	if (step === "initialize" || step === "complete") {
		const report = await (await settingsStore.open(folder)).initialize(settingsStore.language());
		if (report.failed.length > 0) return { ok: false, failed: report.failed };
	}
	await settingsStore.update(
		{ assistantFolder: folder },
		step === "rerun-onboarding" ? { onboardingComplete: false } : {},
	);
	return { ok: true };
}
