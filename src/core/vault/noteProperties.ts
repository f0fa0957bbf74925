import type { FrontMatter, NoteMetadata } from "../metadata";
import { foldedAsMeant } from "../text/foldedAsMeant";

/** The frontmatter keys read, as `/^aliases?$/i` and the like would match them. */
const ALIAS_KEYS = ["alias", "aliases"];
const TAG_KEYS = ["tag", "tags"];

/**
 * The note-level facts retrieval reads from the metadata cache, the way a person means them:
 * frontmatter keys matched case-insensitively (`alias`/`aliases`, `tag`/`tags`), a string value
 * split into a list, inline tags added to frontmatter ones. Wider than Obsidian 1.9, which reads
 * neither `tag` nor a text value of `tags: a, b`: a tag the user wrote so still hides a note
 * that the privacy settings exclude by it.
 */

/** `project`, `#Project`, `＃project`, `Project/` all become `project`: tags compare without `#`, case or a trailing slash. */
export function normalizeTag(tag: string): string {
	// `Secret/` in the settings names the tag `secret` and all below it, as a person means it.
	return foldedAsMeant(tag).trim().replace(/^#+/, "").replace(/\/+$/, "");
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
 * (`Assistant`, `ＡＳＳＩＳＴＡＮＴ`), the value as `foldedAsMeant` reads it (`ｐｒｉｖａｔｅ`,
 * `PRİVATE`, a zero-width space pasted along), without the quotes and punctuation around it
 * (`Private.`, `“private”`, `private。`), as one word among others (`private, draft`,
 * `private; draft`, `private draft`), alone or in a list, however nested.
 */
export function isMarkedPrivate(metadata: NoteMetadata | null): boolean {
	const frontmatter = metadata?.frontmatter;
	if (!isProperties(frontmatter)) return false;
	for (const name in frontmatter) {
		if (!Object.prototype.hasOwnProperty.call(frontmatter, name) || foldedWord(name) !== "assistant") continue;
		if (
			leavesOf(frontmatter[name]).some(
				(item) => typeof item === "string" && item.split(WORD_SEPARATOR).some((part) => foldedWord(part) === "private"),
			)
		)
			return true;
	}
	return false;
}

/**
 * Whether the note starts with a frontmatter block that Obsidian could not read (a YAML error,
 * or a value that is not a set of properties): its `assistant:` flag and tags are unknown, so the
 * note counts as private until the user fixes it. Obsidian then records the block as the note's
 * first section, of type `yaml`, and no properties; a cache that hands over something else than
 * a set of properties (`null`, a list, a string) is read the same way. A block of nothing but its
 * two fences is an empty one, not an unreadable one.
 */
export function hasUnreadableFrontmatter(metadata: NoteMetadata): boolean {
	if (metadata.frontmatter !== undefined) return !isProperties(metadata.frontmatter);
	if (metadata.frontmatterPosition !== undefined) return true;
	const first = metadata.sections?.[0];
	return first !== undefined && first.type === "yaml" && first.position.start.line === 0 && first.position.end.line > 1;
}

/** What separates the words of a flag's value: spaces, commas and semicolons, full-width ones (folded) and the ideographic comma. */
const WORD_SEPARATOR = /[\s,;\u3001\uFF0C\uFF1B]+/;
/** Spaces, punctuation and symbols around a word: quotes, brackets, a full stop in any script. */
const AROUND_WORD = /^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu;

/** A word as a person means it (`foldedAsMeant`), without the spaces, quotes and punctuation around it. */
function foldedWord(word: string): string {
	return foldedAsMeant(word).replace(AROUND_WORD, "");
}

/** Whether a frontmatter value is a set of properties: an object, not `null`, not a list. */
function isProperties(value: unknown): value is FrontMatter {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The items of a value that are neither lists nor mappings, in order: the value itself, or the
 * items of a list and of the lists in it (`tags: [[secret]]`, a link typed as a tag, is a list in
 * a list), and the keys and values of a mapping (`tags: {secret: null}`, which YAML's `!!set`
 * makes too): a flag or a tag written in a shape Obsidian does not read as one still counts, so
 * that a note is never shown for the way its properties were typed. Walked without recursion,
 * however deep the nesting, and each list or mapping once, so that one holding itself (a YAML
 * anchor aliased inside its own definition) ends; a list with nothing nested in it is returned as
 * it is.
 */
function leavesOf(value: unknown): readonly unknown[] {
	if (!isNested(value)) return [value];
	if (Array.isArray(value) && !value.some(isNested)) return value as unknown[];
	const leaves: unknown[] = [];
	const walked = new Set<object>();
	const pending: unknown[] = [value];
	while (pending.length > 0) {
		const item = pending.pop();
		if (!isNested(item)) {
			leaves.push(item);
			continue;
		}
		if (walked.has(item)) continue;
		walked.add(item);
		const items = itemsOf(item);
		for (let index = items.length - 1; index >= 0; index--) pending.push(items[index]);
	}
	return leaves;
}

/** Whether a value holds others: a list, a mapping, or any object a parser might make of one. */
function isNested(value: unknown): value is object {
	return typeof value === "object" && value !== null;
}

/** What a value holding others holds: a list's items, a set's members, a mapping's keys and values. */
function itemsOf(value: object): readonly unknown[] {
	if (Array.isArray(value)) return value;
	if (value instanceof Map) return [...value].flat();
	if (value instanceof Set) return [...value];
	return Object.entries(value).flat();
}

/** Whether `tag` is `filter` or nested below it (`project` holds `project/atlas`); both normalized. */
export function tagMatches(tag: string, filter: string): boolean {
	return tag === filter || (tag.startsWith(filter) && tag.charCodeAt(filter.length) === 0x2f); /* / */
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
		for (const item of leavesOf(frontmatter[name])) {
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
