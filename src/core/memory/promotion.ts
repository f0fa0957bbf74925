import {
	appendBlock,
	findSection,
	headingText,
	insertIntoSection,
	sameTitle,
	scanHeadings,
	sectionBody,
	type HeadingSpec,
	type Section,
} from "./markdownSections";

/**
 * Pure rules of promotion: which section of a daily note holds candidates for long-term memory,
 * and the two marks that make promotion idempotent (a comment in the daily note, a heading in
 * `memory.md`).
 */

/** Compared case-insensitively, hyphens and spaces alike (`Candidate Long-Term Memory` matches). */
const CANDIDATE_TITLES = ["Candidate long-term memory", "候选长期记忆"];

const ANY_MARKER = /<!--\s*promoted:\s*\d{4}-\d{2}-\d{2}\s*-->/g;

export function findCandidateSection(daily: string): Section | null {
	return findSection(daily, (h) => CANDIDATE_TITLES.some((title) => sameTitle(h.title, title)));
}

/** The candidates' text, without promotion markers; empty when there is nothing to promote. */
export function candidateText(daily: string, section: Section): string {
	return sectionBody(daily, section).replace(ANY_MARKER, "").trim();
}

export function promotionMarker(date: string): string {
	return `<!-- promoted: ${date} -->`;
}

export function hasPromotionMarker(daily: string, date: string): boolean {
	return [...daily.matchAll(ANY_MARKER)].some((match) => match[0].includes(date));
}

/** Marks the day as promoted at the end of its candidate section (or of the note when there is none). */
export function withPromotionMarker(daily: string, date: string): string {
	const section = findCandidateSection(daily);
	const marker = promotionMarker(date);
	if (section !== null) return insertIntoSection(daily, section, marker);
	return appendBlock(daily, marker, "line");
}

export function promotedHeading(date: string): HeadingSpec {
	return { level: 2, title: `Promoted from ${date}` };
}

export function hasPromotedHeading(memory: string, date: string): boolean {
	const { title } = promotedHeading(date);
	return scanHeadings(memory).some((heading) => sameTitle(heading.title, title));
}

/** The block appended to `memory.md`: the heading, then the candidates as the user wrote them. */
export function promotedBlock(date: string, candidates: string): string {
	return `${headingText(promotedHeading(date))}\n\n${candidates}`;
}
