import { Notice, type Editor, type MarkdownFileInfo, type Menu, type Plugin, type TFile } from "obsidian";
import { checkReadAccess } from "../../core/vault/readAccess";
import { t } from "../../i18n";
import type { SettingsStore } from "../settingsStore";
import type { AttachedSelection, SelectionIntent } from "./selectionChip";

const COMMANDS = [
	{ id: "edit-selection", intent: "edit", name: "command.edit-selection", icon: "pencil" },
	{ id: "ask-selection", intent: "ask", name: "command.ask-selection", icon: "message-square" },
] as const;

/**
 * "Edit selection with the assistant" and "Ask about the selection", in the palette while text
 * is selected and in the editor's context menu: the chat opens with the selection attached to
 * the next message (a chip), which the assistant gets with its note and lines; a proposed edit
 * of it may change nothing outside it. A note the assistant may not read attaches nothing.
 */
export function registerSelectionCommands(
	plugin: Plugin,
	settingsStore: SettingsStore,
	/** Opens the chat with the selection attached to the next message. */
	toChat: (selection: AttachedSelection, intent: SelectionIntent) => Promise<void>,
): void {
	const attach = (intent: SelectionIntent, editor: Editor, file: TFile | null) => {
		const selection = file === null ? null : selectionIn(editor, file);
		if (selection === null) new Notice(t("selection.needed"));
		else if (checkReadAccess(selection.path, settingsStore.vaultView()).kind !== "allowed")
			new Notice(t("selection.private"));
		else void toChat(selection, intent);
	};
	for (const command of COMMANDS)
		plugin.addCommand({
			id: command.id,
			name: t(command.name),
			editorCheckCallback: (checking, editor, info: MarkdownFileInfo) => {
				if (editor.getSelection().trim() === "") return false;
				if (!checking) attach(command.intent, editor, info.file);
				return true;
			},
		});
	plugin.registerEvent(
		plugin.app.workspace.on("editor-menu", (menu: Menu, editor: Editor, info: MarkdownFileInfo) => {
			if (editor.getSelection().trim() === "") return;
			for (const command of COMMANDS)
				menu.addItem((item) =>
					item
						.setTitle(t(command.name))
						.setIcon(command.icon)
						.setSection("selection")
						.onClick(() => attach(command.intent, editor, info.file)),
				);
		}),
	);
}

/** The selection of `editor` in `file`, with its offsets and lines; `null` when nothing is selected. */
function selectionIn(editor: Editor, file: TFile): AttachedSelection | null {
	const text = editor.getSelection();
	if (text.trim() === "") return null;
	const from = editor.getCursor("from");
	const to = editor.getCursor("to");
	// A selection that ends at the start of a line (a whole line picked with the mouse) ends on the line before.
	const last = to.ch === 0 && to.line > from.line ? to.line : to.line + 1;
	return {
		path: file.path,
		from: editor.posToOffset(from),
		to: editor.posToOffset(to),
		text,
		lines: { first: from.line + 1, last },
	};
}
