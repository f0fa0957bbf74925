import type { LineIndex } from "../positions";
import { BLOCK_STARTS, type BlockBuilder, MAYBE_SPECIAL, type Start, consumeQuoteMarker } from "./blockStarts";
import { type BlockKind, type BlockNode, acceptsLines, canContain, createBlock, lastOpenChild } from "./blockTree";
import { CODE_INDENT, LineCursor, isSpaceOrTab } from "./lineCursor";

/** `consumed`: the line closes the block (a closing fence) and needs nothing more. */
type Continuation = "matched" | "notMatched" | "consumed";

/**
 * Where the walk over open blocks ended, from some block on, for a line with nothing left to
 * consume there. With nothing left, each open block continues or not by its kind alone, so the
 * answer holds until a block opens or closes (`treeVersion`).
 */
interface EmptyRestWalk {
	readonly treeVersion: number;
	readonly to: BlockNode;
}

/**
 * A table's delimiter row, tested without its trailing blanks (`withoutTrailingBlanks`): with
 * them, the blanks a cell may end with and those the row may end with could split a long run
 * either way, and a row that fails after one took time squared in its length.
 */
const TABLE_DELIMITER_ROW = /^\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?$/;

/** `line` without the spaces and tabs it ends with, cut by a scan (a pattern anchored at the end retries from every blank). */
function withoutTrailingBlanks(line: string): string {
	let end = line.length;
	while (end > 0 && (line[end - 1] === " " || line[end - 1] === "\t")) end--;
	return line.slice(0, end);
}

function tableCellCount(row: string): number {
	return row
		.trim()
		.replace(/^\|/, "")
		.replace(/\|$/, "")
		.split(/(?<!\\)\|/).length;
}

/** A one-line paragraph followed by a delimiter row with as many cells is a table's header (GFM). */
function startTableAt(paragraph: BlockNode, line: string): void {
	if (paragraph.segments.length !== 1 || !line.includes("|") || !TABLE_DELIMITER_ROW.test(withoutTrailingBlanks(line)))
		return;
	if (tableCellCount(paragraph.segments[0].text) === tableCellCount(line)) paragraph.kind = "table";
}

/**
 * CommonMark's two-phase block parsing, line by line: first each open block tries to continue
 * (consuming its prefix: `>`, an item's indentation), then new blocks may open on what is left,
 * then the rest of the line goes to the deepest block, or lazily to an open paragraph.
 */
class BlockParser implements BlockBuilder {
	readonly document: BlockNode;
	tip: BlockNode;
	private oldTip: BlockNode;
	private lastMatched: BlockNode;
	private allClosed = true;
	private cursor = new LineCursor("", 0, 0);
	/** Counts blocks opened and closed, so a remembered walk knows when it is stale. */
	private treeVersion = 0;
	/**
	 * A blank line continues every list item open above it without consuming anything: remembered,
	 * by the block the line's text ran out at, so that a run of blank lines under thousands of
	 * nested items costs a walk or two, not one each.
	 */
	private readonly emptyRestWalks = new Map<BlockNode, EmptyRestWalk>();

	constructor() {
		this.document = createBlock("document", null, 0, 0);
		this.tip = this.document;
		this.oldTip = this.document;
		this.lastMatched = this.document;
	}

	get lazyParagraphOpen(): boolean {
		return !this.allClosed && this.tip.kind === "paragraph";
	}

	closeUnmatched(): void {
		if (this.allClosed) return;
		while (this.oldTip !== this.lastMatched) {
			const parent = this.oldTip.parent;
			this.finalize(this.oldTip);
			if (!parent) break;
			this.oldTip = parent;
		}
		this.allClosed = true;
	}

	addChild(kind: BlockKind, start: number): BlockNode {
		while (!canContain(this.tip.kind, kind)) this.finalize(this.tip);
		const child = createBlock(kind, this.tip, this.cursor.line, start);
		this.treeVersion += 1;
		this.tip.children.push(child);
		this.tip = child;
		return child;
	}

	incorporate(cursor: LineCursor): void {
		this.cursor = cursor;
		this.oldTip = this.tip;
		const container = this.continueOpenBlocks(cursor);
		if (container === null) return;
		this.allClosed = container === this.oldTip;
		this.lastMatched = container;
		cursor.findNextNonspace();
		const hasContent = !cursor.blank;

		this.openBlocks(container, cursor, hasContent);
	}

	/** The deepest open block the line continues, or `null` when the line closed a block itself. */
	private continueOpenBlocks(cursor: LineCursor): BlockNode | null {
		let container = this.document;
		let emptyRestFrom: BlockNode | null = null;
		for (let child = lastOpenChild(container); child; child = lastOpenChild(container)) {
			if (emptyRestFrom === null && cursor.pos >= cursor.text.length) {
				const known = this.emptyRestWalks.get(container);
				if (known?.treeVersion === this.treeVersion) return known.to;
				emptyRestFrom = container;
			}
			cursor.findNextNonspace();
			const continuation = this.continueBlock(child, cursor);
			if (continuation === "consumed") {
				this.extendToLine(child);
				this.finalize(child);
				return null;
			}
			if (continuation === "notMatched") break;
			container = child;
		}
		if (emptyRestFrom !== null)
			this.emptyRestWalks.set(emptyRestFrom, { treeVersion: this.treeVersion, to: container });
		return container;
	}

	/** Opens new blocks on what the open blocks left of the line, then gives the rest to the deepest. */
	private openBlocks(continued: BlockNode, cursor: LineCursor, hasContent: boolean): void {
		let container = continued;
		let leafStarted = container.kind !== "paragraph" && container.kind !== "table" && acceptsLines(container.kind);
		while (!leafStarted) {
			cursor.findNextNonspace();
			if (!cursor.indented && !MAYBE_SPECIAL.test(cursor.afterIndent)) break;
			const started = this.tryStarts(container, cursor);
			if (started === "none") break;
			container = this.tip;
			leafStarted = started === "leaf";
		}

		let receiver = container;
		cursor.findNextNonspace();
		if (this.lazyParagraphOpen && !cursor.blank) {
			receiver = this.tip;
			this.addLine(receiver, cursor);
		} else {
			this.closeUnmatched();
			if (container.kind === "paragraph") startTableAt(container, cursor.rest);
			if (acceptsLines(container.kind)) {
				this.addLine(container, cursor);
			} else if (!cursor.blank) {
				receiver = this.addChild("paragraph", cursor.blockStart);
				cursor.advanceToNextNonspace();
				this.addLine(receiver, cursor);
			}
		}
		if (hasContent) this.extendToLine(receiver);
	}

	finish(): void {
		while (this.tip !== this.document) this.finalize(this.tip);
		this.document.open = false;
	}

	private tryStarts(container: BlockNode, cursor: LineCursor): Start {
		for (const start of BLOCK_STARTS) {
			const started = start(this, container, cursor);
			if (started !== "none") return started;
		}
		return "none";
	}

	private continueBlock(block: BlockNode, cursor: LineCursor): Continuation {
		switch (block.kind) {
			case "document":
			case "list":
			case "comment":
			case "math":
				return "matched";
			case "blockquote":
				return consumeQuoteMarker(cursor) ? "matched" : "notMatched";
			case "listItem":
				return this.continueListItem(block, cursor);
			case "code":
				return this.continueCode(block, cursor);
			case "html":
				return cursor.blank && block.closer?.kind === "html" && block.closer.end === null ? "notMatched" : "matched";
			case "paragraph":
			case "table":
				return cursor.blank ? "notMatched" : "matched";
			default:
				return "notMatched";
		}
	}

	private continueListItem(item: BlockNode, cursor: LineCursor): Continuation {
		const marker = item.marker;
		if (!marker) return "notMatched";
		if (cursor.blank) {
			// An item may begin with at most one blank line.
			if (item.children.length === 0) return "notMatched";
			cursor.advanceToNextNonspace();
			return "matched";
		}
		const contentIndent = marker.markerOffset + marker.padding;
		if (cursor.indent < contentIndent) return "notMatched";
		cursor.advance(contentIndent, true);
		return "matched";
	}

	private continueCode(code: BlockNode, cursor: LineCursor): Continuation {
		const closer = code.closer;
		if (closer?.kind === "fence") {
			const closing = new RegExp(`^\\${closer.char}{${closer.length},}[ \\t]*$`);
			if (!cursor.indented && closing.test(cursor.afterIndent)) return "consumed";
			for (let skipped = 0; skipped < closer.indent && isSpaceOrTab(cursor.peek()); skipped++) cursor.advance(1, true);
			return "matched";
		}
		if (cursor.indented) {
			cursor.advance(CODE_INDENT, true);
			return "matched";
		}
		if (cursor.blank) {
			cursor.advanceToNextNonspace();
			return "matched";
		}
		return "notMatched";
	}

	private addLine(block: BlockNode, cursor: LineCursor): void {
		const text = cursor.rest;
		block.segments.push({ offset: cursor.lineStart + cursor.pos, text });
		if (this.closesOnThisLine(block, text)) this.finalize(block);
	}

	private closesOnThisLine(block: BlockNode, text: string): boolean {
		const closer = block.closer;
		if (closer?.kind === "html") return closer.end?.test(text) ?? false;
		if (closer?.kind === "marker") {
			const searchFrom = block.segments.length === 1 ? closer.marker.length : 0;
			return text.indexOf(closer.marker, searchFrom) >= 0;
		}
		return false;
	}

	/**
	 * The line had content inside `block`: it now ends with this line. Its ancestors learn it when
	 * it closes (`finalize`), rather than on every line: a lazy line under thousands of nested
	 * quotes would otherwise touch each of them.
	 */
	private extendToLine(block: BlockNode): void {
		block.end = Math.max(block.end, this.cursor.lineStart + this.cursor.text.length);
	}

	private finalize(block: BlockNode): void {
		block.open = false;
		this.treeVersion += 1;
		if (block.parent) block.parent.end = Math.max(block.parent.end, block.end);
		if (block === this.tip && block.parent) this.tip = block.parent;
	}
}

/** Parses the note's lines from `firstLine` on (the line after any frontmatter) into a block tree. */
export function parseBlocks(index: LineIndex, firstLine: number): BlockNode {
	const parser = new BlockParser();
	for (let line = firstLine; line < index.lineCount; line++) {
		parser.incorporate(new LineCursor(index.lineText(line), index.lineStart(line), line));
	}
	parser.finish();
	return parser.document;
}
