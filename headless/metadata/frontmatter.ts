import type { FrontMatterCache, FrontmatterLinkCache } from "obsidian";
import { type Document, isScalar, parseDocument, visit } from "yaml";
import { wholeWikilink } from "./inline/linkSyntax";
import { FRONTMATTER_FENCE as FENCE } from "../../src/core/text/frontmatterBlock";
import type { LineIndex } from "./positions";

/** The `---` fenced block at the very top of a note. */
export interface FrontmatterBlock {
	readonly closingLine: number;
	/** Offset just past the closing `---`. */
	readonly end: number;
	/** The parsed properties; `undefined` when the block is empty, invalid or not a mapping. */
	readonly properties: FrontMatterCache | undefined;
}

export function findFrontmatter(index: LineIndex): FrontmatterBlock | null {
	// Obsidian reads a file through a decoder that drops a byte-order mark, so a block behind one is still the note's properties.
	if (!FENCE.test(index.lineText(0).replace(/^\uFEFF/, ""))) return null;
	for (let line = 1; line < index.lineCount; line++) {
		if (!FENCE.test(index.lineText(line))) continue;
		const source = index.content.slice(index.lineStart(1), index.lineStart(line));
		return { closingLine: line, end: index.lineEnd(line), properties: parseProperties(source) };
	}
	return null;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Bounds on a block that is read at all. Properties nest a level or two; a block past these is
 * an attack or an accident, and is left unread like any other block that does not parse (the
 * note then has no properties, which the privacy rules treat as unreadable).
 */
const MAX_NESTING = 64;
const MAX_INDENT_COLUMNS = 256;
/** Values counted with every alias expanded: a few aliases to large lists multiply. */
const MAX_VALUES = 100_000;
/** Fewer than the YAML library's default: properties have no use for aliases. */
const MAX_ALIASES = 16;
/**
 * Lines and commas in a block: each property, list item or flow entry takes one of them, so this
 * bounds how many there can be before the YAML library spends any time on them. Real properties
 * use a few dozen; a note of a hundred thousand keys is not read.
 */
const MAX_ENTRY_MARKS = 10_000;

/**
 * Whether the block is too large or nested too deeply to hand to the YAML library, which
 * recurses: flow brackets opened and not yet closed, a line indented that far, or more lines and
 * commas than properties ever need. Quoting is not considered, so a value holding dozens of
 * brackets in a row counts as nesting too, and the block is unread.
 */
function tooLargeToRead(source: string): boolean {
	let depth = 0;
	let indent = 0;
	let lineStart = true;
	let entryMarks = 0;
	for (const char of source) {
		if (char === "[" || char === "{") depth += 1;
		else if (char === "]" || char === "}") depth = Math.max(depth - 1, 0);
		if (depth > MAX_NESTING) return true;
		if (char === "\n" || char === ",") {
			entryMarks += 1;
			if (entryMarks > MAX_ENTRY_MARKS) return true;
		}
		if (char === "\n") {
			lineStart = true;
			indent = 0;
		} else if (lineStart && char === " ") {
			indent += 1;
			if (indent > MAX_INDENT_COLUMNS) return true;
		} else {
			lineStart = false;
		}
	}
	return false;
}

/** Each value below a property with its key path (`list.0`, `a.b`), in document order. */
function* propertyValues(
	properties: FrontMatterCache,
): Generator<{ readonly key: string; readonly value: unknown; readonly depth: number }> {
	const pending = Object.entries(properties)
		.reverse()
		.map(([key, value]) => ({ key, value, depth: 1 }));
	for (let entry = pending.pop(); entry; entry = pending.pop()) {
		yield entry;
		const { key, value, depth } = entry;
		const children: Array<[string, unknown]> = Array.isArray(value)
			? value.map((item, position) => [String(position), item])
			: isPlainObject(value)
				? Object.entries(value)
				: [];
		for (let child = children.length - 1; child >= 0; child--) {
			pending.push({ key: `${key}.${children[child][0]}`, value: children[child][1], depth: depth + 1 });
		}
	}
}

/**
 * Whether the values are of bounded size and depth. Aliases can make a value contain itself
 * (`a: &x [*x]`), which nests without end and which nothing downstream could walk or serialise.
 */
function isBounded(properties: FrontMatterCache): boolean {
	let count = 0;
	for (const { depth } of propertyValues(properties)) {
		count += 1;
		if (count > MAX_VALUES || depth > MAX_NESTING) return false;
	}
	return true;
}

/**
 * Whether a mapping of the document holds one key twice, as the YAML library's own check would
 * find (scalars equal by value, other keys by identity), with one set of keys a mapping: the
 * library compares each new key with every earlier one, time squared in the number of keys.
 */
function hasDuplicateKey(document: Document.Parsed): boolean {
	let duplicate = false;
	visit(document, {
		Map(_, map) {
			const keys = new Set<unknown>();
			for (const { key } of map.items) {
				const identity = isScalar(key) ? key.value : key;
				if (keys.has(identity)) {
					duplicate = true;
					return visit.BREAK;
				}
				keys.add(identity);
			}
			return undefined;
		},
	});
	return duplicate;
}

/**
 * YAML's core schema, as Obsidian reads properties: `2024-07-21` stays a string, `true`, `246`
 * and empty values (`null`) are typed. JSON is YAML too. A key that is empty is left out. The
 * older schema's tags (`!!set`, `!!omap`, `!!binary`, `!!timestamp`) are not taken up: their
 * values stay the mapping, list or string they are written as, never a `Set`, `Map`, `Buffer` or
 * `Date`, so that every value is one Obsidian's properties can hold.
 * Duplicate keys, bad indentation, unclosed quotes, alias bombs, absurd nesting and more than
 * 10,000 lines and commas leave the block unread, quickly.
 */
function parseProperties(source: string): FrontMatterCache | undefined {
	if (tooLargeToRead(source)) return undefined;
	let parsed: unknown;
	try {
		// An unresolved tag is only a warning: errors alone leave a block unread.
		const document = parseDocument(source, { schema: "core", resolveKnownTags: false, uniqueKeys: false });
		if (document.errors.length > 0 || hasDuplicateKey(document)) return undefined;
		parsed = document.toJS({ maxAliasCount: MAX_ALIASES });
	} catch {
		return undefined;
	}
	if (!isPlainObject(parsed)) return undefined;
	const properties = Object.fromEntries(Object.entries(parsed).filter(([key]) => key !== ""));
	return isBounded(properties) ? properties : undefined;
}

/** Wikilinks that make up a whole property value (or list item), keyed like `list.0`. */
export function frontmatterLinks(properties: FrontMatterCache): FrontmatterLinkCache[] {
	const links: FrontmatterLinkCache[] = [];
	for (const { key, value } of propertyValues(properties)) {
		if (typeof value !== "string") continue;
		const target = wholeWikilink(value);
		if (target) links.push({ key, original: value, ...target });
	}
	return links;
}
