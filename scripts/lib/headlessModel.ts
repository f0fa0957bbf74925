import type { ToolSupport } from "../../src/core/agent/session";
import { ModelError, type ModelClient } from "../../src/core/model/modelClient";
import { t } from "../../src/i18n";
import { createModelClient, modelErrorMessage } from "../../src/llm";
import { UsageError, type ParsedArgs } from "./args";
import type { HeadlessWorkspace } from "./headless";
import { modelChoiceOf, type ModelChoice } from "./modelChoice";
import { nodeDelay } from "../../headless/host/nodeDelay";
import { refuseUnconfirmedPrivacy } from "../../headless/host/privacyReview";

// The host's timers, which the commands share with the MCP server.
export { nodeDelay };

/**
 * The options that shorten a command's waits on the model, in seconds: `--idle-timeout` (a
 * stream that sends nothing that long is given up on) and `--time-limit` (the whole turn, or the
 * whole request of a one-shot command).
 */
export const MODEL_TIME_OPTIONS = ["idle-timeout", "time-limit"] as const;

/**
 * The model a command asks: a local or compatible server with `--provider compatible` (no
 * Anthropic key needed; its own key, if any, from `AW_SERVER_API_KEY`), else Claude with
 * `ANTHROPIC_API_KEY` (at `--base-url` if given), the offline model with `--offline` or no key.
 * Refused, before anything is read for it, while the vault's privacy settings could not be
 * recovered: the offline model shows notes too.
 */
export function modelClientOf(
	args: ParsedArgs,
	headless: Pick<HeadlessWorkspace, "privacyReviewNeeded" | "receipts">,
): ModelClient {
	refuseUnconfirmedPrivacy(headless);
	const choice = modelChoiceOf(args);
	const timing = {
		delay: nodeDelay,
		translate: t,
		idleTimeoutMs: millisecondsOption(args, "idle-timeout"),
		receipts: headless.receipts,
	};
	if (choice.provider === "compatible")
		return createModelClient({ apiKey: undefined, server: choice.server, ...timing });
	return createModelClient({
		apiKey: process.env.ANTHROPIC_API_KEY,
		baseURL: choice.baseURL,
		offline: usesOfflineModel(args),
		...timing,
	});
}

/** The model id a command sends: the one the options name, else `fallback` (Claude's, as the command has it). */
export function modelIdOf(args: ParsedArgs, fallback: string): string {
	return modelChoiceOf(args).modelId ?? fallback;
}

/**
 * What a turn on a local server needs besides the model: its context window, and whether it can
 * call tools, as this run learns it. The turn that finds the model unable answers from a search
 * of the notes in its place, so one run needs nothing more; the plugin's verdicts in `data.json`
 * are neither read nor written, since they belong to the server its settings name, not to the
 * one the command line's options do. Nothing for Claude.
 */
export function localModelPorts(choice: ModelChoice): { contextWindowTokens?: number; toolSupport?: ToolSupport } {
	if (choice.provider !== "compatible") return {};
	let toolsOff = false;
	const toolSupport: ToolSupport = {
		get toolsOff() {
			return toolsOff;
		},
		toolsFailed: () => {
			toolsOff = true;
			return Promise.resolve();
		},
	};
	return { contextWindowTokens: choice.contextWindowTokens, toolSupport };
}

/** Why the model failed, in the user's words: naming the local server, not Anthropic, when one answered. */
export function modelErrorText(error: unknown, choice: ModelChoice): string {
	if (!(error instanceof ModelError)) return String(error);
	return modelErrorMessage(error, t, choice.provider === "compatible" ? choice.server : undefined);
}

/** `--<name> <seconds>` in milliseconds; `undefined` when absent, a usage error unless a positive number. */
export function millisecondsOption(args: ParsedArgs, name: (typeof MODEL_TIME_OPTIONS)[number]): number | undefined {
	const value = args.options.get(name);
	if (value === undefined) return undefined;
	const seconds = Number(value);
	if (value.trim() === "" || !Number.isFinite(seconds) || seconds <= 0)
		throw new UsageError(`--${name} takes a number of seconds above 0, not "${value}".`);
	return seconds * 1000;
}

/** Whether a command runs on the offline model: `--offline`, or Claude chosen without `ANTHROPIC_API_KEY`. */
export function usesOfflineModel(args: ParsedArgs): boolean {
	if (modelChoiceOf(args).provider === "compatible") return false;
	return args.flags.has("offline") || (process.env.ANTHROPIC_API_KEY ?? "").trim() === "";
}
