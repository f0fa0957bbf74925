import { parse, stringify } from "yaml";

const FRONTMATTER = /^---\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/;

/**
 * A note's text after `fn` has mutated its frontmatter, as `FileManager.processFrontMatter`
 * writes it: the YAML block re-serialized at the top (added when there was none), the body
 * untouched. A note left without properties and without a block is returned as it was.
 */
export function withFrontmatter(content: string, fn: (frontmatter: Record<string, unknown>) => void): string {
	const match = FRONTMATTER.exec(content);
	const parsed: unknown = match?.[1] ? parse(match[1]) : null;
	const frontmatter: Record<string, unknown> = isRecord(parsed) ? parsed : {};
	fn(frontmatter);
	if (!match && Object.keys(frontmatter).length === 0) return content;
	const yaml = Object.keys(frontmatter).length === 0 ? "" : stringify(frontmatter);
	const body = match ? content.slice(match[0].length) : content;
	return `---\n${yaml}---\n${body}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}
