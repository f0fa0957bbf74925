/**
 * The `k` best of the first `count` items by `scores`, best first, without sorting them all: a
 * bounded min-heap of indices, O(count × log k), comparing numbers inline and calling `before`
 * only for equal scores. `before(a, b)` breaks ties (a strict order), which makes the selection
 * independent of the order the items come in.
 */
export function selectTop(
	scores: Float64Array,
	count: number,
	k: number,
	before: (a: number, b: number) => boolean,
): number[] {
	const heap: number[] = [];
	const better = (a: number, b: number) => scores[a] > scores[b] || (scores[a] === scores[b] && before(a, b));
	for (let item = 0; item < count && k > 0; item++) {
		if (heap.length < k) {
			heap.push(item);
			siftUp(heap, heap.length - 1, better);
		} else if (scores[item] >= scores[heap[0]] && better(item, heap[0])) {
			heap[0] = item;
			siftDown(heap, 0, better);
		}
	}
	return heap.sort((a, b) => (better(a, b) ? -1 : 1));
}

/** The heap keeps the worst item on top, so that it is the one a better item replaces. */
function siftUp(heap: number[], index: number, better: (a: number, b: number) => boolean): void {
	while (index > 0) {
		const parent = (index - 1) >> 1;
		if (!better(heap[parent], heap[index])) return;
		[heap[parent], heap[index]] = [heap[index], heap[parent]];
		index = parent;
	}
}

function siftDown(heap: number[], index: number, better: (a: number, b: number) => boolean): void {
	for (;;) {
		const left = index * 2 + 1;
		const right = left + 1;
		let worst = index;
		if (left < heap.length && better(heap[worst], heap[left])) worst = left;
		if (right < heap.length && better(heap[worst], heap[right])) worst = right;
		if (worst === index) return;
		[heap[worst], heap[index]] = [heap[index], heap[worst]];
		index = worst;
	}
}

/** The `k` highest of the numbers added, in no order: a min-heap of numbers, O(log k) an addition. */
export class TopScores {
	/** A min-heap; the slots not filled yet hold -∞, which keeps it one. */
	private readonly heap: Float64Array;
	private added = 0;

	constructor(k: number) {
		this.heap = new Float64Array(k).fill(Number.NEGATIVE_INFINITY);
	}

	/** The lowest of the `k` highest, or `null` while fewer than `k` numbers were added. */
	get lowest(): number | null {
		return this.added < this.heap.length ? null : this.heap[0];
	}

	add(score: number): void {
		this.added++;
		const heap = this.heap;
		if (!(score > heap[0])) return;
		let at = 0;
		for (;;) {
			const left = at * 2 + 1;
			if (left >= heap.length) break;
			const child = left + 1 < heap.length && heap[left + 1] < heap[left] ? left + 1 : left;
			if (heap[child] >= score) break;
			heap[at] = heap[child];
			at = child;
		}
		heap[at] = score;
	}
}
