/**
 * The term ids of the last few texts of one kind tokenized (folders, tag lists), for texts that
 * recur from note to note: a text's ids never change for a vocabulary, which only grows, so a
 * cache belongs to the one vocabulary its ids come from. Texts are compared as they are, which
 * costs less than hashing them for a map: most differ in length, and there are few.
 */
export class TermIdCache {
	private readonly texts: string[] = [];
	private readonly ids: Int32Array[] = [];
	/** Where the next text goes: the oldest is replaced. */
	private next = 0;

	constructor(private readonly capacity: number) {}

	get(text: string): Int32Array | undefined {
		const index = this.texts.indexOf(text);
		return index === -1 ? undefined : this.ids[index];
	}

	set(text: string, ids: Int32Array): void {
		this.texts[this.next] = text;
		this.ids[this.next] = ids;
		this.next = (this.next + 1) % this.capacity;
	}
}
