/**
 * Where a page of at most `maxChars` characters that starts at `start` should end (exclusive):
 * after the last line break that leaves the page at least half full, else after the last space,
 * else at the limit itself (never between the two halves of a surrogate pair). Pages cut this
 * way put the text back together exactly.
 */
export function pageEnd(text: string, start: number, maxChars: number): number {
	const limit = start + maxChars;
	if (limit >= text.length) return text.length;
	const halfFull = start + Math.floor(maxChars / 2);
	for (const separator of ["\n", " "]) {
		const at = text.lastIndexOf(separator, limit - 1);
		if (at >= halfFull) return at + 1;
	}
	return isHighSurrogate(text.charCodeAt(limit - 1)) ? limit - 1 : limit;
}

function isHighSurrogate(code: number): boolean {
	return code >= 0xd800 && code <= 0xdbff;
}

/** "1,234": counts in messages to the model, grouped the same way whatever the runtime's locale. */
export function formatCount(count: number): string {
	return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** "1 line", "1,204 lines". */
export function countOf(count: number, noun: string): string {
	return `${formatCount(count)} ${noun}${count === 1 ? "" : "s"}`;
}
