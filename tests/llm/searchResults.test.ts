import { formatMatches, type SearchAnswer } from "../../src/core/agent/tools";
import { parseSearchResults } from "../../src/llm/searchResults";

describe("parseSearchResults", () => {
	it("reads back what memory_search writes: the best line, each note's markdown, the linked notes", () => {
		const answer: SearchAnswer = {
			best: { path: "Notes/Kayak trips.md", line: 8, heading: "Kayak trips > Fjord", text: "- [ ] Book the kayak\n  for two" },
			matches: [
				{ path: "Notes/Kayak trips.md", line: 8, heading: "Kayak trips > Fjord", score: 3.14159, passage: "We went (twice).\n\n- [ ] Book the kayak\n  for two\n1. Pack" },
				{ path: "memory/daily/2026-03-10.md", line: 1, heading: "", score: 0.5, passage: "Planned: kayak." },
				{ path: "日记/划船.md", line: 12, heading: "周末 (二)", score: 1, passage: "" },
			],
			linked: { from: "Notes/Kayak trips.md", notes: [{ path: "People/Ann.md", line: 3, heading: "Ann", passage: "```\ncode\n\nmore\n```" }] },
		};
		expect(parseSearchResults(formatMatches(answer))).toEqual({
			best: { path: "Notes/Kayak trips.md", line: 8, heading: "Kayak trips > Fjord", text: "- [ ] Book the kayak\n  for two" },
			matches: answer.matches.map(({ score: _score, passage, ...entry }) => ({ ...entry, text: passage })),
			linked: { from: "Notes/Kayak trips.md", notes: [{ path: "People/Ann.md", line: 3, heading: "Ann", text: "```\ncode\n\nmore\n```" }] },
		});
	});

	it("finds nothing in the no-match sentence, and skips a truncation notice", () => {
		expect(parseSearchResults(formatMatches({ best: null, matches: [], linked: null }))).toEqual({ best: null, matches: [], linked: null });
		const text = `${formatMatches({ best: null, matches: [{ path: "a.md", line: 1, heading: "", score: 1, passage: "x" }], linked: null })}\n\n[Truncated: this answer had 13,000 characters.]`;
		expect(parseSearchResults(text)).toEqual({ best: null, matches: [{ path: "a.md", line: 1, heading: "", text: "x" }], linked: null });
	});
});
