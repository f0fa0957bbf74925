import type { FrontMatter, NoteMetadata } from "../metadata";

/**
 * The note-level facts retrieval reads from the metadata cache, the way Obsidian reads them:
 * frontmatter keys matched case-insensitively (`alias`/`aliases`, `tag`/`tags`), a string value
 * split into a list, inline tags added to frontmatter ones.
 */

/** `project`, `#Project`, `＃project` all become `project`: tags compare without `#` and case. */
export function normalizeTag(tag: string): string {
	return tag.normalize("NFKC").trim().replace(/^#+/, "").toLowerCase();
}

export function aliasesOf(metadata: NoteMetadata | null): string[] {
	return stringList(metadata?.frontmatter, /^aliases?$/i, /,/);
}

/** Every tag of the note, frontmatter and inline, normalized and without repeats. */
export function tagsOf(metadata: NoteMetadata | null): string[] {
	const tags = stringList(metadata?.frontmatter, /^tags?$/i, /[,\s]+/);
	for (const inline of metadata?.tags ?? []) tags.push(inline.tag);
	return [...new Set(tags.map(normalizeTag).filter((tag) => tag !== ""))];
}

/** Whether the note's frontmatter says `assistant: private`: the user's word that it stays out. */
export function isMarkedPrivate(metadata: NoteMetadata | null): boolean {
	return stringList(metadata?.frontmatter, /^assistant$/i, /,/).some((value) => value.toLowerCase() === "private");
}

/** Whether `tag` is `filter` or nested below it (`project` holds `project/atlas`); both normalized. */
export function tagMatches(tag: string, filter: string): boolean {
	return tag === filter || (tag.startsWith(filter) && tag.charCodeAt(filter.length) === 0x2f /* / */);
}

function stringList(frontmatter: FrontMatter | undefined, key: RegExp, separator: RegExp): string[] {
	if (!frontmatter) return [];
	const values: string[] = [];
	for (const [name, value] of Object.entries(frontmatter)) {
		if (!key.test(name)) continue;
		const items = Array.isArray(value) ? (value as unknown[]) : [value];
		for (const item of items) {
			if (typeof item === "string") values.push(...item.split(separator));
			else if (typeof item === "number") values.push(String(item));
		}
	}
	return values.map((value) => value.trim()).filter((value) => value !== "");
}
