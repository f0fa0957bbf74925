import type { App } from "./app";
import { requireDocument } from "./dom";
import { Scope } from "./scope";

/**
 * Obsidian's `Modal`: `open` attaches it to the document and calls `onOpen`; `close` undoes it.
 * As in Obsidian, Esc, the close button and a click on the backdrop close it. Esc closes the
 * modal on top wherever the focus is, as Obsidian's keymap gives keys to the newest scope: a
 * modal whose focused element went away (redrawn behind another) still closes on Esc.
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
		const closeButton = this.modalEl.createDiv({
			cls: "modal-close-button",
			attr: { "aria-label": "Close", role: "button", tabindex: 0 },
		});
		closeButton.addEventListener("click", () => this.close());
		this.titleEl = this.modalEl.createDiv("modal-title");
		this.contentEl = this.modalEl.createDiv("modal-content");
	}

	open(): void {
		this.isOpen = true;
		openModals.push(this);
		listenForEscape(this.containerEl.ownerDocument);
		this.focusedBefore = this.containerEl.ownerDocument.activeElement;
		this.containerEl.ownerDocument.body.appendChild(this.containerEl);
		// The keyboard goes to the modal (Esc closes it) unless `onOpen` focuses a field of its own.
		this.modalEl.focus();
		void this.onOpen();
	}

	close(): void {
		if (!this.isOpen) return;
		this.isOpen = false;
		openModals.splice(openModals.indexOf(this), 1);
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

/** The open modals, the newest last: the one Esc closes. */
const openModals: Modal[] = [];
const listening = new WeakSet<Document>();

/** One listener per document, after the focused element's own (a suggestion list takes Esc first by preventing its default). */
function listenForEscape(doc: Document): void {
	if (listening.has(doc)) return;
	listening.add(doc);
	doc.addEventListener("keydown", (evt) => {
		// A modal taken out of the page without closing (a test emptying the body) is not on top.
		const top = openModals.filter((modal) => modal.containerEl.isConnected).pop();
		if (evt.key !== "Escape" || evt.defaultPrevented || top === undefined) return;
		evt.preventDefault();
		top.close();
	});
}
