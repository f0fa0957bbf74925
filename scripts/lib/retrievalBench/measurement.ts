import { performance } from "node:perf_hooks";

/** Milliseconds `work` takes, with its result. */
export function timed<T>(work: () => T): { ms: number; result: T } {
	const start = performance.now();
	const result = work();
	return { ms: performance.now() - start, result };
}

/** `global.gc`, which node exposes only when started with `--expose-gc`. */
function collectGarbage(): void {
	const gc = (globalThis as { gc?: () => void }).gc;
	if (gc === undefined) throw new Error("Heap figures need node's --expose-gc (`npm run bench` passes it).");
	// Twice: the first pass runs finalizers that free more on the second.
	gc();
	gc();
}

/** The heap `work` leaves behind once garbage is collected, in MB, its result kept alive. */
export function retainedHeapMB<T>(work: () => T): { heapMB: number; result: T } {
	collectGarbage();
	const before = process.memoryUsage().heapUsed;
	const result = work();
	collectGarbage();
	return { heapMB: (process.memoryUsage().heapUsed - before) / (1024 * 1024), result };
}
