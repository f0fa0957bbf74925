import { findSection, parseHeadingSpec, sameTitle, sectionBody, type HeadingSpec } from "../text/markdownSections";

/**
 * Where daily memory lives. The assistant-folder target owns its notes; the daily-notes target
 * (built by the adapter from the core Daily notes plugin's folder, format and template) points
 * into the user's own daily note, where the assistant writes only under its `heading`.
 */
export interface DailyTarget {
	/** The vault path of the daily note for a `yyyy-MM-dd` date. */
	pathFor(date: string): string;
	/** The heading the assistant writes under (`## Assistant`), or `null` when the note is its own. */
	readonly heading: string | null;
	/** The content of a new daily note; `{{date}}` and `{{title}}` become the date. */
	readonly template: string;
}

export const DEFAULT_DAILY_TEMPLATE = "# {{date}}\n\n## Log\n\n## Candidate long-term memory\n";

/** The section an entry goes to when the caller names none, in the assistant's own daily note. */
export const DEFAULT_DAILY_SECTION = "Log";

/** The assistant's heading in the user's daily note. */
export const DAILY_NOTES_HEADING = "## Assistant";

export function renderDailyTemplate(template: string, date: string): string {
	return template.replace(/\{\{\s*(date|title)\s*\}\}/gi, date);
}

/**
 * The headings an entry goes under. In its own note the assistant writes under `## <section>`; in
 * the user's note everything stays under the assistant's heading, a section one level below it.
 */
export function entryHeadings(heading: string | null, section: string | undefined): HeadingSpec[] {
	if (heading === null) return [{ level: 2, title: section ?? DEFAULT_DAILY_SECTION }];
	const container = parseHeadingSpec(heading);
	if (section === undefined) return [container];
	return [container, { level: Math.min(container.level + 1, 6), title: section }];
}

/**
 * The part of a daily note that is daily memory: all of the assistant's own note, or only the
 * assistant's section of the user's note (the rest is the user's journal, not the assistant's memory).
 */
export function assistantPart(content: string, heading: string | null): string {
	if (heading === null) return content;
	const spec = parseHeadingSpec(heading);
	const section = findSection(content, (h) => h.level === spec.level && sameTitle(h.title, spec.title));
	return section === null ? "" : sectionBody(content, section);
}
