import { kindOf, parseQuery } from "../../../src/core/retrieval";
import { parseCalendarDay } from "../../../src/core/retrieval/notes/calendarDay";
import { boundedEditDistance } from "../../../src/core/retrieval/text/editDistance";

describe("query parsing", () => {
	it("takes #tags and [[links]] out of the text, keeping a link's words", () => {
		expect(parseQuery("budget #Project/Atlas [[Plans/Q3 plan#Goals|the plan]] review #123")).toEqual({
			text: "budget the plan review #123",
			tags: ["project/atlas"],
			links: ["Plans/Q3 plan"],
		});
	});

	it("does not take a # inside a word or URL for a tag", () => {
		expect(parseQuery("C# and https://x.org/#top").tags).toEqual([]);
	});
});

describe("edit distance", () => {
	it("counts a swap of neighbours as one edit", () => {
		expect(boundedEditDistance("dialy", "daily", 2)).toBe(1);
		expect(boundedEditDistance("grpah", "graph", 2)).toBe(1);
		expect(boundedEditDistance("kitten", "sitting", 3)).toBe(3);
	});

	it("stops early past the limit", () => {
		expect(boundedEditDistance("abcdef", "uvwxyz", 1)).toBe(2);
		expect(boundedEditDistance("a", "abcd", 1)).toBe(2);
	});
});

describe("dates and kinds", () => {
	it("reads only valid calendar dates, with anything after them", () => {
		expect(parseCalendarDay("2026-03-05 standup")).toBe(Date.UTC(2026, 2, 5) / 86_400_000);
		expect(parseCalendarDay("2026-02-30")).toBeNull();
		expect(parseCalendarDay("2026-03-051")).toBeNull();
		expect(parseCalendarDay("notes 2026-03-05")).toBeNull();
	});

	it("lets a daily notes folder at the vault root claim only notes named by a date", () => {
		const rules = { dailyFolders: [""], weeklyFolders: [], longTermPaths: [], inboxFolders: [] };
		expect(kindOf("2026-03-05.md", rules)).toBe("daily");
		expect(kindOf("Recipes.md", rules)).toBe("notes");
		expect(kindOf("Projects/2026-03-05.md", rules)).toBe("notes");
	});
});
