import { findAssistantCallout } from "../text/assistantCallout";
import { findFrontmatterBlock } from "../text/frontmatterBlock";

/**
 * The parts of a note a proposed edit never changes: its properties (they decide whether a note
 * is private or verified, which the user sets, not a proposal) and the assistant's own callout
 * (written with `note_annotate`, apart from the user's text).
 */
export type ProtectedRegion = "properties" | "assistant-callout";

interface Region {
	readonly kind: ProtectedRegion;
	readonly start: number;
	readonly end: number;
}

function regionsOf(text: string): Region[] {
	const regions: Region[] = [];
	const properties = findFrontmatterBlock(text);
	if (properties !== null) regions.push({ kind: "properties", start: 0, end: properties.bodyStart });
	const callout = findAssistantCallout(text);
	if (callout !== null) regions.push({ kind: "assistant-callout", start: callout.start, end: callout.end });
	return regions;
}

/**
 * The protected region a change of `[start, end)` touches, `null` when none: a replacement that
 * overlaps one, or an insertion strictly inside one (at its edge, it is beside it).
 */
export function protectedRegionAt(text: string, start: number, end: number): ProtectedRegion | null {
	for (const region of regionsOf(text)) {
		const touches =
			start === end ? start > region.start && start < region.end : start < region.end && end > region.start;
		if (touches) return region.kind;
	}
	return null;
}

/**
 * The protected region that differs between `before` and `after`, `null` when both are the same:
 * checked on the text a change would write, so that changes that each keep clear of them cannot
 * together make new properties (a `---` line inserted at the top) or a callout of the assistant's.
 */
export function changedProtectedRegion(before: string, after: string): ProtectedRegion | null {
	const was = regionsOf(before);
	const now = regionsOf(after);
	for (const kind of ["properties", "assistant-callout"] as const) {
		const old = was.find((region) => region.kind === kind);
		const next = now.find((region) => region.kind === kind);
		const oldText = old === undefined ? null : before.slice(old.start, old.end);
		const nextText = next === undefined ? null : after.slice(next.start, next.end);
		if (oldText !== nextText) return kind;
	}
	return null;
}
