import { toolResultBlock } from "../../src/core/agent/loop";
import { formatMatches, type SearchAnswer } from "../../src/core/agent/tools";
import { t } from "../../src/i18n";
import { offlineAnswer } from "../../src/llm/offlineAnswer";

function answerTo(answer: SearchAnswer): string {
	const result = { text: formatMatches(answer), isError: false, display: { kind: "search-answer", answer } } as const;
	return offlineAnswer(toolResultBlock("toolu_offline_1", result), t);
}

describe("the offline answer", () => {
	const answer: SearchAnswer = {
		best: {
			path: "Projects/Thesis.md",
			line: 21,
			heading: "Thesis > Status",
			text: "- [ ] Chapter 2 draft, due on 2026-12-15",
		},
		matches: [
			{
				path: "Projects/Thesis.md",
				line: 21,
				heading: "Thesis > Status",
				score: 2,
				passage: "- [x] Ethics approval\n- [ ] Chapter 2 draft, due on 2026-12-15\n\n1. Write\n2. Send",
			},
			{ path: "Notes/Plan.md", line: 1, heading: "", score: 1, passage: "Plan the chapters." },
		],
		linked: {
			from: "Projects/Thesis.md",
			notes: [{ path: "People/Dr. Lin.md", line: 8, heading: "Dr. Lin", passage: "Supervisor." }],
		},
	};

	it("answers from the search's data, whatever the result's text says", () => {
		const result = {
			text: "Found two notes; the thesis one answers best.",
			isError: false,
			display: { kind: "search-answer", answer },
		} as const;
		expect(offlineAnswer(toolResultBlock("toolu_offline_1", result), t)).toBe(answerTo(answer));
		expect(answerTo(answer)).toContain("[[Projects/Thesis#Status|Thesis › Status]]");
	});

	it("quotes the best line first, with a link to its section, then the offline label, each note's markdown under a link, then the linked notes", () => {
		expect(answerTo(answer)).toBe(
			[
				"> - [ ] Chapter 2 draft, due on 2026-12-15\n>\n> — [[Projects/Thesis#Status|Thesis › Status]]",
				"",
				t("offline.answer.matches"),
				"",
				"**[[Projects/Thesis#Status|Thesis › Status]]**",
				"",
				"- [x] Ethics approval\n- [ ] Chapter 2 draft, due on 2026-12-15\n\n1. Write\n2. Send",
				"",
				"**[[Notes/Plan|Plan]]**",
				"",
				"Plan the chapters.",
				"",
				t("offline.answer.linked-from", { note: "[[Projects/Thesis|Thesis]]" }),
				"",
				"**[[People/Dr. Lin|Dr. Lin]]**",
				"",
				"Supervisor.",
				"",
				t("offline.answer.add-key"),
			].join("\n"),
		);
	});

	it("shows no heading as a `#` line, and names a section under another title by the note first", () => {
		const text = answerTo({
			best: null,
			matches: [{ path: "a/Trip.md", line: 3, heading: "Packing > Food", score: 1, passage: "- Rice" }],
			linked: null,
		});
		expect(text).toContain("**[[a/Trip#Food|Trip › Packing › Food]]**\n\n- Rice");
		expect(text).not.toMatch(/^#/m);
	});
});
