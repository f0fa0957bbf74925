/** Rows of the distance table, reused between calls (words are at most 40 characters, see the tokenizer). */
let rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/**
 * The optimal-string-alignment distance between `a` and `b` (insertions, deletions,
 * substitutions, and swaps of two neighbours, each costing 1: "dialy" is 1 from "daily"), or
 * `limit + 1` as soon as it is known to exceed `limit`.
 */
export function boundedEditDistance(a: string, b: string, limit: number): number {
	if (Math.abs(a.length - b.length) > limit) return limit + 1;
	if (b.length + 1 > rows[0].length) rows = rows.map(() => new Int32Array(b.length + 1));
	let [twoBack, previous, current] = rows;
	for (let j = 0; j <= b.length; j++) previous[j] = j;
	for (let i = 1; i <= a.length; i++) {
		current[0] = i;
		let rowMinimum = i;
		for (let j = 1; j <= b.length; j++) {
			const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
			let distance = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
			const swapped = i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1];
			if (swapped) distance = Math.min(distance, twoBack[j - 2] + 1);
			current[j] = distance;
			rowMinimum = Math.min(rowMinimum, distance);
		}
		if (rowMinimum > limit) return limit + 1;
		[twoBack, previous, current] = [previous, current, twoBack];
	}
	return Math.min(previous[b.length], limit + 1);
}
