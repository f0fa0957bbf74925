import * as z from "zod/mini";
import { appendDailyEntry } from "../../memory/daily";
import { localTime, localToday } from "../../memory/dailyDates";
import { appendToLongTermMemory } from "../../memory/longTerm";
import { candidateSectionTitle } from "../../memory/promotion";
import { stampedEntry } from "../../memory/stampedEntry";
import { escapeExcludedTags } from "../../vault/excludedTagText";
import { findIdentityFiles } from "../../workspace/identity";
import { TURN_BUDGETS } from "../turnBudgets";
import { defineTool } from "./defineTool";
import { entryText } from "./entryText";
import { wholeNote } from "./noteLocation";
import { inputText } from "./toolDescriber";
import { toolText } from "./toolResult";
import type { WriteToolDeps } from "./writeToolDeps";

export const memoryAppendInput = () =>
	z.strictObject({
		target: z
			.enum(["daily", "candidate", "longterm"])
			.check(
				z.describe(
					"`daily`: today's daily memory, the record of what happened (progress, decisions, open questions). `candidate`: a fact that might last but is not settled, into today's daily memory under Candidate long-term memory, which reaches memory.md when the user promotes the day. `longterm`: long-term memory (memory.md), only for what the user stated or repeated as lasting: a preference, a standing fact, a lasting decision.",
				),
			),
		text: entryText(
			"What to remember, in markdown, in the user's language. One entry: a line, or a few lines (they stay together as one item). Keep the user's own words when they said \"remember this\".",
			TURN_BUDGETS.memoryAppendChars,
		),
	});

export const memoryAppend = defineTool<ReturnType<typeof memoryAppendInput>, WriteToolDeps>({
	name: "memory_append",
	description: [
		"Add an entry to your memory; it is stamped with the time (daily) or the date (long-term) and added after what is there, never replacing anything.",
		"Daily memory takes what happened today: write to it as you go, without asking.",
		"A fact that might last but is not settled goes to the day's Candidate long-term memory (target candidate); the user promotes it to memory.md.",
		"Long-term memory (memory.md) is append-only and read at the start of every conversation: only stable facts go there (preferences, standing facts, lasting decisions), never passing details or today's progress. To correct an entry, append the correction.",
		"The user sees every long-term entry in the chat.",
	].join(" "),
	effect: "write",
	schema: memoryAppendInput,
	describe: {
		label: (input) => ({
			key: inputText(input, "target") === "longterm" ? "chip.memory_append.longterm" : "chip.memory_append.daily",
		}),
		locations: "written",
	},
	async run(input, deps) {
		if (input.target === "daily") {
			const result = await appendDailyEntry(deps, deps.daily, stampedEntry(localTime(deps.clock), input.text), {
				actor: deps.actor,
				reason: "memory_append to daily memory",
			});
			return toolText(`Added to today's daily memory (${result.path}, ${result.date}).`, {
				locations: [wholeNote(result.path)],
			});
		}
		if (input.target === "candidate") {
			const today = deps.daily.pathFor(localToday(deps.clock));
			const section = candidateSectionTitle(deps.vault.stat(today) === null ? "" : await deps.vault.read(today));
			const result = await appendDailyEntry(deps, deps.daily, stampedEntry(localTime(deps.clock), input.text), {
				actor: deps.actor,
				section,
				reason: "memory_append to candidate long-term memory",
			});
			return toolText(
				`Added to today's candidate long-term memory (${result.path}, under ${section}); it reaches memory.md when the day is promoted.`,
				{
					locations: [wholeNote(result.path)],
				},
			);
		}
		const path = findIdentityFiles(deps.vault, deps.layout).memory ?? deps.layout.memory;
		const stamp = localToday(deps.clock);
		const entry = stampedEntry(stamp, input.text);
		// A repeat is found as the text was written: stamped, its lines indented, its tags escaped.
		const written = escapeExcludedTags(entry.slice(`- ${stamp} `.length), deps.vault.policy);
		if (deps.vault.stat(path) !== null && (await deps.vault.read(path)).includes(written)) {
			return toolText(`Already in long-term memory (${path}): nothing was added.`, { locations: [wholeNote(path)] });
		}
		await appendToLongTermMemory(deps, path, entry, { actor: deps.actor, reason: "memory_append to long-term memory" });
		return toolText(`Added to long-term memory (${path}); the user sees it in the chat.`, {
			locations: [wholeNote(path)],
			display: { kind: "longterm-append", path, text: entry },
		});
	},
});
