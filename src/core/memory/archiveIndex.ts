import { withoutFrontmatter } from "../text/frontmatterBlock";

/**
 * Pure text of the archive index (`memory/archive/index.md`): one line per archived day, linking
 * to the archived note by its full path (so a user's own note named after the same date cannot
 * capture the link) and showing the day's first meaningful line.
 */

export const ARCHIVE_INDEX_TITLE = "# Daily memory archive";

const SUMMARY_LENGTH = 80;

/** The first line that says something: not frontmatter, a heading, a comment, a rule or an empty bullet. */
export function firstMeaningfulLine(content: string): string | null {
	const body = withoutFrontmatter(content).split(/\r?\n/);
	for (const line of body) {
		const trimmed = line.trim();
		if (/^(#{1,6}(\s|$)|<!--|```|~~~|([-*_]\s*){3,}$)/.test(trimmed)) continue;
		const text = trimmed.replace(/^(>\s*)*([-*+]|\d+[.)])?\s*(\[.\]\s*)?/, "").replace(/\s+/g, " ");
		if (/[\p{L}\p{N}]/u.test(text)) return text;
	}
	return null;
}

export function summaryOf(content: string): string {
	const line = firstMeaningfulLine(content);
	if (line === null) return "(empty)";
	const characters = [...line];
	return characters.length <= SUMMARY_LENGTH ? line : `${characters.slice(0, SUMMARY_LENGTH).join("").trimEnd()}…`;
}

/** `archivedPath` is the note's vault path; the link leaves out `.md` as Obsidian writes links. */
export function archiveIndexLine(date: string, archivedPath: string, summary: string): string {
	return `- [[${archivedPath.replace(/\.md$/i, "")}|${date}]]: ${summary}`;
}

/** Whether the index already links the day, by path (`[[…/2026-01-01|…]]`) or by name (`[[2026-01-01]]`). */
export function indexHasDay(index: string, date: string): boolean {
	const link = new RegExp(`\\[\\[(?:[^\\]|]*/)?${date}(?:\\.md)?(?:\\|[^\\]]*)?\\]\\]`);
	return link.test(index);
}
