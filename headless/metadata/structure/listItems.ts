import type { ListItemCache, Pos } from "obsidian";
import { type BlockNode, walkBlocks } from "../blocks/blockTree";
import type { LineIndex } from "../positions";

function closestItemAbove(node: BlockNode): BlockNode | undefined {
	for (let ancestor = node.parent; ancestor; ancestor = ancestor.parent) {
		if (ancestor.kind === "listItem") return ancestor;
	}
	return undefined;
}

/** The first item nested in `item` that starts on a later line than `item` itself. */
function firstItemBelow(item: BlockNode): BlockNode | undefined {
	for (const node of walkBlocks(item)) {
		if (node.kind === "listItem" && node.startLine > item.startLine) return node;
	}
	return undefined;
}

function nextSibling(item: BlockNode): BlockNode | undefined {
	const siblings = item.parent?.children ?? [];
	return siblings[siblings.indexOf(item) + 1];
}

/**
 * Obsidian's list item covers the item's own lines, not its children: it ends where the line
 * before the next item (its first child, else its next sibling) ends. Before a blank line that is
 * the blank line's start. The last item of a list ends with its last non-blank line.
 */
export function listItemPosition(item: BlockNode, index: LineIndex): Pos {
	const next = firstItemBelow(item) ?? nextSibling(item);
	return index.pos(item.start, next ? index.lineEnd(next.startLine - 1) : item.end);
}

/**
 * The parent is the line of the enclosing item; a top-level item has the negated line of its
 * list's first item instead, and Obsidian records -1 rather than -0 for a list on the first line.
 */
function parentOf(item: BlockNode): number {
	const enclosing = closestItemAbove(item);
	if (enclosing) return enclosing.startLine;
	return -Math.max(item.parent?.startLine ?? 0, 1);
}

export function listItemsOf(document: BlockNode, index: LineIndex, blockIds: ReadonlyMap<BlockNode, string>): ListItemCache[] {
	const items: ListItemCache[] = [];
	for (const node of walkBlocks(document)) {
		if (node.kind !== "listItem") continue;
		const item: ListItemCache = { parent: parentOf(node), position: listItemPosition(node, index) };
		if (node.task !== undefined) item.task = node.task;
		const id = blockIds.get(node);
		if (id !== undefined) item.id = id;
		items.push(item);
	}
	return items;
}
