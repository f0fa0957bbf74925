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
} from "../text/markdownSections";

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

/** How many times the day was promoted: its marker lines (a day gains candidates after a promotion, and is promoted again). */
export function promotionRounds(daily: string, date: string): number {
	return marginLines(daily).filter((line) => MARKER_LINE.exec(line.text)?.[1] === date).length;
}

/**
 * The candidates not yet in long-term memory: the whole section before the day's first
 * promotion, and after it what was added below its last marker (the assistant appends
 * candidates at the end of the section, after the marker promote wrote there). Empty when all
 * is promoted, or when the marker stands outside the section (the section as it was then counts
 * as promoted).
 */
export function unpromotedText(daily: string, section: Section, date: string): string {
	if (promotionRounds(daily, date) === 0) return candidateText(daily, section);
	const inSection = marginLines(daily).filter(
		(line) =>
			line.start >= section.bodyStart && line.end <= section.end + 1 && MARKER_LINE.exec(line.text)?.[1] === date,
	);
	const last = inSection.at(-1);
	if (last === undefined) return "";
	return daily.slice(last.end, section.end).replace(ANY_MARKER, "").trim();
}

/**
 * Where a day stands with promotion: `unpromoted` when its candidate section holds text not yet
 * in long-term memory (before a first promotion, or added since the last one), `promoted` when
 * the day carries its marker and nothing was added since, `nothing` when it has no candidates.
 */
export function promotionState(daily: string, date: string): "unpromoted" | "promoted" | "nothing" {
	const section = findCandidateSection(daily);
	if (section !== null && unpromotedText(daily, section, date) !== "") return "unpromoted";
	return hasPromotionMarker(daily, date) ? "promoted" : "nothing";
}

/** Marks the day as promoted at the end of its candidate section (or of the note when there is none). */
export function withPromotionMarker(daily: string, date: string): string {
	const section = findCandidateSection(daily);
	const marker = promotionMarker(date);
	if (section !== null) return insertIntoSection(daily, section, marker);
	return appendBlock(daily, marker, "line");
}

/** `## Promoted from <date>` for a day's first promotion; `## Promoted from <date> (2)` for what it gained after, and so on. */
export function promotedHeading(date: string, round = 1): HeadingSpec {
	return { level: 2, title: round === 1 ? `Promoted from ${date}` : `Promoted from ${date} (${round})` };
}

export function hasPromotedHeading(memory: string, date: string, round = 1): boolean {
	const { title } = promotedHeading(date, round);
	return marginLines(memory).some((line) => {
		const heading = headingOfLine(line.text);
		return heading !== null && sameTitle(heading.title, title);
	});
}

/** The block appended to `memory.md`: the heading, then the candidates as the user wrote them. */
export function promotedBlock(date: string, candidates: string, round = 1): string {
	return `${headingText(promotedHeading(date, round))}\n\n${candidates}`;
}
