import { Notice } from "../obsidianApi/notice";

const DEFAULT_DURATION_MS = 5000;

/**
 * Obsidian's `Notice`, shown: a toast in the top-right corner, gone after `duration` (5 s by
 * default; 0 keeps it until clicked). The mock's record of every message is kept too.
 */
export class ShellNotice extends Notice {
	// Declared, not initialized: the mock's constructor calls `setMessage` before fields would be set.
	declare noticeEl: HTMLElement;

	constructor(message: string | DocumentFragment, duration?: number) {
		super(message, duration);
		const hideAfter = duration ?? DEFAULT_DURATION_MS;
		if (hideAfter > 0) window.setTimeout(() => this.hide(), hideAfter);
		this.noticeEl.addEventListener("click", () => this.hide());
	}

	override setMessage(message: string | DocumentFragment): this {
		super.setMessage(message);
		this.noticeEl ??= noticeContainer().createDiv({ cls: "notice", attr: { role: "status" } });
		// The fragment itself, not a copy: its links keep the listeners that open their note.
		this.noticeEl.setText(message);
		return this;
	}

	override hide(): void {
		this.noticeEl.detach();
	}
}

function noticeContainer(): HTMLElement {
	return (
		document.body.querySelector<HTMLElement>(".notice-container") ??
		document.body.createDiv({ cls: "notice-container", attr: { "aria-live": "polite" } })
	);
}
