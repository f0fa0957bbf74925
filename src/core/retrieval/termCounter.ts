import { packEntry, type Field } from "./fields";
import { withLength } from "./typedArrays";

/**
 * Counts the terms of one field of one chunk, then writes them out as packed entries. The counts
 * live in one array indexed by term id, reset term by term, so counting allocates nothing.
 */
export class TermCounter {
	private counts = new Int32Array(0);
	private readonly seen: number[] = [];
	private tokens = 0;

	add(termId: number): void {
		this.counts = withLength(this.counts, termId + 1);
		if (this.counts[termId]++ === 0) this.seen.push(termId);
		this.tokens++;
	}

	/** Appends one entry per distinct term counted to `entries`, resets, and returns the token count. */
	flush(field: Field, entries: number[]): number {
		for (const termId of this.seen) {
			entries.push(packEntry(termId, field, this.counts[termId]));
			this.counts[termId] = 0;
		}
		this.seen.length = 0;
		const tokens = this.tokens;
		this.tokens = 0;
		return tokens;
	}
}
