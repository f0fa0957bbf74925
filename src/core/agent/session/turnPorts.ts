import type { ModelFeature } from "../../model/modelFeature";
import type { ModelClient, ToolDefinition } from "../../model/modelClient";
import type { TaskScheduler } from "../../ports";
import { instructionsTokens } from "../context/assistantInstructions";
import { toolDefinitionTokens, toolsFitWindow } from "../context/windowBudgets";
import { DEFAULT_TURN_LIMITS, type ExecuteTool, type TurnDeps, type TurnLimits } from "../loop";
import { ASSISTANT_TOOLS, runTool, toolDefinitionOf, toolEffectIn, type WriteToolDeps } from "../tools";
import type { TranscriptDeps } from "../transcript";
import { CONTEXT_WINDOW_TOKENS, type ContextSizes, type SessionRequest } from "./sessionContext";
import { withoutHiddenSinceRead } from "./withheldResults";

/**
 * What one turn works over (a chat message, the heartbeat, a command running a tool), as the
 * host has it when the turn starts (the key, the model and the settings may have changed since
 * the last one): the model, the tools' world (vault, metadata, search index, audited writer,
 * clock) and where transcripts go.
 */
export interface TurnPorts {
	readonly model: ModelClient;
	/** The model id sent with each request and recorded in the transcript. */
	readonly modelId: string;
	readonly tools: WriteToolDeps;
	/** The host's timers, for the tools' timeout. */
	readonly delay: TaskScheduler["delay"];
	/** Where the transcript is saved after each turn; `null` keeps no transcript. */
	readonly transcript: TranscriptDeps | null;
	readonly limits?: Partial<TurnLimits>;
	readonly contextWindowTokens?: number;
	/** Hot memory's cap from the user's settings. */
	readonly hotMemoryCapTokens?: number;
	/** What is known of whether the model can call tools; absent, it can (Claude). */
	readonly toolSupport?: ToolSupport;
	/**
	 * The session offers no tools and grounds nothing: the model only converses (onboarding by
	 * conversation, whose files are written from its answer once the user reviewed them).
	 */
	readonly withoutTools?: true;
	/** What the session is for, as its requests' receipts say: `chat` when absent. */
	readonly feature?: ModelFeature;
}

/**
 * Whether the model may be offered tools, as the host remembers it per model until its settings
 * change: a compatible server's model that refused tools, or sent a tool call that could not be
 * read, is answered from a search of the notes instead (`tools-off`).
 */
export interface ToolSupport {
	/** The model was found unable to call tools: offer none, ground the answer in a search. */
	readonly toolsOff: boolean;
	/** The model just failed at tools: remember it for this model. */
	toolsFailed(): Promise<void>;
}

/** The tools offered to the model, as the request declares them. */
export const OFFERED_TOOLS: readonly ToolDefinition[] = [...ASSISTANT_TOOLS.values()].map(toolDefinitionOf);

/**
 * The loop's dependencies for one turn over a request already prepared, its answer as long as the
 * window allows; `namedBefore`, the notes the results of the conversation's earlier turns name.
 */
export function turnDeps(ports: TurnPorts, next: SessionRequest, namedBefore: Iterable<string>): TurnDeps {
	return {
		model: ports.model,
		modelId: ports.modelId,
		prepareRequest: () => next.request,
		executeTool: executeToolOf(ports),
		withholdHidden: withoutHiddenSinceRead(ports.tools.vault, namedBefore),
		toolEffect: toolEffectIn(ASSISTANT_TOOLS),
		delay: ports.delay,
		limits: { ...ports.limits, maxOutputTokens: next.maxOutputTokens },
		...(ports.feature !== undefined && { feature: ports.feature }),
	};
}

/** The assistant's tools over the turn's world: how the model's calls run, and the grounding search. */
export function executeToolOf(ports: TurnPorts): ExecuteTool {
	// The tools learn whether the model reads images and PDFs, so memory_get sends none to one that cannot.
	const tools = { ...ports.tools, readsAttachments: ports.model.readsAttachments === true };
	return (name, input) => runTool(name, input, tools, ASSISTANT_TOOLS);
}

/** How large the turn's context may grow on this model. */
export function sizesOf(ports: TurnPorts): ContextSizes {
	return {
		contextWindowTokens: ports.contextWindowTokens,
		hotMemoryCapTokens: ports.hotMemoryCapTokens,
		maxOutputTokens: ports.limits?.maxOutputTokens,
	};
}

/** Whether the model's window holds the assistant's tools and still a prompt (see `toolsFitWindow`). */
export function toolsFit(ports: TurnPorts, now: Date): boolean {
	return toolsFitWindow({
		contextWindowTokens: ports.contextWindowTokens ?? CONTEXT_WINDOW_TOKENS,
		toolTokens: toolDefinitionTokens(OFFERED_TOOLS),
		maxOutputTokens: ports.limits?.maxOutputTokens ?? DEFAULT_TURN_LIMITS.maxOutputTokens,
		instructionsTokens: instructionsTokens(now),
	});
}
