import type { CachedMetadata, HeadingCache } from "obsidian";
import { parseBlocks } from "./blocks/blockParser";
import { type BlockKind, walkBlocks } from "./blocks/blockTree";
import { findFrontmatter, frontmatterLinks } from "./frontmatter";
import { type InlineReferences, scanInline } from "./inline/inlineScanner";
import { LineIndex } from "./positions";
import { listItemsOf, placeListItems } from "./structure/listItems";
import { blocksOf, findBlockIds, sectionsOf } from "./structure/sections";
import { detachStrings } from "./detachedStrings";

export { getAllTags, parseFrontMatterTags } from "./tagFunctions";

/** Leaves whose text Obsidian indexes for tags and links; code, HTML and math are not read. */
const INDEXED_LEAVES: ReadonlySet<BlockKind> = new Set<BlockKind>(["paragraph", "heading", "table", "comment"]);

/**
 * The `CachedMetadata` Obsidian's metadata cache records for a note with this content, as far as
 * the recordings in `tests/fixtures/obsidian-metadata/` pin it down. Lists that would be
 * empty are left out, as Obsidian leaves them out; `frontmatterLinks` comes with any frontmatter.
 */
export function computeMetadata(content: string): CachedMetadata {
	const index = new LineIndex(content);
	const frontmatter = findFrontmatter(index);
	const document = parseBlocks(index, frontmatter ? frontmatter.closingLine + 1 : 0);
	const blockIds = findBlockIds(document);

	const found: InlineReferences = { tags: [], links: [], embeds: [] };
	const headings: HeadingCache[] = [];
	for (const block of walkBlocks(document)) {
		if (INDEXED_LEAVES.has(block.kind)) scanInline(block.segments, index, found);
		if (block.kind === "heading") {
			const heading = block.segments
				.map((segment) => segment.text)
				.join("\n")
				.trim();
			headings.push({ heading, level: block.level ?? 1, position: index.pos(block.start, block.end) });
		}
	}

	const cache: CachedMetadata = {};
	if (frontmatter?.properties) {
		cache.frontmatter = frontmatter.properties;
		cache.frontmatterPosition = index.pos(0, frontmatter.end);
		cache.frontmatterLinks = frontmatterLinks(frontmatter.properties);
	}
	const sections = sectionsOf(document, index, blockIds, frontmatter?.end);
	const itemPlaces = placeListItems(document, index);
	const listItems = listItemsOf(itemPlaces, blockIds);
	if (headings.length > 0) cache.headings = headings;
	if (found.links.length > 0) cache.links = found.links;
	if (found.embeds.length > 0) cache.embeds = found.embeds;
	if (found.tags.length > 0) cache.tags = found.tags;
	if (sections.length > 0) cache.sections = sections;
	if (listItems.length > 0) cache.listItems = listItems;
	// obsidian-typings widens `BlockCache` with the vault-wide block cache's members; a note's
	// blocks are `{id, position}` as the public API and the recordings have them.
	if (blockIds.size > 0) cache.blocks = blocksOf(blockIds, index, itemPlaces) as CachedMetadata["blocks"];
	// Obsidian's cache comes from a worker, cloned: each string its own. Ours are cut from the
	// note's text, and a cache of every note holding them would hold every note's text. Only the
	// properties, read by YAML, may share values; the rest was built here, a tree.
	for (const [key, value] of Object.entries(cache)) detachStrings(value as object, key === "frontmatter");
	return cache;
}
