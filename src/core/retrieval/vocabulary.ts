import { ID_LIMIT } from "./fields";

/**
 * Interned terms: every distinct token is stored once and referred to by a small integer, so that
 * postings and notes hold numbers, not strings. Ids only grow; a term whose notes are all gone
 * stays until the index is saved (the snapshot keeps only terms still in use).
 */
export class Vocabulary {
	private readonly ids = new Map<string, number>();
	private readonly terms: string[] = [];

	constructor(terms: readonly string[] = []) {
		for (const term of terms) this.intern(term);
	}

	get size(): number {
		return this.terms.length;
	}

	intern(term: string): number {
		const known = this.ids.get(term);
		if (known !== undefined) return known;
		const id = this.terms.length;
		if (id >= ID_LIMIT) throw new RangeError(`The search vocabulary is full (${ID_LIMIT} terms).`);
		this.ids.set(term, id);
		this.terms.push(term);
		return id;
	}

	idOf(term: string): number | undefined {
		return this.ids.get(term);
	}

	termOf(id: number): string {
		return this.terms[id];
	}
}
