import type { IndexStats } from "../../src/core/retrieval";
import type { MeaningStatus } from "../../src/core/retrieval/meaning/meaningIndex";

/** What `index --json` prints: the size of the index and what building it cost. */
export interface IndexSummary {
	/** Notes in the index. */
	readonly files: number;
	readonly chunks: number;
	/** Files left out (not markdown, too large, private, excluded, the assistant's own records). */
	readonly skipped: number;
	/** Building the index from the loaded vault, in milliseconds. */
	readonly ms: number;
	/** The process's heap and array buffers after the build: the vault's text, its metadata and the index. */
	readonly heapMB: number;
}

export function indexSummary(stats: IndexStats, buildMs: number, heapBytes: number): IndexSummary {
	return {
		files: stats.notes,
		chunks: stats.chunks,
		skipped: stats.skipped,
		ms: Math.round(buildMs),
		heapMB: Math.round((heapBytes / 2 ** 20) * 10) / 10,
	};
}

export function indexReport(summary: IndexSummary, stats: IndexStats, loadMs: number): string[] {
	const reasons = Object.entries(stats.skippedBy).filter(([, count]) => count > 0);
	return [
		`loaded the vault folder in ${Math.round(loadMs)} ms`,
		`indexed ${summary.files} notes (${summary.chunks} chunks, ${stats.terms} terms) in ${summary.ms} ms; memory ${summary.heapMB} MB`,
		`skipped ${summary.skipped} ${summary.skipped === 1 ? "file" : "files"}${reasons.length === 0 ? "" : ":"}`,
		...reasons.map(([reason, count]) => `  ${reason.padEnd(18)} ${count}`),
	];
}

/** Where search by meaning stands after `index`: how many chunks have vectors, or why it paused. */
export function meaningReport(status: MeaningStatus): string {
	if (status.state === "paused") return `search by meaning paused: ${status.message}`;
	if (status.state === "embedding")
		return `search by meaning: ${status.notesDone} of ${status.notesTotal} notes embedded`;
	return `search by meaning: ${status.chunks} chunks with vectors (${status.embedded} embedded by this run)`;
}
