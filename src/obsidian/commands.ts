import type { Command } from "obsidian";
import type { AssistantWorkspace } from "../core/assistantWorkspace";
import { archiveCounts } from "../core/heartbeat/archivePolicy";
import { t, type MessageKey } from "../i18n";
import { registerAuditView } from "./audit/auditCommands";
import { captureCommands } from "./capture/captureCommands";
import type { CommandDeps } from "./commandContext";
import { archiveMessages } from "./memory/archiveMessages";
import { memoryCommands } from "./memory/memoryCommands";
import { promotionMessage } from "./memory/promotionMessage";
import { notifyFailure } from "./notifyFailure";
import { organizeCommands } from "./organize/organizeCommands";
import { noticeProgress } from "./progress/progressNotice";
import { whileSlow } from "./progress/withProgress";
import type { SettingsStore } from "./settingsStore";

type WorkspaceAction = (workspace: AssistantWorkspace, settingsStore: SettingsStore) => Promise<string[]>;

const ACTIONS: ReadonlyArray<{ id: string; name: MessageKey; run: WorkspaceAction }> = [
	{ id: "initialize-workspace", name: "command.initialize-workspace", run: initialize },
	{
		id: "promote-today",
		name: "command.promote-today",
		run: async (workspace, settingsStore) => [
			promotionMessage(
				await whileSlow(noticeProgress(settingsStore.notifier), t("progress.promote"), () =>
					workspace.promote(workspace.today(), "user"),
				),
			),
		],
	},
	{
		id: "archive-daily-memory",
		name: "command.archive-daily",
		// It writes note by note, so it runs to its end: no Cancel.
		run: async (workspace, settingsStore) =>
			archiveMessages(
				archiveCounts(
					await whileSlow(noticeProgress(settingsStore.notifier), t("progress.archive"), () =>
						workspace.archive("user"),
					),
				),
			),
	},
];

/** Initializes the workspace and says what was created; shared by the command and the settings tab. */
export async function initialize(workspace: AssistantWorkspace, settingsStore: SettingsStore): Promise<string[]> {
	const report = await workspace.initialize(settingsStore.language());
	const messages = report.failed.map((entry) =>
		t("notice.initialize-failed", { path: entry.path, error: entry.error }),
	);
	const created = report.created.map((entry) => entry.path).join(", ");
	messages.unshift(created === "" ? t("notice.initialized-nothing") : t("notice.initialized", { created }));
	return messages;
}

/** Runs a workspace action and tells the user the outcome; a refused write is explained, never thrown. */
export async function runAndNotify(settingsStore: SettingsStore, action: WorkspaceAction): Promise<void> {
	await notifyFailure(settingsStore.notifier, async () => {
		for (const message of await action(await settingsStore.open(), settingsStore))
			settingsStore.notifier.notify(message);
	});
}

/**
 * Every command of the palette but the chat's and the index's (registered with them): none has a
 * default hotkey, the user assigns their own.
 */
export function registerCommands(deps: CommandDeps): void {
	const workspaceActions = ACTIONS.map((action): Command => ({
		id: action.id,
		name: t(action.name),
		callback: () => void runAndNotify(deps.settingsStore, action.run),
	}));
	const commands = [
		...workspaceActions,
		...captureCommands(deps),
		...organizeCommands(deps),
		...memoryCommands(deps),
		...registerAuditView(deps),
	];
	for (const command of commands) deps.plugin.addCommand(command);
}
