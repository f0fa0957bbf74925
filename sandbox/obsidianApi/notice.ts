/** Obsidian's `Notice`: every message shown is recorded in `Notice.messages`, oldest first. */
export class Notice {
	static readonly messages: string[] = [];

	constructor(
		message: string | DocumentFragment,
		readonly duration?: number,
	) {
		this.setMessage(message);
	}

	setMessage(message: string | DocumentFragment): this {
		Notice.messages.push(typeof message === "string" ? message : (message.textContent ?? ""));
		return this;
	}

	hide(): void {}
}
