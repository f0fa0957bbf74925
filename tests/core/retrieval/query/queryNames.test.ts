import { queryNamesNote } from "../../../../src/core/retrieval/query/queryNames";

describe("whether a query names a note", () => {
	it("by its title or an alias, whatever the case and punctuation", () => {
		expect(queryNamesNote("graph view", ["Graph view"])).toBe(true);
		expect(queryNamesNote("Frontmatter!", ["Properties", "frontmatter"])).toBe(true);
		expect(queryNamesNote("白板", ["白板", "Canvas"])).toBe(true);
	});

	it("by a title misspelled by a slip of the keyboard", () => {
		expect(queryNamesNote("grpah view", ["Graph view"])).toBe(true);
		expect(queryNamesNote("grape vine", ["Graph view"])).toBe(false);
	});

	it("by a title of several words held whole in a longer query, but not by a one-word title", () => {
		expect(queryNamesNote("graph view colour groups", ["Graph view"])).toBe(true);
		expect(queryNamesNote("search my notes for recipes", ["Search"])).toBe(false);
	});
});
