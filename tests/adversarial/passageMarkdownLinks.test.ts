/**
 * A search shows passages of the notes it finds, and the chat draws them as markdown, embeds
 * included. A note may point at a hidden note in markdown's own syntax (`[text](path.md)`,
 * `![](path.md)`, what Obsidian writes when wikilinks are turned off): drawn as it is, the embed
 * would show the hidden note's text in the chat, and the link would open it from there. Such a
 * link is its text alone, as a wikilink to a hidden note is; one to a note the assistant may read
 * still opens it.
 */
import { toolsOver } from "../core/agent/tools/toolFixture";

const files = {
	"Private/Secret.md": "# Secret\n\nThe combination is 4512.\n",
	"Projects/Plan.md":
		"# Plan\n\nThe zebra plan, see ![](../Private/Secret.md) and [the secret](Private/Secret.md) and ![[Private/Secret]].\n\nThe zebra details: [the budget](Projects/Budget%20notes.md), [site](https://example.org/zebra).\n",
	"Projects/Budget notes.md": "# Budget\n\nTwo hundred.\n",
};

describe("markdown links in a search's passages", () => {
	it("shows a link or an embed of a hidden note as its text alone, and keeps the others", async () => {
		const { run } = await toolsOver(files, { excludedFolders: ["Private"] });
		const { text } = await run("memory_search", { query: "zebra plan details" });
		expect(text).toContain("Plan.md");
		expect(text).not.toMatch(/\]\([^)]*Secret\.md\)/);
		expect(text).not.toContain("[[Private/Secret");
		expect(text).toContain("[[Projects/Budget notes|the budget]]");
		expect(text).toContain("[site](https://example.org/zebra)");
	});
});
