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

/** The core Daily notes plugin's date format when none is set, which is also how core writes dates. */
export const DAILY_NOTES_DEFAULT_FORMAT = "YYYY-MM-DD";

/** The note the Daily notes plugin's template setting names: the setting is a path with or without `.md`. */
export function dailyTemplateFile(setting: string): string {
	return setting.endsWith(".md") ? setting : `${setting}.md`;
}

/**
 * The user's daily note template filled for a day as the core Daily notes plugin fills it:
 * `{{date}}` and `{{title}}` in the daily notes' date format, `{{time}}` as `HH:mm`,
 * `{{date:FORMAT}}` and `{{time:FORMAT}}` in their own format. `formatDay` formats the day (moment
 * in Obsidian, the headless host's own formatter outside it), since core knows only ISO dates. It
 * is also given the placeholder as written, for a formatter that leaves one it cannot follow.
 */
export function fillDailyNoteTemplate(
	template: string,
	format: string,
	formatDay: (pattern: string, placeholder: string) => string,
): string {
	return template
		.replace(/\{\{\s*(date|time)\s*(?::([^}]*))?\}\}/gi, (whole: string, kind: string, custom: string | undefined) => {
			const fallback = kind.toLowerCase() === "time" ? "HH:mm" : format;
			return formatDay(custom?.trim() || fallback, whole);
		})
		.replace(/\{\{\s*title\s*\}\}/gi, (whole: string) => formatDay(format, whole));
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
