import type { EditHunk } from "./editProposal";

/**
 * `base` with the hunks whose ids are in `accepted` applied, the others left as they were.
 * `null` when the hunks do not fit `base`: one's `before` is not the text at its offsets, or
 * two overlap. A proposal restored from a saved chat is checked so as much as a fresh one.
 */
export function applyAccepted(base: string, hunks: readonly EditHunk[], accepted: ReadonlySet<number>): string | null {
	const chosen = hunks.filter((hunk) => accepted.has(hunk.id)).sort((a, b) => a.start - b.start || a.end - b.end);
	const parts: string[] = [];
	let at = 0;
	for (const hunk of chosen) {
		if (!Number.isInteger(hunk.start) || !Number.isInteger(hunk.end)) return null;
		if (hunk.start < at || hunk.end < hunk.start || hunk.end > base.length) return null;
		if (base.slice(hunk.start, hunk.end) !== hunk.before) return null;
		parts.push(base.slice(at, hunk.start), hunk.after);
		at = hunk.end;
	}
	parts.push(base.slice(at));
	return parts.join("");
}
