import type { Command } from "obsidian";
import { prepareFuzzySearch } from "../obsidianApi";
import type { App } from "../obsidianApi/app";
import { SuggestModal } from "../obsidianApi/suggestModal";

/** A command as the palette lists it: "Plugin name: Command name". */
export interface PaletteCommand {
	readonly name: string;
	readonly command: Pick<Command, "id" | "callback" | "checkCallback">;
}

/** Obsidian's command palette: every command that can run now, filtered as the user types, Enter runs it. */
export class CommandPalette extends SuggestModal<PaletteCommand> {
	constructor(
		app: App,
		private readonly commands: () => readonly PaletteCommand[],
	) {
		super(app);
		this.modalEl.addClass("mod-command-palette");
		this.setPlaceholder("Type a command...");
		this.emptyStateText = "No commands found.";
	}

	getSuggestions(query: string): PaletteCommand[] {
		const matches = prepareFuzzySearch(query);
		const runnable = this.commands().filter(
			({ command }) => command.checkCallback?.(true) ?? command.callback !== undefined,
		);
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
		if (item.command.checkCallback !== undefined) item.command.checkCallback(false);
		else void item.command.callback?.();
	}
}
