import { withLength } from "./typedArrays";

/** The term ids listed under one key, in a typed array that grows. */
export interface TermList {
	ids: Int32Array;
	length: number;
}

/** Term ids listed by a number key (a bigram, a first character), as the typo correctors index the vocabulary. */
export class TermLists {
	private readonly lists = new Map<number, TermList>();

	get(key: number): TermList | undefined {
		return this.lists.get(key);
	}

	/** Lists `termId` under `key`, once even if added twice in a row (a bigram seen twice in one term). */
	add(key: number, termId: number): void {
		let list = this.lists.get(key);
		if (list === undefined) {
			list = { ids: new Int32Array(4), length: 0 };
			this.lists.set(key, list);
		}
		if (list.length > 0 && list.ids[list.length - 1] === termId) return;
		list.ids = withLength(list.ids, list.length + 1);
		list.ids[list.length++] = termId;
	}
}
