/**
 * Obsidian's `prepareFuzzySearch`: the query's characters (spaces aside) in order, case
 * ignored; a higher score for matches that start earlier and hold together, as Obsidian ranks.
 */
export function prepareFuzzySearch(
	query: string,
): (text: string) => { score: number; matches: [number, number][] } | null {
	const wanted = query.toLowerCase().replace(/\s+/g, "");
	return (text) => {
		const lower = text.toLowerCase();
		const matches: [number, number][] = [];
		let at = 0;
		for (const char of wanted) {
			const found = lower.indexOf(char, at);
			if (found === -1) return null;
			const last = matches[matches.length - 1];
			if (last !== undefined && last[1] === found) last[1] = found + 1;
			else matches.push([found, found + 1]);
			at = found + 1;
		}
		return { score: -(matches.length - 1) - (matches[0]?.[0] ?? 0) / 100 - text.length / 10_000, matches };
	};
}
