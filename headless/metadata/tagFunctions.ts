import type { CachedMetadata } from "obsidian";
import { tagLengthAt } from "./inline/tagSyntax";

/** The property that holds a note's tags; since Obsidian 1.9 the singular `tag` is no longer read. */
const TAGS_KEY = /^tags$/i;

/** Whether `name` (with or without its `#`) is one whole tag as the body's tag syntax reads it. */
function isWholeTag(name: string): boolean {
	const tag = name.startsWith("#") ? name : `#${name}`;
	return tagLengthAt(tag, 0) === tag.length;
}

/**
 * The tag names a `tags` value holds. A list keeps its text and numbers. Since Obsidian 1.9 a
 * text value is not split: it is one tag when it is one (`tags: project`), and none when it holds
 * commas or spaces (`tags: a, b`), as Obsidian's recordings of both show.
 */
function tagNames(value: unknown): string[] {
	if (typeof value === "string") return isWholeTag(value.trim()) ? [value] : [];
	if (Array.isArray(value)) {
		return value.filter((item) => typeof item === "string" || typeof item === "number").map(String);
	}
	return [];
}

/**
 * Obsidian's `parseFrontMatterTags`: the `tags` property as `#`-prefixed tags; `null` when there
 * is no such property or it has no value (`tags:`), `[]` when its value holds no tag (`tags: []`,
 * `tags: a, b`).
 */
export function parseFrontMatterTags(frontmatter: unknown): string[] | null {
	if (typeof frontmatter !== "object" || frontmatter === null) return null;
	const key = Object.keys(frontmatter).find((candidate) => TAGS_KEY.test(candidate));
	if (key === undefined) return null;
	const value = (frontmatter as Record<string, unknown>)[key];
	if (value === null || value === undefined) return null;
	return tagNames(value)
		.map((name) => name.trim())
		.filter((name) => name !== "")
		.map((name) => (name.startsWith("#") ? name : `#${name}`));
}

/** Obsidian's `getAllTags`: frontmatter tags, then the body's in order, duplicates and case kept. */
export function getAllTags(cache: CachedMetadata): string[] | null {
	const fromFrontmatter = parseFrontMatterTags(cache.frontmatter) ?? [];
	return [...fromFrontmatter, ...(cache.tags ?? []).map((tag) => tag.tag)];
}
