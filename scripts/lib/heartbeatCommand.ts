import { checkActiveHours, formatTimeOfDay, runHeartbeat, type HeartbeatReport } from "../../src/core/heartbeat";
import type { PluginData } from "../../src/core/workspace/data/pluginData";
import { t } from "../../src/i18n";
import { OFFLINE_MODEL_ID } from "../../src/llm";
import { rejectUnknownOptions, requireOption, UsageError, type ParsedArgs } from "./args";
import type { Command } from "./command";
import { DiskPluginData } from "./diskPluginData";
import { openHeadlessWorkspace } from "./headless";
import { indexCacheFor, openHeadlessMemory } from "./headlessMemory";
import { localModelPorts, modelClientOf, modelErrorText, nodeDelay } from "./headlessModel";
import { MODEL_CHOICE_OPTIONS, modelChoiceOf, type ModelChoice } from "./modelChoice";

/** The line `--json` prints: whether the model was asked, why not, and what the user is shown. */
interface HeartbeatLine {
	readonly ran: boolean;
	/** Why it did not run: a rule of the decision, `offline`, `error` (a failed or timed-out run) or `interrupted`. */
	readonly reason: string | null;
	readonly silent: boolean;
	/** The message shown; empty when silent. */
	readonly text: string;
}

/**
 * `heartbeat`: the plugin's heartbeat over a vault folder, as one trigger runs it, with the state
 * kept between runs in the vault's `data.json` like the plugin's (`--onboarded` and
 * `--active-hours` are saved there too). A message goes into today's daily memory; failures and
 * why the heartbeat did not run go to stderr, so stdout is the message (or, with `--json`, one line).
 */
export const heartbeatCommand: Command = async (args) => {
	rejectUnknownOptions(args, [
		"vault",
		"now",
		"active-hours",
		"onboarded",
		...MODEL_CHOICE_OPTIONS,
		"offline",
		"force",
		"json",
		"idle-timeout",
	]);
	const vaultDir = requireOption(args, "vault");
	const choice = modelChoiceOf(args);
	const headless = await openHeadlessWorkspace(vaultDir, { now: args.options.get("now") });
	const dataFile = DiskPluginData.load(vaultDir);
	const data = withOptions(dataFile.loaded.data, args);
	const memory = await openHeadlessMemory(headless, indexCacheFor(vaultDir));
	const { workspace, clock } = headless;
	const model = modelClientOf(args, headless);
	const report = await withInterrupt((signal) =>
		runHeartbeat(
			{
				model,
				modelId: model.offline ? OFFLINE_MODEL_ID : (choice.modelId ?? data.settings.model),
				delay: nodeDelay,
				...localModelPorts(choice),
				vault: { ...memory.deps, writer: workspace.writer, daily: headless.dailyTarget() },
			},
			{ state: data.state, settings: data.settings, busy: false, force: args.flags.has("force") },
			signal,
		),
	);
	const next = { ...data, state: { ...data.state, ...("change" in report ? report.change : {}) } };
	if (JSON.stringify(next) !== JSON.stringify(dataFile.loaded.data)) dataFile.save(next, clock.now());
	for (const line of explanation(report, choice)) process.stderr.write(`${line}\n`);
	const line = printedLine(report);
	const shown = line.text !== "" ? [line.text] : [];
	return { lines: args.flags.has("json") ? [JSON.stringify(line)] : shown, exitCode: EXIT_CODES[report.kind] ?? 0 };
};

/** A failed run exits 1; one stopped with Ctrl-C, 130 as the shell expects of an interrupt. */
const EXIT_CODES: Partial<Record<HeartbeatReport["kind"], number>> = { failed: 1, interrupted: 130 };

/** The saved data with what the options set: onboarding done and the heartbeat on, the active hours. */
function withOptions(data: PluginData, args: ParsedArgs): PluginData {
	let { settings, state } = data;
	if (args.flags.has("onboarded")) {
		state = { ...state, onboardingComplete: true };
		settings = { ...settings, heartbeatEnabled: true };
	}
	const hours = args.options.get("active-hours");
	if (hours !== undefined) settings = { ...settings, ...activeHoursOption(hours) };
	return { ...data, settings, state };
}

/** `HH:MM-HH:MM` or `all-day`, checked as the settings tab checks it. */
function activeHoursOption(value: string): Partial<PluginData["settings"]> {
	if (value === "all-day") return { heartbeatAllDay: true };
	const [start, end, ...rest] = value.split("-");
	if (end === undefined || rest.length > 0)
		throw new UsageError(`--active-hours is HH:MM-HH:MM or all-day, not ${value}.`);
	const checked = checkActiveHours({ heartbeatAllDay: false, heartbeatActiveStart: start, heartbeatActiveEnd: end });
	if (!checked.ok) throw new UsageError(t(checked.problem.key, checked.problem.params));
	if (checked.window.allDay) return { heartbeatAllDay: true };
	return {
		heartbeatAllDay: false,
		heartbeatActiveStart: formatTimeOfDay(checked.window.start),
		heartbeatActiveEnd: formatTimeOfDay(checked.window.end),
	};
}

function printedLine(report: HeartbeatReport): HeartbeatLine {
	switch (report.kind) {
		case "skipped":
			return { ran: false, reason: report.reason, silent: true, text: "" };
		case "silent":
			return { ran: true, reason: null, silent: true, text: "" };
		case "spoke":
			return { ran: true, reason: null, silent: false, text: report.text };
		case "failed":
			return { ran: false, reason: "error", silent: true, text: "" };
		case "interrupted":
			return { ran: false, reason: "interrupted", silent: true, text: "" };
	}
}

/** What the user of the command line should know besides the line: why nothing happened, what failed. */
function explanation(report: HeartbeatReport, choice: ModelChoice): string[] {
	switch (report.kind) {
		case "skipped":
			return report.reason === "offline"
				? [
						"The offline model cannot judge a checklist, so the heartbeat waits for a model: set ANTHROPIC_API_KEY, or give a local server with --provider compatible. Nothing was recorded.",
					]
				: [];
		case "silent":
			return report.outcome === "repeated"
				? ["The same message was shown within the last 24 hours; not shown again."]
				: [];
		case "spoke":
			return "error" in report.saved
				? [`error: the message could not be saved to daily memory: ${String(report.saved.error)}`]
				: [`Saved to ${report.saved.path}`];
		case "failed": {
			const cause =
				report.outcome === "timed-out"
					? "the run timed out"
					: report.error === null
						? "the model gave no answer"
						: modelErrorText(report.error, choice);
			const retry = report.change.heartbeatRetryAfter ?? "later";
			return [
				`error: ${cause}`,
				`The heartbeat will try again after ${retry}.`,
				...(report.tellUser ? [t("heartbeat.failed-repeatedly", { count: report.change.heartbeatFailures ?? 0 })] : []),
			];
		}
		case "interrupted":
			return ["Stopped; nothing was recorded."];
	}
}

/** Runs `task`, aborting it on Ctrl-C. */
async function withInterrupt<T>(task: (signal: AbortSignal) => Promise<T>): Promise<T> {
	const stop = new AbortController();
	const onInterrupt = () => stop.abort();
	process.once("SIGINT", onInterrupt);
	try {
		return await task(stop.signal);
	} finally {
		process.removeListener("SIGINT", onInterrupt);
	}
}
