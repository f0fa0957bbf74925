import type { App } from "../obsidianApi/app";
import { Editor, type EditorPosition } from "../obsidianApi/editor";
import { TFile } from "../obsidianApi/files";
import { Menu } from "../obsidianApi/menu";
import { MarkdownView, WorkspaceLeaf } from "../obsidianApi/view";
import { iconButton, type ShellLayout } from "./shellLayout";

/**
 * Obsidian's editor, drawn: the note's markdown in a textarea. Text put in through the API is
 * typed as the browser types (`insertText`), so Ctrl+Z in the note takes it back, as in
 * Obsidian, where a plugin's `replaceSelection` is an edit of the user's editor.
 */
class TextareaEditor extends Editor {
	constructor(private readonly textarea: HTMLTextAreaElement) {
		super();
	}

	override getValue(): string {
		return this.textarea.value;
	}

	override setValue(text: string): void {
		this.textarea.value = text;
	}

	override getCursor(which: "from" | "to" | "head" | "anchor" = "head"): EditorPosition {
		const { selectionStart, selectionEnd, selectionDirection } = this.textarea;
		const head = selectionDirection === "backward" ? selectionStart : selectionEnd;
		const anchor = selectionDirection === "backward" ? selectionEnd : selectionStart;
		const offset =
			which === "from" ? selectionStart : which === "to" ? selectionEnd : which === "anchor" ? anchor : head;
		return this.offsetToPos(offset);
	}

	override setSelection(anchor: EditorPosition, head: EditorPosition = anchor): void {
		const [a, h] = [this.posToOffset(anchor), this.posToOffset(head)];
		this.textarea.setSelectionRange(Math.min(a, h), Math.max(a, h), h < a ? "backward" : "forward");
	}

	override replaceRange(replacement: string, from: EditorPosition, to: EditorPosition = from): void {
		this.textarea.focus();
		this.textarea.setSelectionRange(this.posToOffset(from), this.posToOffset(to));
		// The browser's own typing: one step of the textarea's undo history, and an `input` event.
		// eslint-disable-next-line @typescript-eslint/no-deprecated -- the one way to edit a textarea undoably
		document.execCommand("insertText", false, replacement);
	}
}

/**
 * The note pane as a `MarkdownView`: reading view by default (the reading pane draws it), and
 * an editing view its header button switches to, where typing saves the note, as Obsidian does
 * after a pause.
 */
export class NoteView extends MarkdownView {
	private mode: "source" | "preview" = "preview";
	private readonly textarea: HTMLTextAreaElement;
	private saving: number | null = null;

	constructor(
		leaf: WorkspaceLeaf,
		private readonly layout: ShellLayout,
	) {
		super(leaf);
		this.textarea = layout.noteContent.createEl("textarea", {
			cls: "note-editor",
			attr: { "aria-label": "Note text", spellcheck: "false" },
		});
		this.textarea.hide();
		this.editor = new TextareaEditor(this.textarea);
		this.textarea.addEventListener("input", () => this.saveSoon());
		// The editor's context menu holds what plugins add to it (`editor-menu`), as Obsidian's does.
		this.textarea.addEventListener("contextmenu", (evt) => {
			const menu = new Menu();
			this.app.workspace.trigger("editor-menu", menu, this.editor, this);
			if (menu.items.length === 0) return;
			evt.preventDefault();
			menu.showAtMouseEvent(evt);
		});
		// Before the right sidebar's toggle, which stays last, as in Obsidian.
		const toggle = iconButton(
			createDiv(),
			"pencil",
			"Current view: reading. Click to edit.",
			() => this.setMode(this.mode === "source" ? "preview" : "source"),
			"clickable-icon view-action mod-mode",
		);
		layout.noteHeader.insertBefore(toggle, layout.noteHeader.lastElementChild);
		this.app.vault.on("modify", (file) => {
			if (file === this.file && this.saving === null) void this.loadText();
		});
	}

	override getMode(): "source" | "preview" {
		return this.mode;
	}

	/** The leaf opened `file`: the editor holds its text. */
	async opened(file: TFile): Promise<void> {
		this.file = file;
		await this.loadText();
	}

	private setMode(mode: "source" | "preview"): void {
		this.mode = mode;
		const editing = mode === "source";
		this.textarea.toggle(editing);
		this.layout.noteView.parentElement?.parentElement?.toggle(!editing);
		const toggle = this.layout.noteHeader.querySelector(".mod-mode");
		toggle?.setAttr(
			"aria-label",
			editing ? "Current view: editing. Click to read." : "Current view: reading. Click to edit.",
		);
		toggle?.setAttr("data-icon", editing ? "book-open" : "pencil");
		if (editing) this.textarea.focus();
	}

	private async loadText(): Promise<void> {
		const file = this.file;
		if (!(file instanceof TFile)) return;
		const text = await this.app.vault.cachedRead(file);
		if (this.textarea.value !== text) this.textarea.value = text;
	}

	private saveSoon(): void {
		if (this.saving !== null) window.clearTimeout(this.saving);
		this.saving = window.setTimeout(() => {
			const file = this.file;
			const text = this.textarea.value;
			void (file === null ? Promise.resolve() : this.app.vault.modify(file, text)).finally(() => {
				this.saving = null;
			});
		}, 300);
	}
}

/** The leaf of the note pane: what it opens, its view shows. */
export class NoteLeaf extends WorkspaceLeaf {
	readonly noteView: NoteView;

	constructor(app: App, layout: ShellLayout) {
		super(app);
		this.noteView = new NoteView(this, layout);
		this.view = this.noteView;
	}

	override async openFile(file: TFile, openState: { eState?: Record<string, unknown> } = {}): Promise<void> {
		await this.noteView.opened(file);
		await super.openFile(file, openState);
	}
}
