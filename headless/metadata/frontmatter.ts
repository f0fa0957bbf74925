import type { FrontMatterCache, FrontmatterLinkCache } from "obsidian";
import { parse } from "yaml";
import { wholeWikilink } from "./inline/linkSyntax";
import type { LineIndex } from "./positions";

const FENCE = /^---[ \t]*$/;

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
 * YAML's core schema, as Obsidian reads properties: `2024-07-21` stays a string, `true`, `246`
 * and empty values (`null`) are typed. JSON is YAML too. A key that is empty is left out.
 */
function parseProperties(source: string): FrontMatterCache | undefined {
	let parsed: unknown;
	try {
		parsed = parse(source, { schema: "core" });
	} catch {
		return undefined;
	}
	if (!isPlainObject(parsed) || refersToItself(parsed)) return undefined;
	return Object.fromEntries(Object.entries(parsed).filter(([key]) => key !== ""));
}

/**
 * Whether a value holds itself, as an anchor aliased inside its own definition makes it
 * (`a: &x [*x]`): no note's properties are endless, and every reader after this one would walk
 * them forever. Such a block is unreadable, so the note counts as private until it is fixed.
 * Walked with a list of pending values instead of recursion, however deep the nesting.
 */
function refersToItself(root: object): boolean {
	const onPath = new Set<object>();
	const done = new Set<object>();
	const pending: { readonly value: object; readonly leaving: boolean }[] = [{ value: root, leaving: false }];
	while (pending.length > 0) {
		const { value, leaving } = pending.pop() as { value: object; leaving: boolean };
		if (leaving) {
			onPath.delete(value);
			done.add(value);
			continue;
		}
		if (onPath.has(value)) return true;
		if (done.has(value)) continue;
		onPath.add(value);
		pending.push({ value, leaving: true });
		for (const child of Object.values(value)) {
			if (typeof child === "object" && child !== null) pending.push({ value: child as object, leaving: false });
		}
	}
	return false;
}

/** Wikilinks that make up a whole property value (or list item), keyed like `list.0`. */
export function frontmatterLinks(properties: FrontMatterCache): FrontmatterLinkCache[] {
	const links: FrontmatterLinkCache[] = [];
	const visit = (key: string, value: unknown): void => {
		if (typeof value === "string") {
			const target = wholeWikilink(value);
			if (target) links.push({ key, original: value, ...target });
		} else if (Array.isArray(value)) {
			value.forEach((item, position) => visit(`${key}.${position}`, item));
		} else if (isPlainObject(value)) {
			for (const [child, item] of Object.entries(value)) visit(`${key}.${child}`, item);
		}
	};
	for (const [key, value] of Object.entries(properties)) visit(key, value);
	return links;
}
