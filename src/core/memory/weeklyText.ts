import { headEnd } from "../text/textCuts";
import { withoutFrontmatter } from "../text/frontmatterBlock";
import { textWeight } from "../text/tokenEstimate";
import type { DailyMemory } from "./daily";
import type { IsoWeek } from "./isoWeek";

/**
 * The text of a weekly summary (`memory/weekly/YYYY-Www.md`): frontmatter saying which week and
 * how it was written, a title, links to the days it was made from, and the summary, written by
 * the model or, offline, extracted from the days' own lines.
 */

export type SummaryAuthor = "model" | "extract";

/** At most this many lines of a day go into an extractive summary, each at most this long. */
const EXTRACT_LINES_PER_DAY = 6;
const EXTRACT_LINE_CHARS = 240;

export function weeklySummaryNote(
	week: IsoWeek,
	days: readonly DailyMemory[],
	summary: string,
	author: SummaryAuthor,
): string {
	const first = week.days[0];
	const last = week.days[week.days.length - 1];
	const sources = days.map((day) => `[[${day.path.replace(/\.md$/i, "")}|${day.date}]]`).join(", ");
	return [
		"---",
		`week: ${week.id}`,
		`from: ${first}`,
		`to: ${last}`,
		`summary: ${author}`,
		"---",
		`# Week ${week.id} (${first} to ${last})`,
		"",
		`Daily memory: ${sources}`,
		"",
		summary.trim(),
		"",
	].join("\n");
}

/**
 * An extractive summary: for each day, its first lines that say something (list items and
 * sentences, not headings, comments, empty bullets or the date again), a line said twice in the
 * week kept once.
 */
export function extractiveSummary(days: readonly DailyMemory[]): string {
	const seen = new Set<string>();
	const parts: string[] = [];
	for (const day of days) {
		const lines: string[] = [];
		for (const line of meaningfulLines(day.text)) {
			const key = line.toLowerCase().replace(/^\d{1,2}:\d{2}\s+/, "");
			if (seen.has(key)) continue;
			seen.add(key);
			lines.push(`- ${line}`);
			if (lines.length === EXTRACT_LINES_PER_DAY) break;
		}
		if (lines.length > 0) parts.push(`## ${day.date}`, "", ...lines, "");
	}
	return parts.join("\n").trim();
}

/** The model's instructions for a weekly summary. */
export const WEEKLY_SYSTEM = [
	"You write one page of an assistant's history book: the summary of one week of its daily memory.",
	"Keep what will matter later: decisions and why they were made, facts learned about the user and their projects, progress, problems, open tasks.",
	"Write markdown with `##` headings at most, no title (it is added), no preamble, under 300 words, in the language the notes are written in.",
	"Use only what the notes say; do not invent.",
].join(" ");

/** A day's share of the prompt: 4,000 characters, or less on a small window. */
const DAY_CHARS = 4000;

/**
 * The days' text for the model, each day cut to a budget so a long week still fits: its
 * characters, and on a small window (`promptTokens`, the whole prompt's room) an even share of
 * the window, so that every day of the week is read.
 */
export function weeklyPrompt(
	week: IsoWeek,
	days: readonly DailyMemory[],
	room: { readonly promptTokens?: number } = {},
): string {
	const intro = `The daily memory of week ${week.id} (${week.days[0]} to ${week.days[6]}):`;
	const closing = "Write the summary of this week.";
	const framing =
		textWeight(`${intro}\n\n\n${closing}`) + days.length * textWeight('<day date="2026-01-01">\n\n[…]\n</day>\n');
	const dayTokens = Math.max(0, ((room.promptTokens ?? Infinity) - framing) / Math.max(1, days.length));
	const blocks = days.map((day) => {
		const text = day.text.trim();
		const head = text.slice(0, Math.min(DAY_CHARS, headEnd(text, dayTokens)));
		const cut = head.length === text.length ? text : `${head}\n[…]`;
		return `<day date="${day.date}">\n${cut}\n</day>`;
	});
	return [intro, "", ...blocks, "", closing].join("\n");
}

function meaningfulLines(text: string): string[] {
	const body = withoutFrontmatter(text).split(/\r?\n/);
	const kept: string[] = [];
	let inFence = false;
	for (const raw of body) {
		const trimmed = raw.trim();
		if (/^(```|~~~)/.test(trimmed)) inFence = !inFence;
		if (inFence || /^(#{1,6}(\s|$)|<!--|```|~~~|([-*_]\s*){3,}$)/.test(trimmed)) continue;
		const line = trimmed
			.replace(/^(>\s*)*([-*+]|\d+[.)])?\s*(\[.\]\s*)?/, "")
			.replace(/<!--.*?-->/g, "")
			.replace(/\s+/g, " ")
			.trim();
		if (!/[\p{L}\p{N}]/u.test(line) || /^\d{4}-\d{2}-\d{2}$/.test(line)) continue;
		const characters = [...line];
		kept.push(
			characters.length <= EXTRACT_LINE_CHARS ? line : `${characters.slice(0, EXTRACT_LINE_CHARS).join("").trimEnd()}…`,
		);
	}
	return kept;
}
