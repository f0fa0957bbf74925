import type { TaskScheduler } from "../../ports";
import type { ToolResult } from "../tools";
import { failedToolResult } from "../tools/toolFailure";
import { timedOutResult } from "./loopNotices";
import type { ExecuteTool } from "./turnDeps";

/**
 * How a tool call ended: with a result (an error result when the tool threw or ran out of time),
 * or stopped by the user.
 */
export type ToolRun = { readonly kind: "finished"; readonly result: ToolResult } | { readonly kind: "stopped" };

export interface ToolRunLimits {
	readonly timeoutMs: number;
	readonly delay: TaskScheduler["delay"];
	readonly signal: AbortSignal;
}

/**
 * Runs one tool call, given up on after the timeout or as soon as the user stops the turn. A
 * tool cannot be cancelled: one given up on may still finish in the background, and its result
 * is dropped.
 */
export function runToolCall(
	execute: ExecuteTool,
	name: string,
	input: unknown,
	limits: ToolRunLimits,
): Promise<ToolRun> {
	const { timeoutMs, delay, signal } = limits;
	return new Promise((resolve) => {
		let settled = false;
		let cancelTimer = () => {};
		const settle = (run: ToolRun) => {
			if (settled) return;
			settled = true;
			cancelTimer();
			signal.removeEventListener("abort", onAbort);
			resolve(run);
		};
		const onAbort = () => settle({ kind: "stopped" });
		if (signal.aborted) {
			onAbort();
			return;
		}
		signal.addEventListener("abort", onAbort, { once: true });
		cancelTimer = delay(() => settle({ kind: "finished", result: timedOutResult(name, timeoutMs) }), timeoutMs);
		// Deferred, so that a tool that throws before returning its promise fails like one that rejects.
		Promise.resolve()
			.then(() => execute(name, input))
			.then(
				(result) => settle({ kind: "finished", result }),
				(error: unknown) => settle({ kind: "finished", result: failedToolResult(name, error) }),
			);
	});
}
