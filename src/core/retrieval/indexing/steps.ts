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
