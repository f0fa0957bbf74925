import type { FrontMatter, NoteMetadata } from "../metadata";

/** Any UTF-16 code unit outside ASCII. */
const NON_ASCII = /[\u0080-\uffff]/;
/** The frontmatter keys read, as `/^aliases?$/i` and the like would match them. */
const ALIAS_KEYS = ["alias", "aliases"];
const TAG_KEYS = ["tag", "tags"];

/**
 * The note-level facts retrieval reads from the metadata cache, the way Obsidian reads them:
 * frontmatter keys matched case-insensitively (`alias`/`aliases`, `tag`/`tags`), a string value
 * split into a list, inline tags added to frontmatter ones.
 */

/** `project`, `#Project`, `＃project`, `Project/` all become `project`: tags compare without `#`, case or a trailing slash. */
export function normalizeTag(tag: string): string {
	// NFKC leaves ASCII as it is, and most tags are ASCII: no call into ICU for them.
	const folded = NON_ASCII.test(tag) ? tag.normalize("NFKC") : tag;
	// `Secret/` in the settings names the tag `secret` and all below it, as a person means it.
	return folded.trim().replace(/^#+/, "").replace(/\/+$/, "").toLowerCase();
}

export function aliasesOf(metadata: NoteMetadata | null): string[] {
	return stringList(metadata?.frontmatter, ALIAS_KEYS, /,/);
}

/** Every tag of the note, frontmatter and inline, normalized and without repeats. */
export function tagsOf(metadata: NoteMetadata | null): string[] {
	const tags: string[] = [];
	const addTag = (raw: string) => {
		const tag = normalizeTag(raw);
		// A note has a handful of tags: a linear search beats building a `Set` for each note.
		if (tag !== "" && !tags.includes(tag)) tags.push(tag);
	};
	stringList(metadata?.frontmatter, TAG_KEYS, /[,\s]+/).forEach(addTag);
	for (const inline of metadata?.tags ?? []) addTag(inline.tag);
	return tags;
}

/**
 * Whether the note's frontmatter says `assistant: private`: the user's word that it stays out.
 * Read the way a person means it, not the way a parser spells it: the key in any case or width
 * (`Assistant`, `ＡＳＳＩＳＴＡＮＴ`), the value trimmed, case-folded, in compatibility form
 * (`ｐｒｉｖａｔｅ`) and without trailing punctuation (`Private.`, `private/`), alone or in a list.
 */
export function isMarkedPrivate(metadata: NoteMetadata | null): boolean {
	const frontmatter = metadata?.frontmatter;
	if (!frontmatter) return false;
	for (const name in frontmatter) {
		if (!Object.prototype.hasOwnProperty.call(frontmatter, name) || foldedWord(name) !== "assistant") continue;
		const value = frontmatter[name];
		const items = Array.isArray(value) ? (value as unknown[]) : [value];
		if (items.some((item) => typeof item === "string" && item.split(",").some((part) => foldedWord(part) === "private"))) return true;
	}
	return false;
}

/**
 * Whether the note starts with a frontmatter block that Obsidian could not read (a YAML error,
 * or a value that is not a set of properties): its `assistant:` flag and tags are unknown, so the
 * note counts as private until the user fixes it. Obsidian then records the block as the note's
 * first section, of type `yaml`, and no properties. A block of nothing but its two fences is an
 * empty one, not an unreadable one.
 */
export function hasUnreadableFrontmatter(metadata: NoteMetadata): boolean {
	if (metadata.frontmatter !== undefined) return false;
	if (metadata.frontmatterPosition !== undefined) return true;
	const first = metadata.sections?.[0];
	return first !== undefined && first.type === "yaml" && first.position.start.line === 0 && first.position.end.line > 1;
}

/** A word as a person means it: compatibility forms folded, trimmed, lower case, no trailing punctuation. */
function foldedWord(word: string): string {
	const folded = NON_ASCII.test(word) ? word.normalize("NFKC") : word;
	return folded.trim().toLowerCase().replace(/[\s./,;:!?]+$/, "");
}

/** Whether `tag` is `filter` or nested below it (`project` holds `project/atlas`); both normalized. */
export function tagMatches(tag: string, filter: string): boolean {
	return tag === filter || (tag.startsWith(filter) && tag.charCodeAt(filter.length) === 0x2f /* / */);
}

/**
 * The values of the frontmatter keys named `keys` (lower case; a key matches in any case), each
 * string split at `separator`, trimmed, empty ones dropped. Every note is read three times for
 * its keys when the index is built, so this walks the keys without making an entry or running a
 * regular expression per key.
 */
function stringList(frontmatter: FrontMatter | undefined, keys: readonly string[], separator: RegExp): string[] {
	if (!frontmatter) return [];
	const values: string[] = [];
	for (const name in frontmatter) {
		if (!Object.prototype.hasOwnProperty.call(frontmatter, name) || !isKeyIn(name, keys)) continue;
		const value = frontmatter[name];
		const items = Array.isArray(value) ? (value as unknown[]) : [value];
		for (const item of items) {
			if (typeof item === "string") values.push(...item.split(separator));
			else if (typeof item === "number") values.push(String(item));
		}
	}
	return values.map((value) => value.trim()).filter((value) => value !== "");
}

/**
 * Whether `name` is one of `keys` in any case, as a `/^key$/i` test says: no character but an
 * ASCII letter lowercases to one of these keys' letters (the Kelvin sign, "k", is in none).
 */
function isKeyIn(name: string, keys: readonly string[]): boolean {
	return keys.includes(name.toLowerCase());
}
