import { buildWeeklySummary, type WeeklySummaryResult } from "../../src/core/memory/weeklySummary";
import { MODEL_TIME_OPTIONS, modelErrorText } from "./headlessModel";
import { MODEL_CHOICE_OPTIONS, modelChoiceOf, type ModelChoice } from "./modelChoice";
import { rejectUnknownOptions, requireOption, UsageError } from "./args";
import type { Command } from "./command";
import { openHeadlessWorkspace } from "./headless";
import { memoryDepsOf, textModelOf } from "./headlessOrganize";

/**
 * `weekly`: the history book's page of one week, `memory/weekly/YYYY-Www.md`, from that week's
 * daily memory; prints its path. A week already summarised is left as it is (`--force` rebuilds
 * it, keeping the old page in the archive). What happened goes to stderr.
 */
export const weeklyCommand: Command = async (args) => {
	rejectUnknownOptions(args, [
		"vault",
		"folder",
		"week",
		"offline",
		...MODEL_CHOICE_OPTIONS,
		"force",
		"now",
		"json",
		...MODEL_TIME_OPTIONS,
	]);
	// A local server named without its model or address is refused before the vault is read.
	const choice = modelChoiceOf(args);
	const headless = await openHeadlessWorkspace(requireOption(args, "vault"), {
		folder: args.options.get("folder"),
		now: args.options.get("now"),
	});
	const { layout } = headless.workspace;
	const result = await buildWeeklySummary(memoryDepsOf(headless), {
		week: requireOption(args, "week"),
		target: headless.dailyTarget(),
		layout,
		model: textModelOf(args, headless),
		...(choice.provider === "compatible" ? { contextWindowTokens: choice.contextWindowTokens } : {}),
		force: args.flags.has("force"),
		actor: "user",
	});
	if (result.status === "invalid-week")
		throw new UsageError(`--week is an ISO week such as 2026-W47, not ${result.week}.`);
	process.stderr.write(`${explanation(result, choice)}\n`);
	const ok = result.status === "written" || result.status === "rewritten" || result.status === "already-summarised";
	const line = args.flags.has("json")
		? JSON.stringify({
				path: result.path,
				status: result.status,
				author: result.author,
				keptAt: result.keptAt,
				folded: result.folded.weeks,
			})
		: (result.path ?? "");
	return { lines: [line], exitCode: ok ? 0 : 1 };
};

function explanation(result: WeeklySummaryResult, choice: ModelChoice): string {
	const failed =
		result.modelError === null
			? ""
			: ` The model could not write it (${modelErrorText(result.modelError, choice)}), so it was extracted from the days' lines.`;
	const folded =
		result.folded.weeks.length === 0 ? "" : ` Folded into the yearly summaries: ${result.folded.weeks.join(", ")}.`;
	const hidden =
		result.skippedPrivate.length === 0
			? ""
			: ` Skipped: private: ${result.skippedPrivate.join(", ")} (left out of the summary).`;
	return statusLine(result, failed + folded) + hidden;
}

function statusLine(result: WeeklySummaryResult, failedAndFolded: string): string {
	switch (result.status) {
		case "skipped-private":
			return `Skipped: private: the summary note of ${result.week} is private, so it is neither read nor replaced.`;
		case "written":
			return `Wrote the summary of ${result.week} (${result.author === "model" ? "by the model" : "extracted offline"}).${failedAndFolded}`;
		case "rewritten":
			return `Rebuilt the summary of ${result.week}; the previous one is kept at ${result.keptAt ?? "?"}.${failedAndFolded}`;
		case "already-summarised":
			return `${result.week} is already summarised; nothing changed (--force rebuilds it).`;
		case "no-daily-memory":
			return `There is no daily memory in ${result.week}; nothing written.`;
		case "week-not-over":
			return `${result.week} is not over yet; it is summarised once its Sunday has passed.`;
		case "invalid-week":
			return `${result.week} is not an ISO week.`;
	}
}
