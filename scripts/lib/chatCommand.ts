import { budgetHitMessage, type TurnLimits, type TurnResult } from "../../src/core/agent/loop";
import { ChatSession, type SessionEvent, type TurnPorts } from "../../src/core/agent/session";
import type { WriteToolDeps } from "../../src/core/agent/tools";
import type { ApplyDeps, ApplyOutcome, EditProposal } from "../../src/core/edits";
import { UnsafePathError } from "../../src/core/vault/unsafePath";
import { t } from "../../src/i18n";
import { DEFAULT_MODEL, OFFLINE_MODEL_ID } from "../../src/llm";
import { rejectUnknownOptions, requireOption, UsageError } from "./args";
import {
	appliesProposals,
	applyAll,
	approvalOf,
	outcomeLine,
	proposalDiff,
	proposalsOf,
	type Approval,
} from "./chatProposals";
import type { Command } from "./command";
import { openHeadlessWorkspace } from "./headless";
import { indexCacheFor, openHeadlessMemory } from "./headlessMemory";
import {
	localModelPorts,
	millisecondsOption,
	MODEL_TIME_OPTIONS,
	modelClientOf,
	modelErrorText,
	nodeDelay,
} from "./headlessModel";
import { MODEL_CHOICE_OPTIONS, modelChoiceOf, type ModelChoice } from "./modelChoice";

/**
 * `chat "<message>"`: one turn of the chat loop over a vault folder, as the chat pane runs it.
 * The answer streams to stdout as it arrives; tool calls, errors and where the transcript went
 * go to stderr, so that stdout is the answer alone, then the changes it proposed to notes as
 * diffs (and, with `--json`, a last JSON line). Proposed changes are applied only with
 * `--approve all`; the default, `--approve none`, writes nothing of them.
 */
export const chatCommand: Command = async (args) => {
	rejectUnknownOptions(
		args,
		["vault", ...MODEL_CHOICE_OPTIONS, "offline", "now", "json", "approve", ...MODEL_TIME_OPTIONS],
		1,
	);
	if (args.positional.length !== 1)
		throw new UsageError(
			'chat takes one message, in quotes: chat "What did I decide about the thesis?" --vault <dir>.',
		);
	const userMessage = args.positional[0];
	const approval = approvalOf(args);
	const choice = modelChoiceOf(args);
	// The private folders and tags are read again before approved changes are applied: the turn may
	// have run for minutes, and a note made private meanwhile is not edited.
	const headless = await openHeadlessWorkspace(requireOption(args, "vault"), {
		now: args.options.get("now"),
		livePrivacy: true,
	});
	const memory = await openHeadlessMemory(headless, indexCacheFor(requireOption(args, "vault")));
	const model = modelClientOf(args, headless);
	const { workspace, settings, clock } = headless;
	// One writer for the tools and the transcript, into the vault's audit trail.
	const writer = workspace.writer;
	const toolDeps: WriteToolDeps = {
		...memory.deps,
		writer,
		actor: "assistant",
		daily: headless.dailyTarget(),
		// A person reads the offline model's answer as the search gives it.
		...(model.offline ? { assistantFilesInSearch: "when-asked" as const } : {}),
	};
	const ports: TurnPorts = {
		model,
		modelId: model.offline ? OFFLINE_MODEL_ID : (choice.modelId ?? DEFAULT_MODEL),
		tools: toolDeps,
		delay: nodeDelay,
		// Without Obsidian's locale, `auto` is English.
		transcript: {
			writer,
			chatsFolder: workspace.layout.chatsFolder,
			language: settings.language === "auto" ? "en" : settings.language,
		},
		hotMemoryCapTokens: settings.hotMemoryCapTokens,
		limits: maxTurnMsOf(millisecondsOption(args, "time-limit")),
		...localModelPorts(choice),
	};
	const session = new ChatSession(() => ports, clock);
	const result = await streamTurn(session, userMessage, choice);
	if (session.transcriptPath !== null) process.stderr.write(`Transcript: ${session.transcriptPath}\n`);
	headless.reloadPrivacy();
	const proposals = await reviewedProposals(proposalsOf(result), approval, result.stopReason, {
		writer,
		vault: memory.deps.vault,
		layout: workspace.layout,
	});
	const summary = {
		text: result.text,
		toolCalls: result.toolCalls.map((call) => ({ name: call.name, input: call.input, isError: call.result.isError })),
		usage: result.usage,
		stopReason: result.stopReason,
		proposals,
	};
	return {
		lines: args.flags.has("json") ? [JSON.stringify(summary)] : [],
		exitCode: EXIT_CODES[result.stopReason] ?? 0,
	};
};

/**
 * The turn's proposals printed as diffs on stdout, after the answer; with `--approve all`, each
 * then applied and how it ended said on stderr. What `--json` reports of them.
 */
async function reviewedProposals(
	proposals: readonly EditProposal[],
	approval: Approval,
	stopReason: TurnResult["stopReason"],
	deps: ApplyDeps,
): Promise<{ readonly proposal: EditProposal; readonly outcome: ApplyOutcome | null }[]> {
	for (const proposal of proposals) process.stdout.write(`\n${proposalDiff(proposal, await baseOf(deps, proposal))}\n`);
	const applies = appliesProposals(approval, stopReason);
	if (proposals.length > 0 && !applies)
		process.stderr.write(
			approval === "all"
				? "Stopped: the proposed changes are not applied, nothing was written.\n"
				: "Proposed changes are not applied: nothing was written (--approve all applies them).\n",
		);
	const outcomes = applies ? await applyAll(deps, proposals) : [];
	for (const outcome of outcomes) process.stderr.write(`${outcomeLine(outcome)}\n`);
	return proposals.map((proposal, index) => ({ proposal, outcome: outcomes[index] ?? null }));
}

/**
 * The note a proposal was made against as it reads now; `null` when it cannot be read (hidden,
 * gone, reached through a symbolic link since): its diff then says it can no longer be applied.
 */
async function baseOf(deps: ApplyDeps, proposal: EditProposal): Promise<string | null> {
	try {
		return deps.vault.stat(proposal.path) === null ? null : await deps.vault.read(proposal.path);
	} catch (error) {
		if (error instanceof UnsafePathError) return null;
		throw error;
	}
}

function maxTurnMsOf(ms: number | undefined): Partial<TurnLimits> {
	return ms === undefined ? {} : { maxTurnMs: ms };
}

/** A failed turn exits 1; one stopped with Ctrl-C, 130 as the shell expects of an interrupt. */
const EXIT_CODES: Partial<Record<TurnResult["stopReason"], number>> = { error: 1, aborted: 130 };

/** Runs the turn, printing as it goes; Ctrl-C stops it and keeps what arrived, as the stop button does. */
async function streamTurn(session: ChatSession, userMessage: string, choice: ModelChoice): Promise<TurnResult> {
	const stop = new AbortController();
	const onInterrupt = () => stop.abort();
	process.once("SIGINT", onInterrupt);
	let result: TurnResult | undefined;
	// Whether stdout's last line is unfinished: an answer retried without tools starts on a line of its own.
	let lineOpen = false;
	try {
		for await (const event of session.send(userMessage, {}, stop.signal)) {
			if (event.type === "text") {
				process.stdout.write(event.text);
				if (event.text !== "") lineOpen = !event.text.endsWith("\n");
			} else if (event.type === "tools-off" && event.retried && lineOpen) {
				process.stdout.write("\n");
				lineOpen = false;
			}
			if (event.type === "done") result = event.result;
			else if (event.type === "save-failed") throw event.error;
			const note = noteOn(event, choice);
			if (note !== null) process.stderr.write(`${note}\n`);
		}
	} finally {
		process.removeListener("SIGINT", onInterrupt);
	}
	if (result === undefined) throw new Error("The turn ended without its result.");
	if (result.text !== "" && !result.text.endsWith("\n")) process.stdout.write("\n");
	return result;
}

/** What stderr says of an event besides the answer: a tool call, an error, a budget reached, the model's state. */
function noteOn(event: SessionEvent, choice: ModelChoice): string | null {
	switch (event.type) {
		case "tool-started":
			return `[tool] ${event.name} ${JSON.stringify(event.input)}`;
		case "error":
			return `error: ${modelErrorText(event.error, choice)}`;
		case "budget-reached":
			return budgetHitMessage(event.hit, t);
		case "waiting-for-model":
			return "Loading the model: a local server reads it into memory before its first answer.";
		case "tools-off":
			return event.retried
				? "This model could not call tools, so tools are off for it: the answer comes from a search of your notes."
				: "Tools are off for this model: the answer comes from a search of your notes.";
		default:
			return null;
	}
}
