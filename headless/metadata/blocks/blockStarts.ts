import { HTML_BLOCK_KINDS } from "../htmlSyntax";
import type { BlockKind, BlockNode, ListMarker } from "./blockTree";
import { CODE_INDENT, type LineCursor, isSpaceOrTab } from "./lineCursor";

/** What the parser offers to the functions that open blocks. */
export interface BlockBuilder {
	readonly tip: BlockNode;
	/** An unmatched paragraph is still open, so this line could be its lazy continuation. */
	readonly lazyParagraphOpen: boolean;
	closeUnmatched(): void;
	addChild(kind: BlockKind, start: number): BlockNode;
}

/** Whether a block opened, and whether it is a container (more blocks may open inside it). */
export type Start = "none" | "container" | "leaf";

/** Tries to open a block at the cursor; `container` is the deepest block the line continued. */
type BlockStart = (builder: BlockBuilder, container: BlockNode, cursor: LineCursor) => Start;

/** A line whose first character is none of these opens no block (unless indented). */
export const MAYBE_SPECIAL = /^[#`~*+_=<>0-9%$-]/;

const ATX_HEADING = /^#{1,6}(?=[ \t]|$)/;
const FENCE = /^`{3,}(?!.*`)|^~{3,}/;
const SETEXT_UNDERLINE = /^(?:=+|-+)[ \t]*$/;
const THEMATIC_BREAK = /^(?:(?:\*[ \t]*){3,}|(?:_[ \t]*){3,}|(?:-[ \t]*){3,})$/;
const CALLOUT_TITLE = /^\[![^\]]+\]/;
/** `[ ]`, `[x]`, `[/]`...: Obsidian takes any single character as the task's status. */
const TASK_CHECKBOX = /^\[(.)\](?=[ \t]|$)/;
/** Obsidian's comment (`%%`) and math (`$$`) blocks run to the next occurrence of their marker. */
const MARKER_BLOCKS: ReadonlyArray<{ readonly marker: string; readonly kind: BlockKind }> = [
	{ marker: "%%", kind: "comment" },
	{ marker: "$$", kind: "math" },
];

function openLeaf(builder: BlockBuilder, kind: BlockKind, cursor: LineCursor): BlockNode {
	const start = cursor.blockStart;
	builder.closeUnmatched();
	return builder.addChild(kind, start);
}

/** Consumes a block quote's `>` and the one space that may follow it. */
export function consumeQuoteMarker(cursor: LineCursor): boolean {
	if (cursor.indented || cursor.afterIndent[0] !== ">") return false;
	cursor.advanceToNextNonspace();
	cursor.advance(1, false);
	if (isSpaceOrTab(cursor.peek())) cursor.advance(1, true);
	return true;
}

const blockQuote: BlockStart = (builder, _container, cursor) => {
	const start = cursor.blockStart;
	if (!consumeQuoteMarker(cursor)) return "none";
	builder.closeUnmatched();
	builder.addChild("blockquote", start).callout = CALLOUT_TITLE.test(cursor.rest);
	return "container";
};

const atxHeading: BlockStart = (builder, _container, cursor) => {
	const hashes = cursor.indented ? null : ATX_HEADING.exec(cursor.afterIndent);
	if (!hashes) return "none";
	const heading = openLeaf(builder, "heading", cursor);
	heading.level = hashes[0].length;
	const textStart = cursor.nextNonspace + hashes[0].length;
	const raw = cursor.text.slice(textStart);
	const leading = raw.length - raw.trimStart().length;
	const text = raw
		.trim()
		.replace(/(?:^|[ \t]+)#+$/, "")
		.trimEnd();
	heading.segments.push({ offset: cursor.lineStart + textStart + leading, text });
	cursor.advanceToEnd();
	return "leaf";
};

const fencedCode: BlockStart = (builder, _container, cursor) => {
	const fence = cursor.indented ? null : FENCE.exec(cursor.afterIndent);
	if (!fence) return "none";
	const indent = cursor.indent;
	const code = openLeaf(builder, "code", cursor);
	code.closer = { kind: "fence", char: fence[0][0], length: fence[0].length, indent };
	cursor.advanceToNextNonspace();
	return "leaf";
};

const markerBlock: BlockStart = (builder, _container, cursor) => {
	const found = cursor.indented ? undefined : MARKER_BLOCKS.find(({ marker }) => cursor.afterIndent.startsWith(marker));
	if (!found) return "none";
	openLeaf(builder, found.kind, cursor).closer = { kind: "marker", marker: found.marker };
	cursor.advanceToNextNonspace();
	return "leaf";
};

const htmlBlock: BlockStart = (builder, container, cursor) => {
	if (cursor.indented || cursor.afterIndent[0] !== "<") return "none";
	const interruptible = container.kind === "paragraph" || builder.lazyParagraphOpen;
	const kind = HTML_BLOCK_KINDS.find(
		(candidate) => candidate.start.test(cursor.afterIndent) && (candidate.interrupts || !interruptible),
	);
	if (!kind) return "none";
	openLeaf(builder, "html", cursor).closer = { kind: "html", end: kind.end };
	cursor.advanceToNextNonspace();
	return "leaf";
};

const setextHeading: BlockStart = (builder, container, cursor) => {
	if (cursor.indented || container.kind !== "paragraph") return "none";
	const underline = SETEXT_UNDERLINE.exec(cursor.afterIndent);
	if (!underline) return "none";
	builder.closeUnmatched();
	container.kind = "heading";
	container.level = underline[0][0] === "=" ? 1 : 2;
	cursor.advanceToEnd();
	return "leaf";
};

const thematicBreak: BlockStart = (builder, _container, cursor) => {
	if (cursor.indented || !THEMATIC_BREAK.test(cursor.afterIndent)) return "none";
	openLeaf(builder, "thematicBreak", cursor);
	cursor.advanceToEnd();
	return "leaf";
};

/** Reads a list marker and the spaces after it, leaving the cursor at the item's content. */
function readListMarker(container: BlockNode, cursor: LineCursor): ListMarker | null {
	const text = cursor.afterIndent;
	const match = /^[*+-]/.exec(text) ?? /^(\d{1,9})([.)])/.exec(text);
	if (!match) return null;
	const markerLength = match[0].length;
	const afterMarker = text[markerLength];
	if (afterMarker !== undefined && !isSpaceOrTab(afterMarker)) return null;
	const ordered = match[1] !== undefined;
	if (container.kind === "paragraph") {
		// An item interrupting a paragraph must have content, and an ordered one must start at 1.
		if (text.slice(markerLength).trim() === "") return null;
		if (ordered && match[1] !== "1") return null;
	}
	const markerOffset = cursor.indent;
	cursor.advanceToNextNonspace();
	cursor.advance(markerLength, false);
	const spacesStart = cursor.save();
	while (cursor.column - spacesStart.column < 5 && isSpaceOrTab(cursor.peek())) cursor.advance(1, true);
	const spaces = cursor.column - spacesStart.column;
	let padding = markerLength + spaces;
	// Five spaces or more start indented code inside the item; an empty item's content sits one space in.
	if (spaces >= 5 || spaces < 1 || cursor.pos >= cursor.text.length) {
		padding = markerLength + 1;
		cursor.restore(spacesStart);
		if (isSpaceOrTab(cursor.peek())) cursor.advance(1, true);
	}
	return { ordered, delimiter: ordered ? match[2] : match[0], markerOffset, padding };
}

function sameList(a: ListMarker | undefined, b: ListMarker): boolean {
	return a !== undefined && a.ordered === b.ordered && a.delimiter === b.delimiter;
}

const listItem: BlockStart = (builder, container, cursor) => {
	if (cursor.indented && container.kind !== "list") return "none";
	// As recorded, Obsidian starts an item at its container's column (a `- ` nested under `- ` starts
	// two columns in, before its indentation), but an ordered `1.` item at its marker: compare the
	// fixtures numbered_list_items_standard and numbered_list_items_with_paren.
	const containerStart = cursor.blockStart;
	const markerStart = cursor.lineStart + cursor.nextNonspace;
	const marker = readListMarker(container, cursor);
	if (!marker) return "none";
	const start = marker.ordered && marker.delimiter === "." ? markerStart : containerStart;
	builder.closeUnmatched();
	if (builder.tip.kind !== "list" || !sameList(builder.tip.marker, marker)) {
		builder.addChild("list", start).marker = marker;
	}
	const item = builder.addChild("listItem", start);
	item.marker = marker;
	// The checkbox belongs to the item's marker: what follows it may open blocks, even another list.
	const checkbox = TASK_CHECKBOX.exec(cursor.rest);
	if (checkbox) {
		item.task = checkbox[1];
		cursor.advance(checkbox[0].length, false);
		if (isSpaceOrTab(cursor.peek())) cursor.advance(1, true);
	}
	return "container";
};

const indentedCode: BlockStart = (builder, _container, cursor) => {
	if (!cursor.indented || cursor.blank || builder.tip.kind === "paragraph") return "none";
	const start = cursor.blockStart;
	cursor.advance(CODE_INDENT, true);
	builder.closeUnmatched();
	builder.addChild("code", start).closer = { kind: "indented" };
	return "leaf";
};

/** In CommonMark's order, with Obsidian's comment and math blocks beside fenced code. */
export const BLOCK_STARTS: readonly BlockStart[] = [
	blockQuote,
	atxHeading,
	fencedCode,
	markerBlock,
	htmlBlock,
	setextHeading,
	thematicBreak,
	listItem,
	indentedCode,
];
