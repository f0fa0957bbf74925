import type { App } from "obsidian";
import { checkpoint } from "../../core/agent/tools/checkpoint";
import type { WriteToolDeps } from "../../core/agent/tools";
import { t } from "../../i18n";
import { noticeWithNote } from "../noteNotice";
import { notifyFailure } from "../notifyFailure";
import type { SettingsStore } from "../settingsStore";
import type { CheckpointInput } from "./checkpointModal";

/**
 * Saves a checkpoint the user wrote (the command's form, or the one the chat offers at a
 * checkpoint moment) with the `checkpoint` tool's own code; the next chat's resume banner shows
 * it. `tools` are the chat tools' world with the user as the writer. Whether it was saved; a failure
 * is told in a notice.
 */
export async function saveCheckpoint(
	app: App,
	settingsStore: SettingsStore,
	tools: () => Promise<WriteToolDeps>,
	input: CheckpointInput,
): Promise<boolean> {
	let saved = false;
	await notifyFailure(settingsStore.notifier, async () => {
		const result = await checkpoint.run(input, await tools());
		if (result.display?.kind !== "checkpoint") {
			settingsStore.notifier.notify(result.text);
			return;
		}
		await settingsStore.updateState({ lastCheckpoint: result.display.checkpoint });
		noticeWithNote(app, t("checkpoint.saved"), result.display.path);
		saved = true;
	});
	return saved;
}
