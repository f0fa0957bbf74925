import * as z from "zod/mini";
import { MAX_HISTORY_WEEKS, weeklyPages, yearlyPages, type HistoryPage } from "../../memory/historyBook";
import { checkReadAccess } from "../../vault/readAccess";
import { accessRefusal } from "./accessRefusal";
import { defineTool } from "./defineTool";
import { cutNotice, excerptOf } from "./excerpt";
import type { MemoryToolDeps } from "./memoryToolDeps";
import { wholeNote, type NoteLocation } from "./noteLocation";
import { countOf, formatCount } from "./textPages";
import { toolText, type ToolResult } from "./toolResult";
import { readForModel } from "../derivedNotes";

/**
 * Budgets within the 12,000 characters of an answer: the summaries share `HISTORY_CHARS`, newest
 * first, each up to `SUMMARY_MAX_CHARS`; once less than `SUMMARY_MIN_CHARS` is left, the older
 * ones are listed by path (a line each, at most 50 weeks and a few years) for memory_get.
 */
export const HISTORY_CHARS = 8000;
export const SUMMARY_MAX_CHARS = 3000;
export const SUMMARY_MIN_CHARS = 400;

export const memoryHistoryInput = () =>
	z.strictObject({
		weeks: z._default(
			z
				.number()
				.check(
					z.int(),
					z.minimum(1),
					z.maximum(MAX_HISTORY_WEEKS),
					z.describe(
						`How many weeks to go back, newest first (at most ${MAX_HISTORY_WEEKS}; older weeks are in the yearly summaries).`,
					),
				),
			8,
		),
	});

export const memoryHistory = defineTool({
	name: "memory_history",
	description: [
		"The history book: the weekly summaries of your daily memory (what happened, what was decided, week by week), newest first, then the yearly summaries that hold the weeks before them.",
		"Call it for questions about the past: why something was decided, what happened last time, how a project went.",
		`Recent summaries come in full or cut (with how to read the rest); older ones, past about ${formatCount(HISTORY_CHARS)} characters, are listed by path to read with memory_get.`,
		"For a single day, use memory_recent or memory_search instead.",
	].join(" "),
	effect: "read",
	schema: memoryHistoryInput,
	describe: { label: () => ({ key: "chip.memory_history" }), locations: "read" },
	async run(input, deps) {
		const weeks = weeklyPages(deps.vault, deps.layout).slice(0, input.weeks);
		const years = yearlyPages(deps.vault, deps.layout);
		if (weeks.length === 0 && years.length === 0) {
			return toolText(
				`The history book is empty: no weekly summaries in ${deps.layout.weeklyFolder} yet. For recent days, call memory_recent.`,
			);
		}
		return historyResult(deps, weeks, years);
	},
});

/** The summaries shown, then those listed for lack of room; the notes named are those shown and those listed. */
async function historyResult(
	deps: MemoryToolDeps,
	weeks: readonly HistoryPage[],
	years: readonly HistoryPage[],
): Promise<ToolResult> {
	const sections = [
		{
			title: () =>
				`## Weekly summaries, ${weeks[0].period} back to ${weeks[weeks.length - 1].period} (${countOf(weeks.length, "week")})`,
			pages: weeks,
		},
		{ title: () => `## Yearly summaries (${countOf(years.length, "year")})`, pages: years },
	].filter((section) => section.pages.length > 0);
	const lines: string[] = [];
	const read: NoteLocation[] = [];
	const listed: HistoryPage[] = [];
	let remaining = HISTORY_CHARS;
	for (const section of sections) {
		lines.push(...(lines.length === 0 ? [] : [""]), section.title());
		for (const page of section.pages) {
			if (remaining < SUMMARY_MIN_CHARS) {
				listed.push(page);
				continue;
			}
			const shown = await summaryText(deps, page, Math.min(SUMMARY_MAX_CHARS, remaining));
			remaining -= shown.lines.reduce((sum, line) => sum + line.length + 1, 0);
			lines.push("", ...shown.lines);
			if (shown.read) read.push(wholeNote(page.path));
		}
	}
	if (listed.length > 0) {
		lines.push(
			"",
			"Not shown, for lack of room (read each with memory_get):",
			...listed.map((page) => `- ${page.period}: ${page.path}`),
		);
	}
	return toolText(lines.join("\n"), { locations: [...read, ...listed.map((page) => wholeNote(page.path))] });
}

/** A summary under its heading, and whether it could be read (a refused one is named, not shown). */
async function summaryText(
	deps: MemoryToolDeps,
	page: HistoryPage,
	maxChars: number,
): Promise<{ readonly lines: string[]; readonly read: boolean }> {
	const heading = `### ${page.period} (${page.path})`;
	const access = checkReadAccess(page.path, deps.vault);
	if (access.kind !== "allowed")
		return { lines: [heading, `Not shown. ${accessRefusal(access, deps.vault.policy).text}`], read: false };
	const excerpt = excerptOf(await readForModel(deps, access.path), maxChars);
	return {
		lines: [
			heading,
			excerpt.text === "" ? "(empty)" : excerpt.text,
			...cutNotice(excerpt, { path: access.path, line_start: excerpt.cutLine }),
		],
		read: true,
	};
}
