import { parse, stringify } from "yaml";
import { findFrontmatterBlock } from "../../src/core/text/frontmatterBlock";

/**
 * A note's text after `update` has changed its properties, as Obsidian's
 * `FileManager.processFrontMatter` writes it: the properties block re-serialized at the top
 * (added when there was none), the body untouched, byte for byte. A note left without properties
 * and without a block is returned as it was. A block that is not a set of properties (a YAML
 * error, a list, a sentence) is not overwritten: the update is refused, as Obsidian refuses it.
 */
export function withUpdatedFrontmatter(content: string, update: (properties: Record<string, unknown>) => void): string {
	const block = findFrontmatterBlock(content);
	const source = block === null ? "" : content.slice(block.propertiesStart, block.propertiesEnd);
	const parsed: unknown = source.trim() === "" ? {} : parse(source);
	if (!isRecord(parsed))
		throw new Error("The note's properties are not a set of properties; they were left as they are.");
	update(parsed);
	if (block === null && Object.keys(parsed).length === 0) return content;
	const yaml = Object.keys(parsed).length === 0 ? "" : stringify(parsed);
	const body = block === null ? content : content.slice(block.bodyStart);
	return `---\n${yaml}---\n${body}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * `processFrontMatter` over a store's own atomic `process`: the update and the write are one
 * step, and the caller learns the text it replaced (for the audit trail and undo).
 */
export async function processFrontMatterWith(
	process: (path: string, transform: (current: string) => string) => Promise<string>,
	path: string,
	update: (properties: Record<string, unknown>) => void,
): Promise<{ before: string; after: string }> {
	let before = "";
	const after = await process(path, (current) => {
		before = current;
		return withUpdatedFrontmatter(current, update);
	});
	return { before, after };
}
