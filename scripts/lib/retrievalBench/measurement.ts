import { performance } from "node:perf_hooks";

/** Milliseconds `work` takes, with its result. */
export function timed<T>(work: () => T): { ms: number; result: T } {
	const start = performance.now();
	const result = work();
	return { ms: performance.now() - start, result };
}

/**
 * `timed`, starting from a heap with no garbage in it. A build or a warm start allocates enough to
 * set off a full collection now and then, whose cost is that of everything the benchmark holds
 * (the whole vault's text and metadata, which the plugin never holds at once): whether one falls
 * inside a sample, or two of three, decided a median more than the engine did. Each sample starts
 * as a start-up does, with nothing left over from the one before.
 */
export function timedOnSettledHeap<T>(work: () => T): { ms: number; result: T } {
	collectGarbage();
	return timed(work);
}

/** `global.gc`, which node exposes only when started with `--expose-gc`. */
function collectGarbage(): void {
	const gc = (globalThis as { gc?: () => void }).gc;
	if (gc === undefined) throw new Error("Heap figures need node's --expose-gc (`npm run bench` passes it).");
	// Twice: the first pass runs finalizers that free more on the second.
	gc();
	gc();
}

/**
 * The memory `work` leaves behind once garbage is collected, in MB, its result kept alive: the
 * JavaScript heap and the array buffers outside it, where typed arrays keep their elements (our
 * index's tables live there; the JavaScript heap alone would miss them).
 */
export function retainedMemoryMB<T>(work: () => T): { memoryMB: number; result: T } {
	collectGarbage();
	const before = heldBytes();
	const result = work();
	collectGarbage();
	return { memoryMB: (heldBytes() - before) / (1024 * 1024), result };
}

function heldBytes(): number {
	const { heapUsed, arrayBuffers } = process.memoryUsage();
	return heapUsed + arrayBuffers;
}
