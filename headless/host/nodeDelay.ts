/** The host's timers for a client's retry waits and time limits: Node's, here. */
export function nodeDelay(callback: () => void, ms: number): () => void {
	const timer = setTimeout(callback, ms);
	return () => clearTimeout(timer);
}
