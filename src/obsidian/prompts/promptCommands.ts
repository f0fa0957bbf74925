import { Notice, type Plugin } from "obsidian";
import type { PromptEntry } from "../../core/prompts";
import { t } from "../../i18n";
import type { PromptLibrary } from "./promptLibrary";
import { PromptPicker } from "./promptPicker";
import type { PromptTurn } from "./promptTurn";

/**
 * The palette's prompts: "Run prompt…", which picks one, and a "Run prompt: name" command for each
 * prompt, which the user may give a hotkey. The per-prompt commands follow the folder: a prompt
 * added gets its command, one renamed or deleted loses its own (`removeCommand`).
 */
export function registerPromptCommands(
	plugin: Plugin,
	library: PromptLibrary,
	/** Opens the chat and sends the prompt there. */
	send: (turn: PromptTurn) => Promise<void>,
): void {
	const run = async (prompt: PromptEntry) => {
		// Filled before the chat opens: the note and its selection are those of the editor the user is in.
		const turn = await library.prepare(prompt);
		if (turn !== null) await send(turn);
	};
	plugin.addCommand({
		id: "run-prompt",
		name: t("command.run-prompt-pick"),
		callback: () => {
			if (library.prompts.length === 0) new Notice(t("prompts.none", { folder: library.folderPath }));
			else new PromptPicker(plugin.app, library.prompts, (prompt) => void run(prompt)).open();
		},
	});
	/** The commands added, by id, with the name each was added under. */
	const added = new Map<string, string>();
	plugin.register(
		library.onChange(() => {
			const wanted = new Map(library.prompts.map((prompt) => [prompt.commandId, prompt]));
			for (const [id, name] of added) {
				if (wanted.get(id)?.name === name) continue;
				plugin.removeCommand(id);
				added.delete(id);
			}
			for (const [id, prompt] of wanted) {
				if (added.has(id)) continue;
				plugin.addCommand({
					id,
					name: t("command.run-prompt", { name: prompt.name }),
					callback: () => {
						// The prompt as listed now: its note may have moved since the command was added.
						const current = library.prompts.find((listed) => listed.commandId === id);
						if (current !== undefined) void run(current);
					},
				});
				added.set(id, prompt.name);
			}
		}),
	);
}
