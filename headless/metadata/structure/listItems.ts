import type { ListItemCache, Pos } from "obsidian";
import type { BlockNode } from "../blocks/blockTree";
import type { LineIndex } from "../positions";

/** Where one list item sits in the tree, as one walk over it finds. */
interface ItemVisit {
	readonly item: BlockNode;
	/** The closest list item above it. */
	readonly enclosing: BlockNode | undefined;
	readonly nextSibling: BlockNode | undefined;
	/** The item's number in document order, and the first number past its descendants. */
	readonly order: number;
	after: number;
}

/**
 * Every list item in document order, with what its position and parent depend on. One walk with
 * an explicit stack, not recursion and not a search per item: a note may hold thousands of nested
 * levels or a million items, and each is visited once.
 */
function visitItems(document: BlockNode): ItemVisit[] {
	const visits: ItemVisit[] = [];
	const openItems: ItemVisit[] = [];
	const frames: Array<{ readonly node: BlockNode; next: number; readonly visit?: ItemVisit }> = [
		{ node: document, next: 0 },
	];
	let order = 0;
	while (frames.length > 0) {
		const frame = frames[frames.length - 1];
		const child = frame.node.children[frame.next];
		if (child === undefined) {
			frames.pop();
			if (frame.visit) {
				frame.visit.after = order + 1;
				openItems.pop();
			}
			continue;
		}
		frame.next += 1;
		order += 1;
		let visit: ItemVisit | undefined;
		if (child.kind === "listItem") {
			const enclosing = openItems[openItems.length - 1]?.item;
			visit = { item: child, enclosing, nextSibling: frame.node.children[frame.next], order, after: Infinity };
			visits.push(visit);
			openItems.push(visit);
		}
		frames.push({ node: child, next: 0, visit });
	}
	return visits;
}

/** What Obsidian records of a list item, before its task and block id. */
export interface ListItemPlace {
	readonly parent: number;
	readonly position: Pos;
}

/**
 * Obsidian's list item covers the item's own lines, not its children: it ends where the line
 * before the next item (its first child starting on a later line, else its next sibling) ends.
 * Before a blank line that is the blank line's start. The last item of a list ends with its last
 * non-blank line. The parent is the line of the enclosing item; a top-level item has the negated
 * line of its list's first item instead, and Obsidian records -1 rather than -0 for a list on the
 * first line.
 */
export function placeListItems(document: BlockNode, index: LineIndex): Map<BlockNode, ListItemPlace> {
	const visits = visitItems(document);
	const places = new Map<BlockNode, ListItemPlace>();
	// Blocks start on non-decreasing lines in document order, so the first item below each item
	// is found by one pointer moving forward: the first item on a later line, if it is a descendant.
	let later = 0;
	for (const visit of visits) {
		const { item } = visit;
		while (later < visits.length && visits[later].item.startLine <= item.startLine) later += 1;
		const below = visits[later];
		const next = below !== undefined && below.order < visit.after ? below.item : visit.nextSibling;
		const parent = visit.enclosing ? visit.enclosing.startLine : -Math.max(item.parent?.startLine ?? 0, 1);
		places.set(item, { parent, position: index.pos(item.start, next ? index.lineEnd(next.startLine - 1) : item.end) });
	}
	return places;
}

export function listItemsOf(
	places: ReadonlyMap<BlockNode, ListItemPlace>,
	blockIds: ReadonlyMap<BlockNode, string>,
): ListItemCache[] {
	const items: ListItemCache[] = [];
	for (const [node, place] of places) {
		const item: ListItemCache = { parent: place.parent, position: place.position };
		if (node.task !== undefined) item.task = node.task;
		const id = blockIds.get(node);
		if (id !== undefined) item.id = id;
		items.push(item);
	}
	return items;
}
