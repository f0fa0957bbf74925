/**
 * Runs work written as steps for time slices (a generator that yields between steps) all at
 * once, for a caller that has the time: a test, the command line, a search that needs it now.
 */
export function runToEnd<T>(steps: Generator<void, T>): T {
	for (;;) {
		const step = steps.next();
		if (step.done === true) return step.value;
	}
}

/**
 * Ends steps that will not be run on, so that their clean-up runs (a generator's `finally`):
 * steps that hold something while they run let go of it (see `QueryCorrectors.prepare`).
 * Steps that have finished are left as they are.
 */
export function closeSteps(steps: Generator<void, unknown>): void {
	steps.return(undefined);
}

/**
 * `steps` for as long as the work they are part of is current, then `null`: a build that a newer
 * one replaced stops changing the index at its next step, instead of interleaving with it.
 */
export function* whileCurrent<T>(steps: Generator<void, T>, isCurrent: () => boolean): Generator<void, T | null> {
	try {
		for (;;) {
			if (!isCurrent()) return null;
			const step = steps.next();
			if (step.done === true) return step.value;
			yield;
		}
	} finally {
		closeSteps(steps);
	}
}
