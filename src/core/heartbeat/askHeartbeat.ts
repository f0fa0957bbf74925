import { runTurn, type TurnResult } from "../agent/loop";
import type { ModelClient, ModelError } from "../agent/model";
import { toolEffectIn, type MemoryToolDeps } from "../agent/tools";
import type { TaskScheduler } from "../ports";
import { heartbeatMessage, heartbeatSystem, type HeartbeatMaterial } from "./heartbeatPrompt";
import { HEARTBEAT_TOOL_DEFINITIONS, HEARTBEAT_TOOLS, oneHeartbeatTool } from "./heartbeatTools";
import { DEFAULT_HEARTBEAT_LIMITS, RunWatch, type HeartbeatLimits } from "./runWatch";

export interface HeartbeatModel {
	readonly model: ModelClient;
	/** The model id sent with the request (the one the chat uses). */
	readonly modelId: string;
	/** The host's timers, for the time limits and the tool's timeout. */
	readonly delay: TaskScheduler["delay"];
	readonly limits?: Partial<HeartbeatLimits>;
}

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
 * limits. Nothing is written here; the caller decides what the answer means.
 */
export async function askHeartbeat(
	ports: HeartbeatModel,
	tools: MemoryToolDeps,
	material: HeartbeatMaterial,
	signal?: AbortSignal,
): Promise<HeartbeatAnswer> {
	const limits = { ...DEFAULT_HEARTBEAT_LIMITS, ...ports.limits };
	const watch = new RunWatch(ports.delay, limits, signal);
	const system = heartbeatSystem(material.identity, tools.clock.now());
	const userMessage = heartbeatMessage(material);
	let turn: TurnResult | null = null;
	// The answer is the last response's text: words before a tool call ("Let me check") are not part of it.
	let answer = "";
	try {
		const deps = {
			model: watch.watch(ports.model),
			modelId: ports.modelId,
			prepareRequest: () => ({ system, messages: [{ role: "user" as const, content: [{ type: "text" as const, text: userMessage }] }], tools: HEARTBEAT_TOOL_DEFINITIONS }),
			executeTool: oneHeartbeatTool(tools),
			toolEffect: toolEffectIn(HEARTBEAT_TOOLS),
			delay: ports.delay,
			limits: { maxToolRounds: 1, maxOutputTokens: limits.maxOutputTokens },
		};
		for await (const event of runTurn(deps, { conversation: [], userMessage }, watch.signal)) {
			if (event.type === "text") answer += event.text;
			else if (event.type === "tool-started") answer = "";
			else if (event.type === "done") turn = event.result;
		}
	} finally {
		watch.dispose();
	}
	if (turn === null) throw new Error("The heartbeat's turn ended without its result.");
	if (watch.timedOut) return { kind: "timed-out" };
	if (turn.stopReason === "aborted") return { kind: "interrupted" };
	if (turn.stopReason === "error") return { kind: "failed", error: turn.error };
	if (turn.stopReason === "tool-limit" || answer.trim() === "") return { kind: "failed", error: null };
	return { kind: "answered", text: answer.trim() };
}
