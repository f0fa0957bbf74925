/**
 * The fence that opens and closes a note's properties block, as Obsidian reads it: three dashes,
 * then nothing but spaces or tabs. YAML's `...` document end does not close the block.
 */
export const FRONTMATTER_FENCE = /^---[ \t]*$/;

/** Where a note's properties block lies, its lines counted at `\n` or `\r\n`. */
export interface FrontmatterBlock {
	/** The line of the closing fence (the opening one is line 0). */
	readonly closingLine: number;
	/** Where the properties' own lines begin: just past the opening fence's line break. */
	readonly propertiesStart: number;
	/** Where the closing fence begins. */
	readonly propertiesEnd: number;
	/** Where the body begins: just past the closing fence's line break, or the end of the text. */
	readonly bodyStart: number;
}

/**
 * The properties block at the very top of `text`, as Obsidian finds it: a fence on the first line
 * (after a byte-order mark, which Obsidian's decoder drops) and the next fence line closing it.
 * `null` when the first line is no fence or no fence closes it: then the whole text is body.
 */
export function findFrontmatterBlock(text: string): FrontmatterBlock | null {
	const start = text.startsWith("\uFEFF") ? 1 : 0;
	let lineStart = start;
	let propertiesStart = -1;
	for (let line = 0; lineStart <= text.length; line++) {
		const lineBreak = text.indexOf("\n", lineStart);
		const lineEnd = lineBreak === -1 ? text.length : lineBreak;
		const next = lineBreak === -1 ? text.length : lineBreak + 1;
		const lineText = text.slice(lineStart, lineEnd).replace(/\r$/, "");
		if (FRONTMATTER_FENCE.test(lineText)) {
			if (line === 0) propertiesStart = next;
			else return { closingLine: line, propertiesStart, propertiesEnd: lineStart, bodyStart: next };
		} else if (line === 0) {
			return null;
		}
		if (lineBreak === -1) return null;
		lineStart = next;
	}
	return null;
}

/** `text` without its properties block (as `findFrontmatterBlock` finds it). */
export function withoutFrontmatter(text: string): string {
	const block = findFrontmatterBlock(text);
	return block === null ? text : text.slice(block.bodyStart);
}
