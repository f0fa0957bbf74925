/** A line of a diff as the review shows it, or a run of unchanged lines left out. */
export type DiffLine =
	| { readonly kind: "context" | "removed" | "added"; readonly text: string }
	| { readonly kind: "gap"; readonly lines: number };

/** Above this many line pairs the middle is shown as one block: identity files are far smaller. */
const MAX_COMPARED_PAIRS = 1_000_000;

/**
 * What changed from `before` to `after`, line by line (longest common subsequence), with
 * `context` unchanged lines around each change and the unchanged runs between changes left out
 * as gaps. Identical texts give no lines.
 */
export function lineDiff(before: string, after: string, context = 2): DiffLine[] {
	const old = before.split(/\r\n|\r|\n/);
	const now = after.split(/\r\n|\r|\n/);
	return withGaps(fullDiff(old, now), context);
}

type Step = { readonly kind: "context" | "removed" | "added"; readonly text: string };

function fullDiff(old: readonly string[], now: readonly string[]): Step[] {
	let head = 0;
	while (head < old.length && head < now.length && old[head] === now[head]) head++;
	let tail = 0;
	while (tail < old.length - head && tail < now.length - head && old[old.length - 1 - tail] === now[now.length - 1 - tail]) tail++;
	const same = (lines: readonly string[]) => lines.map((text): Step => ({ kind: "context", text }));
	const middleOld = old.slice(head, old.length - tail);
	const middleNow = now.slice(head, now.length - tail);
	return [...same(old.slice(0, head)), ...middleDiff(middleOld, middleNow), ...same(old.slice(old.length - tail))];
}

function middleDiff(old: readonly string[], now: readonly string[]): Step[] {
	if (old.length * now.length > MAX_COMPARED_PAIRS) {
		return [...old.map((text): Step => ({ kind: "removed", text })), ...now.map((text): Step => ({ kind: "added", text }))];
	}
	// common[i][j]: the longest common subsequence of old[i..] and now[j..], in one flat array.
	const width = now.length + 1;
	const common = new Uint32Array((old.length + 1) * width);
	for (let i = old.length - 1; i >= 0; i--) {
		for (let j = now.length - 1; j >= 0; j--) {
			common[i * width + j] = old[i] === now[j] ? common[(i + 1) * width + j + 1] + 1 : Math.max(common[(i + 1) * width + j], common[i * width + j + 1]);
		}
	}
	const steps: Step[] = [];
	let i = 0;
	let j = 0;
	while (i < old.length || j < now.length) {
		if (i < old.length && j < now.length && old[i] === now[j]) {
			steps.push({ kind: "context", text: old[i++] });
			j++;
		} else if (i < old.length && (j === now.length || common[(i + 1) * width + j] >= common[i * width + j + 1])) {
			steps.push({ kind: "removed", text: old[i++] });
		} else {
			steps.push({ kind: "added", text: now[j++] });
		}
	}
	return steps;
}

/** Keeps `context` lines on each side of every change; each longer unchanged run becomes a gap. */
function withGaps(steps: readonly Step[], context: number): DiffLine[] {
	const changed = steps.map((step) => step.kind !== "context");
	if (!changed.includes(true)) return [];
	const near = (index: number) => {
		for (let k = Math.max(0, index - context); k <= Math.min(steps.length - 1, index + context); k++) if (changed[k]) return true;
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
