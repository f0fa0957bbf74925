import { ID_LIMIT } from "./fields";
import type { StringTable } from "./stringTable";
import { TermTable } from "./termTable";

/**
 * Interned terms: every distinct token is stored once and referred to by a small integer, so that
 * postings and notes hold numbers, not strings. Ids only grow; a term whose notes are all gone
 * stays until the index is saved (the snapshot keeps only terms still in use).
 */
export class Vocabulary {
	private readonly table = new TermTable();

	constructor(terms: readonly string[] = []) {
		for (const term of terms) this.intern(term);
	}

	get size(): number {
		return this.table.size;
	}

	intern(term: string): number {
		return this.checked(this.table.intern(term));
	}

	/** The id of a token where it stands in a text (see `TokenSink`), numbered now if it is new. */
	internRange(text: string, start: number, end: number, tail: number, hash: number): number {
		return this.checked(this.table.internRange(text, start, end, tail, hash));
	}

	/** `internRange` for a token held a byte a character (see `TermTable.idOfBytes`). */
	internBytes(bytes: Uint8Array, start: number, end: number, tail: number, hash: number): number {
		return this.checked(this.table.internBytes(bytes, start, end, tail, hash));
	}

	/** Takes a snapshot's terms as ids 0, 1, 2… (see `TermTable.restore`); false if they cannot be. */
	restore(terms: StringTable, termsPerStep: number): Generator<void, boolean> {
		return this.table.restore(terms, termsPerStep);
	}

	idOf(term: string): number | undefined {
		const id = this.table.idOf(term);
		return id === -1 ? undefined : id;
	}

	termOf(id: number): string {
		return this.table.termOf(id);
	}

	private checked(id: number): number {
		if (id >= ID_LIMIT) throw new RangeError(`The search vocabulary is full (${ID_LIMIT} terms).`);
		return id;
	}
}
