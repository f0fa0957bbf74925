import type { App } from "./app";
import { requireDocument } from "./dom";

/** Obsidian's `Modal`: `open` attaches it to the document and calls `onOpen`; `close` undoes it. */
export class Modal {
	readonly containerEl: HTMLElement;
	readonly modalEl: HTMLElement;
	readonly titleEl: HTMLElement;
	readonly contentEl: HTMLElement;
	isOpen = false;
	private closeCallback: (() => unknown) | null = null;

	constructor(readonly app: App) {
		this.containerEl = requireDocument("A modal").createElement("div");
		this.containerEl.addClass("modal-container");
		this.modalEl = this.containerEl.createDiv("modal");
		this.titleEl = this.modalEl.createDiv("modal-title");
		this.contentEl = this.modalEl.createDiv("modal-content");
	}

	open(): void {
		this.isOpen = true;
		this.containerEl.ownerDocument.body.appendChild(this.containerEl);
		void this.onOpen();
	}

	close(): void {
		if (!this.isOpen) return;
		this.isOpen = false;
		this.containerEl.detach();
		this.onClose();
		this.closeCallback?.();
	}

	onOpen(): void | Promise<void> {}

	onClose(): void {}

	setTitle(title: string): this {
		this.titleEl.setText(title);
		return this;
	}

	setContent(content: string | DocumentFragment): this {
		this.contentEl.setText(content);
		return this;
	}

	setCloseCallback(callback: () => unknown): this {
		this.closeCallback = callback;
		return this;
	}
}
