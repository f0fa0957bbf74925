import type { Component } from "obsidian";
import { promptsMatching, type PromptEntry } from "../../core/prompts";
import { ComposerSuggest, type SuggestionText } from "./composerSuggest";

/** A `/` at the very start of the message and what was typed after it, up to the caret: a prompt being called. */
const OPEN_COMMAND = /^\/([^\n/]*)$/;

/**
 * Suggestions of prompts under the composer while the message begins with `/`: each prompt's
 * name and description, those whose names match what follows the `/`. Choosing one puts
 * `/name ` in place of what was typed, for the user to add their own words and send. Sending
 * `/name …` runs the prompt (see `ChatView.send`).
 */
export class PromptSuggest extends ComposerSuggest<PromptEntry> {
	constructor(
		input: HTMLTextAreaElement,
		parent: HTMLElement,
		owner: Component,
		private readonly prompts: () => readonly PromptEntry[],
	) {
		super(input, parent, owner, ["assistant-chat-prompts"]);
	}

	protected matching(beforeCaret: string): readonly PromptEntry[] {
		const match = OPEN_COMMAND.exec(beforeCaret);
		return match === null ? [] : promptsMatching(this.prompts(), match[1]);
	}

	protected textOf(prompt: PromptEntry): SuggestionText {
		return { title: `/${prompt.name}`, note: prompt.description };
	}

	/** Puts `/name ` in place of the `/` and what followed it, the caret after it, the rest of the text kept. */
	protected insert(prompt: PromptEntry): void {
		const after = this.input.value.slice(this.input.selectionStart).replace(/^\S*\s?/, "");
		const command = `/${prompt.name} `;
		this.input.value = command + after;
		this.input.setSelectionRange(command.length, command.length);
	}
}
