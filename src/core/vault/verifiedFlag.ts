import type { NoteMetadata } from "../metadata";

/**
 * Whether the user marked a note `verified`: they checked it, so neither organizing nor the
 * assistant's proposed edits change it unasked.
 *
 * `verified` is read as a person means it: the key in any case or width, and a value of `true`
 * (YAML's `true`, `True`, `TRUE`), `1`, or a string that folds to `true`, `yes`, `y`, `on`, `1`,
 * `是`, `✓` or `✔`, alone or in a list. A note whose properties cannot be read, or that the
 * metadata cache does not know yet, counts as verified: nothing says it is not.
 */

const YES = new Set(["true", "yes", "y", "on", "1", "是", "✓", "✔"]);

function fold(text: string): string {
	return text.normalize("NFKC").trim().toLowerCase();
}

function meansYes(value: unknown): boolean {
	if (value === true || value === 1) return true;
	if (typeof value === "string") return YES.has(fold(value));
	return (
		Array.isArray(value) &&
		value.some((item) => item === true || item === 1 || (typeof item === "string" && YES.has(fold(item))))
	);
}

export function isVerified(metadata: NoteMetadata | null): boolean {
	if (metadata === null) return true;
	const unreadable = metadata.frontmatter === undefined && metadata.sections?.[0]?.type === "yaml";
	if (unreadable) return true;
	return Object.entries(metadata.frontmatter ?? {}).some(([key, value]) => fold(key) === "verified" && meansYes(value));
}
