/** A place in a note's text, as Obsidian's editor counts it: lines and characters from 0. */
export interface EditorPosition {
	line: number;
	ch: number;
}

/**
 * Obsidian's `Editor` over a plain string, with a selection: what the adapters call of it.
 * The sandbox's editor keeps its text in a textarea instead (`sandbox/browser/noteEditor.ts`).
 */
export class Editor {
	private text = "";
	private anchor = 0;
	private head = 0;

	getValue(): string {
		return this.text;
	}

	setValue(text: string): void {
		this.text = text;
		this.anchor = this.head = Math.min(this.head, text.length);
	}

	getCursor(which: "from" | "to" | "head" | "anchor" = "head"): EditorPosition {
		const offset =
			which === "from"
				? Math.min(this.anchor, this.head)
				: which === "to"
					? Math.max(this.anchor, this.head)
					: which === "anchor"
						? this.anchor
						: this.head;
		return this.offsetToPos(offset);
	}

	setCursor(pos: EditorPosition): void {
		this.setSelection(pos, pos);
	}

	setSelection(anchor: EditorPosition, head: EditorPosition = anchor): void {
		this.anchor = this.posToOffset(anchor);
		this.head = this.posToOffset(head);
	}

	getSelection(): string {
		return this.getValue().slice(this.posToOffset(this.getCursor("from")), this.posToOffset(this.getCursor("to")));
	}

	/** Types `replacement` over the selection; the cursor ends after it. */
	replaceSelection(replacement: string): void {
		const from = this.posToOffset(this.getCursor("from"));
		this.replaceRange(replacement, this.getCursor("from"), this.getCursor("to"));
		this.setCursor(this.offsetToPos(from + replacement.length));
	}

	replaceRange(replacement: string, from: EditorPosition, to: EditorPosition = from): void {
		const value = this.getValue();
		this.text = value.slice(0, this.posToOffset(from)) + replacement + value.slice(this.posToOffset(to));
	}

	posToOffset(pos: EditorPosition): number {
		const lines = this.getValue().split("\n");
		let offset = 0;
		for (let line = 0; line < Math.min(pos.line, lines.length); line++) offset += lines[line].length + 1;
		return Math.min(offset + pos.ch, this.getValue().length);
	}

	offsetToPos(offset: number): EditorPosition {
		const before = this.getValue().slice(0, offset).split("\n");
		return { line: before.length - 1, ch: before[before.length - 1].length };
	}
}
