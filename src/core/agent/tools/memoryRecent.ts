import * as z from "zod/mini";
import { localDaysAgo } from "../../memory/dailyDates";
import { checkReadAccess } from "../../vault/readAccess";
import { findIdentityFiles } from "../../workspace/identity";
import { accessRefusal } from "./accessRefusal";
import { defineTool } from "./defineTool";
import { cutNotice, excerptOf } from "./excerpt";
import type { MemoryToolDeps } from "./memoryToolDeps";
import { wholeNote, type NoteLocation } from "./noteLocation";
import { formatCount } from "./textPages";
import { toolText } from "./toolResult";
import { readForModel, textForModel } from "../derivedNotes";

/**
 * Budgets within the 12,000 characters of an answer, leaving room for titles and notices (up to
 * 1,500 characters with seven days cut): the head of long-term memory, and the daily notes,
 * which share theirs (fewer notes, more of each) up to a cap per note.
 */
export const LONG_TERM_HEAD_CHARS = 4000;
export const DAILY_MEMORY_CHARS = 6000;
export const DAILY_NOTE_MAX_CHARS = 3000;

export const memoryRecentInput = () =>
	z.strictObject({
		days: z._default(
			z
				.number()
				.check(z.int(), z.minimum(1), z.maximum(7), z.describe("How many days of daily memory, today included.")),
			3,
		),
	});

export const memoryRecent = defineTool({
	name: "memory_recent",
	description: [
		"What you remember lately: the head of long-term memory (memory.md) and the daily memory of the last few days, newest first.",
		`Each part is bounded (long-term memory to its first ${formatCount(LONG_TERM_HEAD_CHARS)} characters) and says where it was cut and how to read the rest.`,
		"Call it at the start of a conversation that continues earlier work, or when the user asks what happened recently.",
	].join(" "),
	effect: "read",
	schema: memoryRecentInput,
	describe: { label: () => ({ key: "chip.memory_recent" }), locations: "read" },
	async run(input, deps) {
		const sections = [await longTermSection(deps), await dailySection(deps, input.days)];
		return toolText(sections.map((section) => section.lines.join("\n")).join("\n\n"), {
			locations: sections.flatMap((section) => section.read),
		});
	},
});

/** A part of the answer, and the notes shown in it. */
interface Section {
	readonly lines: readonly string[];
	readonly read: readonly NoteLocation[];
}

async function longTermSection(deps: MemoryToolDeps): Promise<Section> {
	const path = findIdentityFiles(deps.vault, deps.layout).memory;
	if (path === null)
		return { lines: ["## Long-term memory", `None yet: there is no ${deps.layout.memory}.`], read: [] };
	const access = checkReadAccess(path, deps.vault);
	if (access.kind !== "allowed")
		return {
			lines: [`## Long-term memory (${path})`, `Not shown. ${accessRefusal(access, deps.vault.policy).text}`],
			read: [],
		};
	const excerpt = excerptOf(await readForModel(deps, path), LONG_TERM_HEAD_CHARS);
	return {
		lines: [
			`## Long-term memory (${path})`,
			excerpt.text,
			...cutNotice(excerpt, { path, line_start: excerpt.cutLine }),
		],
		read: [wholeNote(path)],
	};
}

async function dailySection(deps: MemoryToolDeps, days: number): Promise<Section> {
	const found = (await deps.recentDailyMemory(days)).map((day) => ({
		day,
		access: checkReadAccess(day.path, deps.vault),
	}));
	const readable = found.filter(({ access }) => access.kind === "allowed").length;
	const perNote = Math.min(DAILY_NOTE_MAX_CHARS, Math.floor(DAILY_MEMORY_CHARS / Math.max(1, readable)));
	const lines = [
		`## Daily memory, ${localDaysAgo(deps.clock, days - 1)} to ${localDaysAgo(deps.clock, 0)}, newest first`,
	];
	const read: NoteLocation[] = [];
	for (const { day, access } of found) {
		lines.push("", `### ${day.date} (${day.path})`);
		if (access.kind !== "allowed") {
			lines.push(`Not shown. ${accessRefusal(access, deps.vault.policy).text}`);
			continue;
		}
		// Daily memory is the assistant's own, in its folder or under a heading of the user's daily note.
		const excerpt = excerptOf(textForModel(deps, day.path, day.text), perNote);
		read.push(wholeNote(day.path));
		lines.push(excerpt.text === "" ? "(empty)" : excerpt.text, ...cutNotice(excerpt, { path: day.path }));
	}
	const dates = Array.from({ length: days }, (_, back) => localDaysAgo(deps.clock, back));
	const missing = dates.filter((date) => !found.some(({ day }) => day.date === date));
	if (found.length === 0) lines.push(`No daily memory on ${days === 1 ? "this day" : `these ${days} days`}.`);
	else if (missing.length > 0) lines.push("", `No daily memory on ${missing.join(", ")}.`);
	return { lines, read };
}
