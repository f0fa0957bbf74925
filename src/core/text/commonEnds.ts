/**
 * How many items two sequences share at their start (`head`), and then at their end (`tail`,
 * never overlapping the head): what a diff can leave aside before it compares the middle.
 */
export function commonEnds<T>(old: readonly T[], now: readonly T[]): { readonly head: number; readonly tail: number } {
	let head = 0;
	while (head < old.length && head < now.length && old[head] === now[head]) head++;
	let tail = 0;
	while (
		tail < old.length - head &&
		tail < now.length - head &&
		old[old.length - 1 - tail] === now[now.length - 1 - tail]
	)
		tail++;
	return { head, tail };
}
