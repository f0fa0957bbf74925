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
