import type { App } from "./app";
import { requireDocument } from "./dom";
import { Scope } from "./scope";

/**
 * Obsidian's `Modal`: `open` attaches it to the document and calls `onOpen`; `close` undoes it.
 * As in Obsidian, Esc, the close button and a click on the backdrop close it.
 */
export class Modal {
	readonly containerEl: HTMLElement;
	readonly modalEl: HTMLElement;
	readonly titleEl: HTMLElement;
	readonly contentEl: HTMLElement;
	readonly scope = new Scope();
	isOpen = false;
	private closeCallback: (() => unknown) | null = null;
	/** What had the focus before the modal opened, which gets it back when it closes. */
	private focusedBefore: Element | null = null;

	constructor(readonly app: App) {
		this.containerEl = requireDocument("A modal").createElement("div");
		this.containerEl.addClass("modal-container");
		this.containerEl.createDiv("modal-bg").addEventListener("click", () => this.close());
		this.modalEl = this.containerEl.createDiv({ cls: "modal", attr: { tabindex: -1 } });
		const closeButton = this.modalEl.createDiv({ cls: "modal-close-button", attr: { "aria-label": "Close", role: "button", tabindex: 0 } });
		closeButton.addEventListener("click", () => this.close());
		this.containerEl.addEventListener("keydown", (evt) => {
			if (evt.key !== "Escape" || evt.defaultPrevented) return;
			evt.preventDefault();
			this.close();
		});
		this.titleEl = this.modalEl.createDiv("modal-title");
		this.contentEl = this.modalEl.createDiv("modal-content");
	}

	open(): void {
		this.isOpen = true;
		this.focusedBefore = this.containerEl.ownerDocument.activeElement;
		this.containerEl.ownerDocument.body.appendChild(this.containerEl);
		// The keyboard goes to the modal (Esc closes it) unless `onOpen` focuses a field of its own.
		this.modalEl.focus();
		void this.onOpen();
	}

	close(): void {
		if (!this.isOpen) return;
		this.isOpen = false;
		this.containerEl.detach();
		if (this.focusedBefore instanceof HTMLElement && this.focusedBefore.isConnected) this.focusedBefore.focus();
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
