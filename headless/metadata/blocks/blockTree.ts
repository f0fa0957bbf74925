/**
 * The block tree the parser builds: CommonMark's containers (document, block quote, list, list
 * item) and leaves, plus Obsidian's own blocks (`%%` comments, `$$` math, callouts).
 */

type ContainerKind = "document" | "blockquote" | "list" | "listItem";
type LeafKind = "paragraph" | "heading" | "code" | "html" | "comment" | "math" | "table" | "thematicBreak";
export type BlockKind = ContainerKind | LeafKind;

/** A piece of one line that belongs to a leaf, with its offset in the note. */
export interface TextSegment {
	readonly offset: number;
	readonly text: string;
}

export interface ListMarker {
	readonly ordered: boolean;
	/** `-`, `*` or `+` for a bullet list, `.` or `)` for an ordered one: a change starts a new list. */
	readonly delimiter: string;
	/** Columns of indentation before the marker, relative to the container. */
	readonly markerOffset: number;
	/** Columns from the marker to the item's content. */
	readonly padding: number;
}

/** How a leaf that takes raw lines ends. */
type LeafCloser =
	| { readonly kind: "fence"; readonly char: string; readonly length: number; readonly indent: number }
	| { readonly kind: "indented" }
	| { readonly kind: "marker"; readonly marker: string }
	| { readonly kind: "html"; readonly end: RegExp | null };

export interface BlockNode {
	/** Mutable: a paragraph turns into a setext heading or a table when its second line says so. */
	kind: BlockKind;
	readonly parent: BlockNode | null;
	readonly children: BlockNode[];
	open: boolean;
	readonly startLine: number;
	readonly start: number;
	/** Offset just past the block's last non-blank line. */
	end: number;
	readonly segments: TextSegment[];
	marker?: ListMarker;
	task?: string;
	level?: number;
	callout?: boolean;
	closer?: LeafCloser;
}

export function createBlock(kind: BlockKind, parent: BlockNode | null, startLine: number, start: number): BlockNode {
	return { kind, parent, children: [], open: true, startLine, start, end: start, segments: [] };
}

export function lastOpenChild(node: BlockNode): BlockNode | undefined {
	const last = node.children[node.children.length - 1];
	return last?.open ? last : undefined;
}

export function canContain(parent: BlockKind, child: BlockKind): boolean {
	switch (parent) {
		case "document":
		case "blockquote":
		case "listItem":
			return child !== "listItem";
		case "list":
			return child === "listItem";
		default:
			return false;
	}
}

/** Leaves that take the lines that follow them, rather than ending at their first line. */
export function acceptsLines(kind: BlockKind): boolean {
	return (
		kind === "paragraph" ||
		kind === "table" ||
		kind === "code" ||
		kind === "html" ||
		kind === "comment" ||
		kind === "math"
	);
}

/**
 * Document-order walk over every block. A stack of blocks still to visit, not recursion: a note
 * may nest thousands of quotes or list levels, deeper than the call stack goes.
 */
export function* walkBlocks(root: BlockNode): Generator<BlockNode> {
	const pending: BlockNode[] = [root];
	for (let node = pending.pop(); node; node = pending.pop()) {
		yield node;
		for (let child = node.children.length - 1; child >= 0; child--) pending.push(node.children[child]);
	}
}
