import { runTurn, type TurnDeps, type TurnResult } from "../agent/loop";
import type { ModelClient, ModelError } from "../model/modelClient";
import { toolEffectIn, type MemoryToolDeps } from "../agent/tools";
import type { TaskScheduler } from "../ports";
import { toolDefinitionTokens, toolsFitWindow, windowPlan, type WindowRequest } from "../agent/context/windowBudgets";
import { CONTEXT_WINDOW_TOKENS, type ToolSupport } from "../agent/session";
import { withoutHiddenSinceRead } from "../agent/session/withheldResults";
import {
	heartbeatMessage,
	heartbeatRulesTokens,
	heartbeatSizesWithin,
	heartbeatSystem,
	type HeartbeatMaterial,
} from "./heartbeatPrompt";
import { HEARTBEAT_TOOL_DEFINITIONS, HEARTBEAT_TOOLS, oneHeartbeatTool } from "./heartbeatTools";

export interface HeartbeatModel {
	readonly model: ModelClient;
	/** The model id sent with the request (the one the chat uses). */
	readonly modelId: string;
	/** The host's timers, for the time limit and the tool's timeout. */
	readonly delay: TaskScheduler["delay"];
	readonly limits?: Partial<HeartbeatLimits>;
	/** What is known of whether the model can call tools, as the chat knows it; absent, it can (Claude). */
	readonly toolSupport?: ToolSupport;
	/** The model's context window, in tokens; absent, Claude's. */
	readonly contextWindowTokens?: number;
}

export interface HeartbeatLimits {
	/**
	 * The whole run, tool call included: past it, the run is stopped and counts as timed out, as
	 * does a stream that the model client gave up on for sending nothing.
	 */
	readonly totalMs: number;
	/** The answer's length limit (`max_tokens`): a heartbeat says a few sentences at most. */
	readonly maxOutputTokens: number;
}

export const DEFAULT_HEARTBEAT_LIMITS: HeartbeatLimits = { totalMs: 90_000, maxOutputTokens: 1024 };

/**
 * How the model's turn ended: its answer, or why there is none. `failed` carries the model's
 * error when there was one (`null` for an empty answer or a model that kept calling tools);
 * `interrupted` is the host's stop, which is no failure of the heartbeat's.
 */
export type HeartbeatAnswer =
	| { readonly kind: "answered"; readonly text: string }
	| { readonly kind: "failed"; readonly error: ModelError | null }
	| { readonly kind: "timed-out" }
	| { readonly kind: "interrupted" };

/**
 * One heartbeat turn of the model over the checklist and recent memory, through the chat's own
 * turn loop: the memory_search and memory_recent tools, one call at most, and the run's time
 * limit as the turn's. Nothing is written here; the caller decides what the answer means.
 * A model that cannot call tools (known so, or with a window too small for them) is asked
 * without them: the message already holds recent memory, which is what the tools would add.
 * One that turns out unable is remembered as such, and asked again without them.
 */
export async function askHeartbeat(
	ports: HeartbeatModel,
	tools: MemoryToolDeps,
	material: HeartbeatMaterial,
	signal?: AbortSignal,
): Promise<HeartbeatAnswer> {
	const ask = (withTools: boolean) => askOnce(ports, tools, material, withTools, signal);
	if (ports.toolSupport?.toolsOff === true || !heartbeatToolsFit(ports, tools.clock.now())) return ask(false);
	const answer = await ask(true);
	if (answer.kind !== "failed" || answer.error?.kind !== "tools-unsupported") return answer;
	await ports.toolSupport?.toolsFailed();
	return ask(false);
}

function heartbeatToolsFit(ports: HeartbeatModel, now: Date): boolean {
	return toolsFitWindow(windowRequest(ports, true, now));
}

/** The heartbeat's request on the model's window, with its tools or without. */
function windowRequest(ports: HeartbeatModel, withTools: boolean, now: Date): WindowRequest {
	return {
		contextWindowTokens: ports.contextWindowTokens ?? CONTEXT_WINDOW_TOKENS,
		toolTokens: withTools ? toolDefinitionTokens(HEARTBEAT_TOOL_DEFINITIONS) : 0,
		maxOutputTokens: { ...DEFAULT_HEARTBEAT_LIMITS, ...ports.limits }.maxOutputTokens,
		instructionsTokens: heartbeatRulesTokens(now, withTools),
	};
}

async function askOnce(
	ports: HeartbeatModel,
	tools: MemoryToolDeps,
	material: HeartbeatMaterial,
	withTools: boolean,
	signal?: AbortSignal,
): Promise<HeartbeatAnswer> {
	const limits = { ...DEFAULT_HEARTBEAT_LIMITS, ...ports.limits };
	const now = tools.clock.now();
	const plan = windowPlan(windowRequest(ports, withTools, now));
	const { system, sources } = heartbeatSystem(material.identity, now, { budgets: plan.budgets, withTools });
	const message = heartbeatMessage(material, heartbeatSizesWithin(plan.budgets));
	const userMessage = message.text;
	const deps: TurnDeps = {
		model: ports.model,
		modelId: ports.modelId,
		prepareRequest: () => ({
			system,
			messages: [{ role: "user", content: [{ type: "text", text: userMessage }] }],
			tools: withTools ? HEARTBEAT_TOOL_DEFINITIONS : [],
			notes: heartbeatNotes(material),
			sources: [...sources, ...message.sources],
		}),
		executeTool: oneHeartbeatTool(tools),
		withholdHidden: withoutHiddenSinceRead(tools.vault),
		toolEffect: toolEffectIn(HEARTBEAT_TOOLS),
		delay: ports.delay,
		limits: { maxToolRounds: 1, maxOutputTokens: plan.maxOutputTokens, maxTurnMs: limits.totalMs },
		feature: "heartbeat",
	};
	let turn: TurnResult | null = null;
	// The answer is the last response's text: words before a tool call ("Let me check") are not part of it.
	let answer = "";
	for await (const event of runTurn(deps, { conversation: [], userMessage }, signal ?? new AbortController().signal)) {
		if (event.type === "text") answer += event.text;
		else if (event.type === "tool-started") answer = "";
		else if (event.type === "done") turn = event.result;
	}
	if (turn === null) throw new Error("The heartbeat's turn ended without its result.");
	if (turn.stopReason === "aborted") return { kind: "interrupted" };
	if (turn.error?.kind === "time-limit" || turn.error?.kind === "idle-timeout") return { kind: "timed-out" };
	if (turn.stopReason === "error") return { kind: "failed", error: turn.error };
	if (turn.stopReason === "tool-limit" || answer.trim() === "") return { kind: "failed", error: null };
	return { kind: "answered", text: answer.trim() };
}

/** The notes whose text the heartbeat's request holds: the identity files, the checklist, recent memory. */
function heartbeatNotes(material: HeartbeatMaterial): string[] {
	const { soul, user, rules } = material.identity;
	const identity = [soul, user, rules].flatMap((note) => (note === null ? [] : [note.path]));
	return [...new Set([...identity, material.checklist.path, ...material.recentMemoryNotes])];
}
