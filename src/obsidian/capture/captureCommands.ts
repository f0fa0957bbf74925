import type { Command, MarkdownFileInfo, MarkdownView } from "obsidian";
import { captureToInbox } from "../../core/memory/capture";
import { captureSelection } from "../../core/memory/captureSelection";
import type { WriteOutcome } from "../../core/vault/auditedWriter";
import { t } from "../../i18n";
import { openCommandContext, type CommandDeps } from "../commandContext";
import { describeError } from "../describeError";
import { noticeWithNote } from "../noteNotice";
import { CaptureModal, type CaptureInput } from "./captureModal";

/**
 * Captures to the inbox, as the chat's `capture_note` does (the same core): the user's own text
 * from a form, and text selected in a note, which links back to it.
 */
export function captureCommands(deps: CommandDeps): Command[] {
	const app = deps.plugin.app;
	return [
		{
			id: "capture-to-inbox",
			name: t("command.capture-to-inbox"),
			callback: () => new CaptureModal(app, (input) => captureAndTell(deps, () => captureInput(deps, input))).open(),
		},
		{
			id: "capture-selection",
			name: t("command.capture-selection"),
			editorCallback: (editor, view: MarkdownView | MarkdownFileInfo) => {
				const selection = editor.getSelection();
				const source = view.file;
				if (selection.trim() === "" || source === null) {
					deps.settingsStore.notifier.notify(t("capture.needs-selection"));
					return;
				}
				void captureAndTell(deps, async () => {
					const context = await openCommandContext(deps, "user");
					return captureSelection(context.memory, context.workspace.layout.inboxFolder, {
						sourcePath: source.path,
						selection,
						actor: "user",
					});
				});
			},
		},
	];
}

/** "Capture to inbox" with the form's title, text and tags; shared with the command line. */
export async function captureInput(deps: CommandDeps, input: CaptureInput): Promise<WriteOutcome> {
	const context = await openCommandContext(deps, "user");
	return captureToInbox(context.memory, context.workspace.layout.inboxFolder, {
		...input,
		source: "user",
		actor: "user",
	});
}

async function captureAndTell(deps: CommandDeps, capture: () => Promise<WriteOutcome>): Promise<void> {
	try {
		const outcome = await capture();
		noticeWithNote(deps.plugin.app, t("capture.done"), outcome.path);
	} catch (error) {
		deps.settingsStore.notifier.notify(describeError(error));
	}
}
