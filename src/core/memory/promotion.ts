import {
	appendBlock,
	findSection,
	headingOfLine,
	headingText,
	insertIntoSection,
	marginLines,
	sameTitle,
	sectionBody,
	type HeadingSpec,
	type Section,
} from "./markdownSections";

/**
 * Pure rules of promotion: which section of a daily note holds candidates for long-term memory,
 * and the two marks that make promotion idempotent (a comment in the daily note, a heading in
 * `memory.md`). A mark counts only as a whole line at the left margin, outside fenced code, where
 * promote writes it and the user may type it, but where no tool writes what the model asks: a
 * look-alike the model appended neither stops a real promotion nor passes for one.
 */

/** Compared case-insensitively, hyphens and spaces alike (`Candidate Long-Term Memory` matches). */
const CANDIDATE_TITLES = ["Candidate long-term memory", "候选长期记忆"];

/** The section `memory_append` writes candidates under when today's note has none yet. */
export const CANDIDATE_SECTION = CANDIDATE_TITLES[0];

/** The title of `daily`'s candidate section as written there (either language), or `CANDIDATE_SECTION`. */
export function candidateSectionTitle(daily: string): string {
	const section = findCandidateSection(daily);
	return section === null ? CANDIDATE_SECTION : section.heading.title;
}

const ANY_MARKER = /<!--\s*promoted:\s*\d{4}-\d{2}-\d{2}\s*-->/g;
const MARKER_LINE = /^<!--\s*promoted:\s*(\d{4}-\d{2}-\d{2})\s*-->\s*$/;

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
	return marginLines(daily).some((line) => MARKER_LINE.exec(line.text)?.[1] === date);
}

/**
 * Where a day stands with promotion: `unpromoted` when its candidate section holds text not yet
 * in long-term memory, `promoted` when the day carries its marker, `nothing` when it has no
 * candidates at all.
 */
export function promotionState(daily: string, date: string): "unpromoted" | "promoted" | "nothing" {
	if (hasPromotionMarker(daily, date)) return "promoted";
	const section = findCandidateSection(daily);
	return section === null || candidateText(daily, section) === "" ? "nothing" : "unpromoted";
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
	return marginLines(memory).some((line) => {
		const heading = headingOfLine(line.text);
		return heading !== null && sameTitle(heading.title, title);
	});
}

/** The block appended to `memory.md`: the heading, then the candidates as the user wrote them. */
export function promotedBlock(date: string, candidates: string): string {
	return `${headingText(promotedHeading(date))}\n\n${candidates}`;
}
