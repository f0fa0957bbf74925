import type { Command, Editor, MarkdownFileInfo } from "obsidian";
import { prepareFuzzySearch } from "../obsidianApi";
import type { App } from "../obsidianApi/app";
import { SuggestModal } from "../obsidianApi/suggestModal";

/** A command as the palette lists it: "Plugin name: Command name". */
export interface PaletteCommand {
	readonly name: string;
	readonly command: Pick<Command, "id" | "callback" | "checkCallback" | "editorCallback" | "editorCheckCallback">;
}

/** The note being edited, for a command that works on the editor: none in reading view, as in Obsidian. */
export type ActiveEditor = () => { readonly editor: Editor; readonly info: MarkdownFileInfo } | null;

/** Obsidian's command palette: every command that can run now, filtered as the user types, Enter runs it. */
export class CommandPalette extends SuggestModal<PaletteCommand> {
	constructor(
		app: App,
		private readonly commands: () => readonly PaletteCommand[],
		private readonly activeEditor: ActiveEditor,
	) {
		super(app);
		this.modalEl.addClass("mod-command-palette");
		this.setPlaceholder("Type a command...");
		this.emptyStateText = "No commands found.";
	}

	getSuggestions(query: string): PaletteCommand[] {
		const matches = prepareFuzzySearch(query);
		const runnable = this.commands().filter(({ command }) => this.runs(command, true));
		const scored = runnable.flatMap((entry) => {
			const match = matches(entry.name);
			return match === null ? [] : [{ entry, score: match.score }];
		});
		return scored
			.sort((a, b) => b.score - a.score || a.entry.name.localeCompare(b.entry.name))
			.map(({ entry }) => entry);
	}

	renderSuggestion(value: PaletteCommand, el: HTMLElement): void {
		el.createDiv({ cls: "suggestion-content", text: value.name });
		el.setAttr("data-command", value.command.id);
	}

	onChooseSuggestion(item: PaletteCommand): void {
		this.runs(item.command, false);
	}

	/** Whether `command` can run now; runs it unless `checking`. */
	private runs(command: PaletteCommand["command"], checking: boolean): boolean {
		if (command.editorCallback !== undefined || command.editorCheckCallback !== undefined) {
			const active = this.activeEditor();
			if (active === null) return false;
			if (command.editorCheckCallback !== undefined)
				return command.editorCheckCallback(checking, active.editor, active.info) === true;
			if (!checking) void command.editorCallback?.(active.editor, active.info);
			return true;
		}
		if (command.checkCallback !== undefined) return command.checkCallback(checking) === true;
		if (!checking) void command.callback?.();
		return command.callback !== undefined;
	}
}
