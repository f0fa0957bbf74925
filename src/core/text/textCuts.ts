import { characterWeight } from "./tokenEstimate";

/**
 * Where to cut a text so that a head or a tail stays within a weight (see `tokenEstimate.ts`).
 * A cut falls on a line break when that keeps at least half of the allowance, so that the
 * model reads whole lines and the omitted part is a clean range of lines; otherwise at the
 * allowance itself, never between the two halves of a surrogate pair.
 */

/** The end (exclusive) of the longest head of `text` within `maxWeight`. */
export function headEnd(text: string, maxWeight: number): number {
	let weight = 0;
	let end = 0;
	let afterBreak = -1;
	let weightAtBreak = 0;
	while (end < text.length) {
		const code = text.codePointAt(end) ?? 0;
		const next = weight + characterWeight(code);
		if (next > maxWeight) break;
		weight = next;
		end += code > 0xffff ? 2 : 1;
		if (code === LINE_FEED) {
			afterBreak = end;
			weightAtBreak = weight;
		}
	}
	if (end === text.length) return end;
	return afterBreak !== -1 && weightAtBreak >= maxWeight / 2 ? afterBreak : end;
}

/** The start of the longest tail of `text` within `maxWeight`. */
export function tailStart(text: string, maxWeight: number): number {
	let weight = 0;
	let start = text.length;
	let lineStart = -1;
	let weightAtLineStart = 0;
	while (start > 0) {
		const size =
			isLowSurrogate(text.charCodeAt(start - 1)) && start > 1 && isHighSurrogate(text.charCodeAt(start - 2)) ? 2 : 1;
		const next = weight + characterWeight(text.codePointAt(start - size) ?? 0);
		if (next > maxWeight) break;
		weight = next;
		start -= size;
		if (start > 0 && text.charCodeAt(start - 1) === LINE_FEED) {
			lineStart = start;
			weightAtLineStart = weight;
		}
	}
	if (start === 0) return 0;
	return lineStart !== -1 && weightAtLineStart >= maxWeight / 2 ? lineStart : start;
}

const LINE_FEED = 0x0a;

function isHighSurrogate(code: number): boolean {
	return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
	return code >= 0xdc00 && code <= 0xdfff;
}
