import {
	headingText,
	insertIntoSection,
	insertUnderHeadings,
	parseHeadingSpec,
	sameTitle,
	scanHeadings,
	type HeadingLine,
	type HeadingSpec,
} from "../../text/markdownSections";
import { tokenize } from "../../retrieval";

/** Where identity text goes when no section of the file is about its topic: at the end, under its own heading. */
export const UPDATES_HEADING: HeadingSpec = { level: 2, title: "Updates" };

/** An identity file with text added, and the heading it went under. */
export interface IdentityAddition {
	readonly content: string;
	readonly heading: string;
}

/**
 * Adds `text` to an identity file in the section it belongs to, so that the file grows as the
 * assistant learns, one section at a time: the section named by `section`, else the one whose
 * heading shares the most words with the text (`## Preferences` for "my preferences: ..."), else
 * `## Updates` at the end, made when missing. The text goes after the section's own lines, before
 * any subsection; nothing is removed or moved.
 */
export function addToIdentity(content: string, text: string, section?: string): IdentityAddition {
	const headings = scanHeadings(content);
	// Level 1 is the file's title: its "section" is the whole file.
	const sections = headings.filter((heading) => heading.level >= 2);
	const wanted = section === undefined ? undefined : parseHeadingSpec(section).title;
	const target =
		sections.find((heading) => wanted !== undefined && sameTitle(heading.title, wanted)) ??
		topicHeading(sections, text);
	if (target === undefined)
		return { content: insertUnderHeadings(content, [UPDATES_HEADING], text), heading: headingText(UPDATES_HEADING) };
	const next = headings.find((heading) => heading.start > target.start);
	const ownLines = { heading: target, bodyStart: target.end, end: next === undefined ? content.length : next.start };
	return { content: insertIntoSection(content, ownLines, text), heading: headingText(target) };
}

/** The first heading with the most words in common with `text` (any language); none when no word is shared. */
function topicHeading(headings: readonly HeadingLine[], text: string): HeadingLine | undefined {
	const words = new Set(tokenize(text));
	let best: HeadingLine | undefined;
	let bestShared = 0;
	for (const heading of headings) {
		const shared = new Set(tokenize(heading.title).filter((word) => words.has(word))).size;
		if (shared > bestShared) {
			best = heading;
			bestShared = shared;
		}
	}
	return best;
}
