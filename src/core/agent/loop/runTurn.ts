import {
	ModelError,
	type ModelClient,
	type ModelRequest,
	type StopReason,
	type ToolUseBlock,
} from "../../model/modelClient";
import { TimeLimit } from "../../model/timeLimit";
import { withinAttachmentBudget } from "../../model/requestAttachments";
import type { ToolResult } from "../tools";
import {
	CUT_OFF_CALL,
	INTERRUPTION_MARKERS,
	lastRoundNotice,
	overBudgetResult,
	overLimitResult,
	STOPPED_CALL,
	unknownToolResult,
} from "./loopNotices";
import { runToolCall } from "./toolCall";
import { TurnBudget, type BudgetHit } from "./turnBudget";
import { DEFAULT_TURN_LIMITS, type PreparedRequest, type TurnDeps, type TurnInput, type TurnLimits } from "./turnDeps";
import type { ToolCallRecord, TurnEvent, TurnStopReason } from "./turnEvents";
import { TurnMessages } from "./turnMessages";
import { UsageTally, type CallCost } from "./usageTally";

/**
 * One turn of the chat: the user's message, then model calls and tool rounds until the model
 * answers without calling a tool, the tool rounds run out, a call fails, the turn's time limit
 * passes, or `signal` aborts. A tool call over one of the turn's budgets is not run: the model
 * is told so and can still answer.
 * Events stream as they happen and end with `done`, whose result holds the conversation with
 * everything that arrived, a stopped or failed turn included. Pure: the model, the request's
 * context, the tools and the timers are all dependencies.
 */
export function runTurn(
	deps: TurnDeps,
	input: TurnInput,
	signal: AbortSignal,
): AsyncGenerator<TurnEvent, void, undefined> {
	return new Turn(deps, input, signal).run();
}

/** How a model's calls are priced: the offline model and a local server's cost nothing, and a local one says so. */
function costOf(model: ModelClient): CallCost {
	if (model.local === true) return "local";
	return model.offline ? "free" : "priced";
}

/** How the turn ended, and the marker its last message gets when it was interrupted. */
interface Ending {
	readonly stopReason: TurnStopReason;
	readonly error: ModelError | null;
	readonly marker: string | null;
}

interface Response {
	readonly calls: readonly ToolUseBlock[];
	readonly stopReason: StopReason;
}

/** Thrown by the loop's own checks, between steps, once the user stopped the turn. */
class Stopped extends Error {}

class Turn {
	private readonly limits: TurnLimits;
	private readonly messages: TurnMessages;
	private readonly usage: UsageTally;
	private readonly toolCalls: ToolCallRecord[] = [];
	private readonly budget: TurnBudget;
	private budgetHit: BudgetHit | null = null;
	/** The user's stop and the turn's time limit, in one signal for the model calls and the tools. */
	private readonly time: TimeLimit;

	constructor(
		private readonly deps: TurnDeps,
		private readonly input: TurnInput,
		userStop: AbortSignal,
	) {
		this.limits = { ...DEFAULT_TURN_LIMITS, ...deps.limits };
		this.messages = new TurnMessages(input.userMessage, input.attachments);
		this.usage = new UsageTally(deps.modelId, costOf(deps.model));
		this.budget = new TurnBudget(this.limits.budgets);
		this.time = new TimeLimit(deps.delay, this.limits.maxTurnMs, userStop);
	}

	private get signal(): AbortSignal {
		return this.time.signal;
	}

	async *run(): AsyncGenerator<TurnEvent, void, undefined> {
		let ending: Ending;
		try {
			ending = yield* this.converse();
		} catch (error) {
			ending = this.interruption(error);
			this.usage.interrupted();
			if (ending.error !== null) yield { type: "error", error: ending.error, partialKept: this.messages.text !== "" };
		} finally {
			this.time.dispose();
		}
		const messages = this.messages.finish(ending.marker);
		yield {
			type: "done",
			result: {
				conversation: [...this.input.conversation, ...messages],
				messages,
				text: this.messages.text,
				toolCalls: this.toolCalls,
				usage: this.usage.summary(),
				stopReason: ending.stopReason,
				error: ending.error,
				budgetHit: this.budgetHit,
			},
		};
	}

	private async *converse(): AsyncGenerator<TurnEvent, Ending, undefined> {
		this.checkNotStopped();
		const prepared = await this.deps.prepareRequest(this.input.conversation, this.input.userMessage);
		const maxRounds = this.limits.maxToolRounds;
		for (let call = 1; ; call++) {
			this.checkNotStopped();
			const response = yield* this.respond(prepared);
			this.messages.closeResponse();
			if (response.calls.length === 0) return { stopReason: response.stopReason, error: null, marker: null };
			this.messages.openToolRound(response.calls);
			if (call > maxRounds) {
				// The last round's results asked for an answer without tools; these calls are answered, not run.
				for (const toolCall of response.calls) this.messages.addResult(toolCall, overLimitResult(maxRounds));
				this.messages.closeToolRound();
				return { stopReason: "tool-limit", error: null, marker: INTERRUPTION_MARKERS.toolLimit(maxRounds) };
			}
			yield* this.runTools(
				response,
				prepared.tools.map((tool) => tool.name),
			);
			this.messages.closeToolRound(call === maxRounds ? lastRoundNotice(maxRounds) : undefined);
		}
	}

	/** One model call, streamed into the turn's messages. */
	private async *respond(prepared: PreparedRequest): AsyncGenerator<TurnEvent, Response, undefined> {
		const sent = this.deps.withholdHidden(
			{ ...prepared, messages: [...prepared.messages, ...this.messages.sinceUserMessage] },
			this.toolCalls,
		);
		const request: ModelRequest = {
			model: this.deps.modelId,
			system: sent.system,
			// Every call of the turn carries the conversation's files again: held under the API's request
			// size, once what turned private since an earlier round is withheld.
			messages: withinAttachmentBudget(sent.messages),
			tools: prepared.tools,
			maxTokens: this.limits.maxOutputTokens,
			signal: this.signal,
			// The notes this request carries, once withheld: the turn began with more than it may send now.
			origin: { feature: this.deps.feature ?? "chat", notes: sent.notes ?? [] },
		};
		this.usage.callStarted();
		this.budget.startAnswer();
		const calls: ToolUseBlock[] = [];
		let stopReason: StopReason = "end_turn";
		for await (const event of this.deps.model.stream(request)) {
			switch (event.type) {
				case "text":
					this.usage.streamed(event.text);
					yield { type: "text", text: this.messages.addText(event.text) };
					break;
				case "tool_use":
					this.messages.addToolUse(event.block);
					calls.push(event.block);
					break;
				case "usage_start":
					this.usage.started(event.usage);
					break;
				case "usage":
					yield { type: "usage", call: event.usage, turn: this.usage.add(event.usage) };
					break;
				case "stop":
					stopReason = event.reason;
					break;
				case "tool_input":
					// The view hears of a call once its input is complete and it runs.
					this.usage.streamed(event.partialJson);
					break;
				case "waiting-for-model":
					yield { type: "waiting-for-model" };
					break;
			}
		}
		return { calls, stopReason };
	}

	/**
	 * The response's tool calls, one after the other; the user's stop is checked before each.
	 * A call the loop answers itself (cut off, unknown, over a budget) is shown like any other.
	 */
	private async *runTools(response: Response, offered: readonly string[]): AsyncGenerator<TurnEvent, void, undefined> {
		// Only the last block can be cut by the output limit, and a cut call's input is incomplete.
		const cutOff = response.stopReason === "max_tokens" ? response.calls[response.calls.length - 1] : undefined;
		for (const call of response.calls) {
			this.checkNotStopped();
			const answered =
				call === cutOff
					? CUT_OFF_CALL
					: offered.includes(call.name)
						? yield* this.overBudget(call)
						: unknownToolResult(call.name, offered);
			yield { type: "tool-started", id: call.id, name: call.name, input: call.input };
			const result = answered ?? (await this.execute(call));
			const finished = result ?? STOPPED_CALL;
			this.messages.addResult(call, finished);
			this.toolCalls.push({ id: call.id, name: call.name, input: call.input, result: finished });
			yield { type: "tool-finished", id: call.id, name: call.name, result: finished };
			if (result === null) throw new Stopped();
		}
	}

	/** The refusal of a call over a budget (the first one of the turn is announced), or `null` when it may run. */
	private *overBudget(call: ToolUseBlock): Generator<TurnEvent, ToolResult | null, undefined> {
		const hit = this.budget.charge(this.deps.toolEffect(call.name));
		if (hit === null) return null;
		if (this.budgetHit === null) {
			this.budgetHit = hit;
			yield { type: "budget-reached", hit };
		}
		return overBudgetResult(hit);
	}

	/** The tool's result, or `null` when the user stopped the turn while it ran. */
	private async execute(call: ToolUseBlock): Promise<ToolResult | null> {
		const run = await runToolCall(this.deps.executeTool, call.name, call.input, {
			timeoutMs: this.limits.toolTimeoutMs,
			delay: this.deps.delay,
			signal: this.signal,
		});
		return run.kind === "stopped" ? null : run.result;
	}

	private checkNotStopped(): void {
		if (this.signal.aborted) throw new Stopped();
	}

	/**
	 * A stop, the time limit or a failed model call ends the turn with what arrived; anything
	 * else is a bug and propagates.
	 */
	private interruption(error: unknown): Ending {
		if (this.time.expired && (error instanceof Stopped || error instanceof ModelError)) {
			const limit = this.limits.maxTurnMs;
			return {
				stopReason: "error",
				error: new ModelError("time-limit", `The turn ran past its time limit of ${limit / 1000} s.`),
				marker: INTERRUPTION_MARKERS.timeLimit(limit),
			};
		}
		const stopped =
			error instanceof Stopped || (error instanceof ModelError && (error.kind === "aborted" || this.signal.aborted));
		if (stopped) return { stopReason: "aborted", error: null, marker: INTERRUPTION_MARKERS.aborted };
		if (error instanceof ModelError)
			return { stopReason: "error", error, marker: INTERRUPTION_MARKERS.failed(error.kind) };
		throw error;
	}
}
