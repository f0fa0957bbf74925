import { formatMatches, type MemoryMatch } from "../../src/core/agent/tools";
import { parseSearchResults } from "../../src/llm/searchResults";

describe("parseSearchResults", () => {
	it("reads back what memory_search writes, headings and snippets included", () => {
		const matches: MemoryMatch[] = [
			{ path: "Notes/Kayak trips.md", line: 7, heading: "Kayak trips > Fjord", score: 3.14159, snippet: "We went kayaking (twice) along the fjord." },
			{ path: "memory/daily/2026-03-10.md", line: 1, heading: "", score: 0.5, snippet: "Planned: kayak." },
			{ path: "日记/划船.md", line: 12, heading: "周末 (二)", score: 1, snippet: "" },
			{ path: "Inbox/a.md", line: 2, heading: "", score: 0.25, snippet: "" },
		];
		expect(parseSearchResults(formatMatches(matches))).toEqual(matches.map(({ score: _score, ...entry }) => entry));
	});

	it("finds nothing in the no-match sentence, and skips a truncation notice", () => {
		expect(parseSearchResults(formatMatches([]))).toEqual([]);
		const text = `${formatMatches([{ path: "a.md", line: 1, heading: "", score: 1, snippet: "x" }])}\n\n[Truncated: this answer had 13,000 characters.]`;
		expect(parseSearchResults(text)).toEqual([{ path: "a.md", line: 1, heading: "", snippet: "x" }]);
	});
});
