import { MarkdownView, Notice, type App } from "obsidian";
import { answerNoteFileName, answerNoteText } from "../../core/agent/answerNote";
import { freeNotePath } from "../../core/memory/captureName";
import { t } from "../../i18n";
import { describeError } from "../describeError";
import { noticeWithNote } from "../noteNotice";
import type { SettingsStore } from "../settingsStore";

/**
 * Puts `text` at the cursor (over the selection) of the note the user was last editing, the
 * most recent tab of the main area, or of the editor `into`: the user's own edit, in their
 * editor, so Ctrl+Z there takes it back. Says so when no note is open in an editor.
 */
export function insertAtCursor(app: App, text: string, into?: MarkdownView): void {
	const view = into ?? app.workspace.getMostRecentLeaf()?.view;
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
 * through the audited writer, as the user's action, so it is in the assistant's change log; the
 * notice that says so has Undo.
 */
export async function saveAnswerAsNote(
	app: App,
	settingsStore: SettingsStore,
	question: string,
	answer: string,
): Promise<void> {
	try {
		const folder = app.fileManager.getNewFileParent(app.workspace.getActiveFile()?.path ?? "").path;
		const { writer, vault } = await settingsStore.open();
		const path = freeNotePath(writer, folder === "/" ? "" : folder, answerNoteFileName(question));
		const text = answerNoteText(answer, vault.policy);
		const outcome = await writer.createNote(path, text, { actor: "user", reason: "Save a chat answer as a note" });
		noticeWithNote(app, t("chat.save-note.done"), outcome.path, [
			{
				text: t("chat.undo"),
				tooltip: t("chat.save-note.undo-tooltip"),
				run: () => void trashSaved(app, outcome.path, text),
			},
		]);
	} catch (error) {
		new Notice(t("chat.save-note.failed", { error: describeError(error) }));
	}
}

/**
 * Undoes a save: the note goes to Obsidian's trash (where it can be restored), as the user's
 * own deletion, and only while it is as it was saved; a note edited since is kept.
 */
async function trashSaved(app: App, path: string, saved: string): Promise<void> {
	const file = app.vault.getFileByPath(path);
	if (file === null || (await app.vault.read(file)) !== saved) {
		new Notice(t("chat.save-note.undo-kept"));
		return;
	}
	await app.fileManager.trashFile(file);
	new Notice(t("chat.save-note.undone", { note: file.basename }));
}
