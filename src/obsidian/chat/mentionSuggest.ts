import type { App, Component, TFile } from "obsidian";
import { parentFolder } from "../../core/vault/paths";
import { ComposerSuggest, type SuggestionText } from "./composerSuggest";
import { titleOf, type NoteTitleSearch } from "./noteTitleSearch";

/** `[[` and what was typed after it, up to the caret: a link being written. */
const OPEN_MENTION = /\[\[([^[\]|#^\n]*)$/;

/**
 * Suggestions of notes under the composer while the user writes a `[[link`: the names matching
 * what follows `[[`, updated on every keystroke. Choosing one puts `[[Title]]` in place of what
 * was typed. The link is what puts the note in the context: the session reads every `[[link]]`
 * of the message.
 */
export class MentionSuggest extends ComposerSuggest<TFile> {
	/** Where the `[[` being completed starts in the text, as last matched. */
	private start = 0;

	constructor(
		private readonly app: App,
		input: HTMLTextAreaElement,
		parent: HTMLElement,
		owner: Component,
		private readonly titles: NoteTitleSearch,
	) {
		super(input, parent, owner);
	}

	protected matching(beforeCaret: string): readonly TFile[] {
		const match = OPEN_MENTION.exec(beforeCaret);
		if (match === null) return [];
		this.start = match.index;
		return this.titles.search(match[1]);
	}

	protected textOf(file: TFile): SuggestionText {
		return { title: titleOf(file), note: parentFolder(file.path) };
	}

	/** Puts `[[link]]` where the `[[` began, the caret after it (a `]]` already there is reused). */
	protected insert(file: TFile): void {
		const value = this.input.value;
		const link = `[[${this.app.metadataCache.fileToLinktext(file, "")}]]`;
		const after = value.slice(this.input.selectionStart).replace(/^\]\]/, "");
		this.input.value = value.slice(0, this.start) + link + after;
		const end = this.start + link.length;
		this.input.setSelectionRange(end, end);
	}
}
