import type { App } from "../obsidianApi/app";
import { Component } from "../obsidianApi/component";
import { TFile } from "../obsidianApi/files";
import type { ShellLayout } from "./shellLayout";
import { MarkdownRenderer } from "./markdown";

/**
 * The note pane in reading view: the note the workspace opened, drawn again when it changes on
 * disk (so an answer that wrote to it shows at once), scrolled to the line it was opened at.
 * Its `[[links]]` open the note they name.
 */
export class ReadingPane {
	private file: TFile | null = null;
	private rendered = new Component();

	constructor(
		private readonly app: App,
		private readonly layout: ShellLayout,
	) {
		app.workspace.on("file-open", (file) => void this.show(file instanceof TFile ? file : null));
		app.vault.on("modify", (file) => {
			if (file === this.file) void this.show(this.file);
		});
		app.vault.on("rename", (file) => {
			if (file === this.file && this.file !== null) layout.noteTitle.setText(this.file.basename);
		});
		app.vault.on("delete", (file) => {
			if (file === this.file) void this.show(null);
		});
		layout.noteView.addEventListener("click", (evt) => {
			const link = evt.target instanceof HTMLElement ? evt.target.closest<HTMLElement>("a.internal-link, a.tag") : null;
			if (link === null) return;
			evt.preventDefault();
			const linktext = link.getAttr("data-href");
			if (linktext !== null) void app.workspace.openLinkText(linktext, this.file?.path ?? "", false);
		});
	}

	private async show(file: TFile | null): Promise<void> {
		this.file = file;
		this.rendered.unload();
		this.rendered = new Component();
		this.rendered.load();
		const view = this.layout.noteView;
		view.empty();
		this.layout.noteTitle.setText(file?.basename ?? "");
		if (file === null) {
			view.createDiv({ cls: "empty-state", text: "No note is open. Choose one under Files." });
			return;
		}
		view.createDiv({ cls: "inline-title", text: file.basename });
		await MarkdownRenderer.render(this.app, await this.app.vault.cachedRead(file), view, file.path, this.rendered);
		const line = this.app.workspace.getLeaf().openState?.eState?.line;
		if (typeof line === "number") this.scrollToLine(line);
	}

	/** The block that holds `line` is scrolled into view and flashed, as Obsidian does. */
	private scrollToLine(line: number): void {
		const blocks = Array.from(this.layout.noteView.querySelectorAll<HTMLElement>("[data-line]"));
		const target = blocks.filter((block) => Number(block.getAttr("data-line")) <= line).at(-1);
		if (target === undefined) return;
		target.scrollIntoView({ block: "center" });
		target.addClass("is-flashing");
		window.setTimeout(() => target.removeClass("is-flashing"), 1500);
	}
}
