import { MarkdownView, Notice, type App } from "obsidian";
import { answerNoteFileName, answerNoteText } from "../../core/agent/answerNote";
import { freeNotePath } from "../../core/memory/captureName";
import { t } from "../../i18n";
import { describeError } from "../describeError";
import { noticeWithNote } from "../noteNotice";
import type { WorkspaceController } from "../workspaceController";

/**
 * Puts `text` at the cursor (over the selection) of the note the user was last editing, the
 * most recent tab of the main area: the user's own edit, in their editor, so Ctrl+Z there takes
 * it back. Says so when no note is open in an editor.
 */
export function insertAtCursor(app: App, text: string): void {
	const view = app.workspace.getMostRecentLeaf()?.view;
	if (!(view instanceof MarkdownView) || view.file === null) {
		new Notice(t("chat.insert.no-note"));
		return;
	}
	view.editor.replaceSelection(text);
	new Notice(t("chat.insert.done", { note: view.file.basename }));
}

/**
 * Saves an answer as a new note, named after its question, where Obsidian puts new notes (its
 * "Default location for new notes" setting), under a free name: never over a note. Written
 * through the audited writer, as the user's action, so it is in the assistant's change log.
 */
export async function saveAnswerAsNote(app: App, controller: WorkspaceController, question: string, answer: string): Promise<void> {
	try {
		const folder = app.fileManager.getNewFileParent(app.workspace.getActiveFile()?.path ?? "").path;
		const { writer } = await controller.open();
		const path = freeNotePath(writer, folder === "/" ? "" : folder, answerNoteFileName(question));
		const outcome = await writer.createNote(path, answerNoteText(answer), { actor: "user", reason: "Save a chat answer as a note" });
		noticeWithNote(app, t("chat.save-note.done"), outcome.path);
	} catch (error) {
		new Notice(t("chat.save-note.failed", { error: describeError(error) }));
	}
}
