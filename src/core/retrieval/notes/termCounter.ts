import { BODY, packEntry, type Field } from "../indexing/fields";
import { withLength } from "../indexing/typedArrays";

/**
 * Counts the terms of a note one field at a time, and collects the note's packed entries. Every
 * array is a typed array kept from note to note, so counting allocates nothing: the counts are
 * indexed by term id and reset term by term, and the entries are copied out once per note.
 */
export class TermCounter {
	private counts = new Int32Array(0);
	/** The distinct terms of the field being counted, in order of first sight. */
	private seen = new Int32Array(256);
	private seenCount = 0;
	private tokens = 0;
	private entries = new Uint32Array(1024);
	private entryCount = 0;

	/** Entries collected since the last `takeEntries`. */
	get size(): number {
		return this.entryCount;
	}

	add(termId: number): void {
		if (termId >= this.counts.length) this.counts = withLength(this.counts, termId + 1);
		if (this.counts[termId]++ === 0) {
			if (this.seenCount === this.seen.length) this.seen = withLength(this.seen, this.seenCount + 1);
			this.seen[this.seenCount++] = termId;
		}
		this.tokens++;
	}

	/** Collects one entry per distinct term counted, in `field`; resets, and returns the token count. */
	flush(field: Field): number {
		this.entries = withLength(this.entries, this.entryCount + this.seenCount);
		for (let index = 0; index < this.seenCount; index++) {
			const termId = this.seen[index];
			this.entries[this.entryCount++] = packEntry(termId, field, this.counts[termId]);
			this.counts[termId] = 0;
		}
		this.seenCount = 0;
		const tokens = this.tokens;
		this.tokens = 0;
		return tokens;
	}

	/** Forgets a note left half counted (a throw while tokenizing it), so that the next one starts clean. */
	reset(): void {
		// Flushing clears the counts; the entries it writes go with the rest.
		this.flush(BODY);
		this.entryCount = 0;
	}

	/** The entries collected since the last call, in order. */
	takeEntries(): Uint32Array {
		const taken = this.entries.slice(0, this.entryCount);
		this.entryCount = 0;
		return taken;
	}
}
