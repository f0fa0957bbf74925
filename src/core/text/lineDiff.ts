import { commonEnds } from "./commonEnds";

/** A line of a diff as the review shows it, a run of unchanged lines left out, or the word that the texts were too far apart to compare line by line. */
export type DiffLine =
	| { readonly kind: "context" | "removed" | "added"; readonly text: string }
	| { readonly kind: "gap"; readonly lines: number }
	| NotCompared;

/**
 * The most line edits searched for. A note a person or the assistant revised stays far below it;
 * two unrelated long texts reach it quickly, and then their differing middle is shown as replaced
 * whole (and said so) instead of searching on: time and memory stay bounded by it.
 */
const MAX_EDITS = 1_000;

type Step = { readonly kind: "context" | "removed" | "added"; readonly text: string };
type NotCompared = { readonly kind: "not-compared" };

/**
 * What changed from `before` to `after`, line by line, with `context` unchanged lines around each
 * change and the unchanged runs between changes left out as gaps. Identical texts give no lines;
 * line endings (`\n`, `\r\n`, `\r`) do not count as a change.
 */
export function lineDiff(before: string, after: string, context = 2): DiffLine[] {
	return withGaps(fullDiff(linesOf(before), linesOf(after)), context);
}

function linesOf(text: string): string[] {
	return text === "" ? [] : text.split(/\r\n|\r|\n/);
}

function fullDiff(old: readonly string[], now: readonly string[]): Array<Step | NotCompared> {
	const { head, tail } = commonEnds(old, now);
	const middleOld = old.slice(head, old.length - tail);
	const middleNow = now.slice(head, now.length - tail);
	const middle = shortestEdit(middleOld, middleNow, MAX_EDITS) ?? [
		{ kind: "not-compared" as const },
		...replacedWhole(middleOld, middleNow),
	];
	return [...unchanged(old.slice(0, head)), ...middle, ...unchanged(old.slice(old.length - tail))];
}

function unchanged(lines: readonly string[]): Step[] {
	return lines.map((text) => ({ kind: "context", text }));
}

function replacedWhole(old: readonly string[], now: readonly string[]): Step[] {
	return [
		...old.map((text): Step => ({ kind: "removed", text })),
		...now.map((text): Step => ({ kind: "added", text })),
	];
}

/** The lines as numbers, equal lines as equal numbers, so that the search compares integers. */
function numbered(old: readonly string[], now: readonly string[]): [Int32Array, Int32Array] {
	const ids = new Map<string, number>();
	const idOf = (line: string) => {
		let id = ids.get(line);
		if (id === undefined) ids.set(line, (id = ids.size));
		return id;
	};
	return [Int32Array.from(old, idOf), Int32Array.from(now, idOf)];
}

/**
 * A shortest edit script from `old` to `now` by Myers' O(ND) algorithm ("An O(ND) Difference
 * Algorithm and Its Variations", 1986): for each number of edits d, the furthest point reached
 * on each diagonal, kept for the walk back. Null when more than `maxEdits` edits are needed.
 * The points kept for step d cover only its diagonals -d..d, so memory grows with d², not with
 * the length of the texts.
 */
function shortestEdit(old: readonly string[], now: readonly string[], maxEdits: number): Step[] | null {
	const [a, b] = numbered(old, now);
	const n = a.length;
	const m = b.length;
	const limit = Math.min(n + m, maxEdits);
	// furthest[k + limit + 1]: the furthest x on diagonal k = x - y.
	const furthest = new Int32Array(2 * limit + 3);
	const offset = limit + 1;
	const trace: Int32Array[] = [];
	for (let d = 0; d <= limit; d++) {
		for (let k = -d; k <= d; k += 2) {
			const down = k === -d || (k !== d && furthest[offset + k - 1] < furthest[offset + k + 1]);
			let x = down ? furthest[offset + k + 1] : furthest[offset + k - 1] + 1;
			let y = x - k;
			while (x < n && y < m && a[x] === b[y]) {
				x++;
				y++;
			}
			furthest[offset + k] = x;
			if (x >= n && y >= m) {
				trace.push(furthest.slice(offset - d, offset + d + 1));
				return walkBack(trace, old, now);
			}
		}
		trace.push(furthest.slice(offset - d, offset + d + 1));
	}
	return null;
}

/** The edit script read back from the last point to the first through the points kept for each step. */
function walkBack(trace: readonly Int32Array[], old: readonly string[], now: readonly string[]): Step[] {
	const steps: Step[] = [];
	let x = old.length;
	let y = now.length;
	for (let d = trace.length - 1; d > 0; d--) {
		const previous = trace[d - 1];
		const at = (k: number) => previous[k + d - 1];
		const k = x - y;
		const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
		const fromK = down ? k + 1 : k - 1;
		const fromX = at(fromK);
		const fromY = fromX - fromK;
		for (; x > fromX && y > fromY; y--) steps.push({ kind: "context", text: old[--x] });
		if (down) steps.push({ kind: "added", text: now[--y] });
		else steps.push({ kind: "removed", text: old[--x] });
	}
	for (; x > 0 && y > 0; y--) steps.push({ kind: "context", text: old[--x] });
	return steps.reverse();
}

/** Keeps `context` lines on each side of every change; each longer unchanged run becomes a gap. */
function withGaps(steps: ReadonlyArray<Step | NotCompared>, context: number): DiffLine[] {
	const changed = steps.map((step) => step.kind !== "context");
	if (!changed.includes(true)) return [];
	const near = (index: number) => {
		for (let k = Math.max(0, index - context); k <= Math.min(steps.length - 1, index + context); k++)
			if (changed[k]) return true;
		return false;
	};
	const lines: DiffLine[] = [];
	let skipped = 0;
	steps.forEach((step, index) => {
		if (near(index)) {
			if (skipped > 0) lines.push({ kind: "gap", lines: skipped });
			skipped = 0;
			lines.push(step);
		} else {
			skipped++;
		}
	});
	if (skipped > 0) lines.push({ kind: "gap", lines: skipped });
	return lines;
}
