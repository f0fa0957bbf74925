import type { CachedMetadata } from "obsidian";

/** The property that holds a note's tags; since Obsidian 1.9 the singular `tag` is no longer read. */
const TAGS_KEY = /^tags$/i;

function tagNames(value: unknown): string[] {
	if (typeof value === "string") return value.split(/[,\s]+/);
	if (Array.isArray(value)) {
		return value.filter((item) => typeof item === "string" || typeof item === "number").map(String);
	}
	return [];
}

/**
 * Obsidian's `parseFrontMatterTags`: the `tags` property as `#`-prefixed tags, `null` when there
 * are none. A string value is split at commas and whitespace; a list keeps its text and numbers.
 */
export function parseFrontMatterTags(frontmatter: unknown): string[] | null {
	if (typeof frontmatter !== "object" || frontmatter === null) return null;
	const key = Object.keys(frontmatter).find((candidate) => TAGS_KEY.test(candidate));
	if (key === undefined) return null;
	const tags = tagNames((frontmatter as Record<string, unknown>)[key])
		.map((name) => name.trim())
		.filter((name) => name !== "")
		.map((name) => (name.startsWith("#") ? name : `#${name}`));
	return tags.length > 0 ? tags : null;
}

/** Obsidian's `getAllTags`: frontmatter tags, then the body's in order, duplicates and case kept. */
export function getAllTags(cache: CachedMetadata): string[] | null {
	const fromFrontmatter = parseFrontMatterTags(cache.frontmatter) ?? [];
	return [...fromFrontmatter, ...(cache.tags ?? []).map((tag) => tag.tag)];
}
