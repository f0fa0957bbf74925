import type { Notifier } from "../core/ports";
import { describeError } from "./describeError";

/** Runs a command's work; a failure or a refused write is told in a notice, never thrown. */
export async function notifyFailure(notifier: Notifier, task: () => Promise<void>): Promise<void> {
	try {
		await task();
	} catch (error) {
		notifier.notify(describeError(error));
	}
}
