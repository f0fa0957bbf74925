import type { App, PaneType } from "obsidian";
import type { NoteLocation } from "../../core/agent/tools";

/** Opens the note with the cursor on the location's line, scrolled to it (the editor counts lines from 0), or at its top. */
export async function openNoteAtLine(app: App, location: NoteLocation, newLeaf: PaneType | false): Promise<void> {
	const file = app.vault.getFileByPath(location.path);
	if (file === null) return;
	await app.workspace.getLeaf(newLeaf).openFile(file, { eState: { line: Math.max(0, (location.line ?? 1) - 1) } });
}
