import type { SectionCache } from "obsidian";
import type { BlockCache } from "../../../src/core/metadata";
import { type BlockNode, walkBlocks } from "../blocks/blockTree";
import type { LineIndex } from "../positions";
import type { ListItemPlace } from "./listItems";

/** A block's kind names its section type (`paragraph`, `list`, `code`...), except for quotes. */
function sectionType(block: BlockNode): string {
	if (block.kind === "blockquote") return block.callout ? "callout" : "blockquote";
	return block.kind;
}

const BLOCK_ID = /(?:^|\s)\^([A-Za-z0-9-]+)[ \t]*$/;

/**
 * Which block a paragraph's trailing `^id` names: the list item it belongs to, else the top-level
 * section that holds it.
 */
function blockNamedBy(paragraph: BlockNode): BlockNode {
	let block = paragraph;
	while (block.parent && block.parent.kind !== "document") {
		if (block.parent.kind === "listItem") return block.parent;
		block = block.parent;
	}
	return block;
}

/** Every block named by a `^id` at the end of its paragraph, with the id. */
export function findBlockIds(document: BlockNode): Map<BlockNode, string> {
	const ids = new Map<BlockNode, string>();
	for (const node of walkBlocks(document)) {
		const lastLine = node.segments[node.segments.length - 1];
		const id = node.kind === "paragraph" && lastLine ? BLOCK_ID.exec(lastLine.text)?.[1] : undefined;
		if (id !== undefined) ids.set(blockNamedBy(node), id);
	}
	return ids;
}

/** One section per top-level block; the frontmatter's `yaml` section comes first when there is one. */
export function sectionsOf(
	document: BlockNode,
	index: LineIndex,
	blockIds: ReadonlyMap<BlockNode, string>,
	frontmatterEnd: number | undefined,
): SectionCache[] {
	const sections: SectionCache[] = [];
	if (frontmatterEnd !== undefined) sections.push({ type: "yaml", position: index.pos(0, frontmatterEnd) });
	for (const block of document.children) {
		const section: SectionCache = { type: sectionType(block), position: index.pos(block.start, block.end) };
		const id = blockIds.get(block);
		if (id !== undefined) section.id = id;
		sections.push(section);
	}
	return sections;
}

/** A list item's block covers the item's own lines, as its list item entry does. */
export function blocksOf(
	blockIds: ReadonlyMap<BlockNode, string>,
	index: LineIndex,
	listItems: ReadonlyMap<BlockNode, ListItemPlace>,
): Record<string, BlockCache> {
	const blocks: Record<string, BlockCache> = {};
	for (const [block, id] of blockIds) {
		blocks[id] = { id, position: listItems.get(block)?.position ?? index.pos(block.start, block.end) };
	}
	return blocks;
}
