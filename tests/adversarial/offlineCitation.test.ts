/**
 * The offline answer cites each passage with a link to its section, `[[path#Heading|label]]`,
 * and the chat draws it as markdown. A heading is the note's text, so it can hold what ends a
 * link: a heading written to break out (`## Zebra ]] ![[Private/Secret]] [[`) must not make the
 * citation draw an embed of a hidden note, nor any link other than the citation's own.
 */
import { toolResultBlock } from "../../src/core/agent/loop";
import { runTool } from "../../src/core/agent/tools";
import { t } from "../../src/i18n";
import { offlineAnswer } from "../../src/llm/offlineAnswer";
import { toolsOver } from "../core/agent/tools/toolFixture";

const files = {
	"Private/Secret.md": "# Secret\n\nThe combination is 4512.\n",
	"Projects/Plan.md":
		"# Plan\n\n## Zebra ]] ![[Private/Secret]] [[\n\n- The zebra plan starts on Monday.\n- The zebra budget is small.\n",
};

describe("the offline answer's citations", () => {
	it("draw no embed or link out of a heading that holds the characters that end a link", async () => {
		const { deps } = await toolsOver(files, { excludedFolders: ["Private"] });
		const result = await runTool("memory_search", { query: "zebra plan" }, deps);
		const answer = offlineAnswer(toolResultBlock("toolu_offline_1", result), t);
		expect(answer).toContain("Projects/Plan");
		expect(answer).not.toContain("![[");
		const links = answer.match(/\[\[[^\]]*\]\]/g) ?? [];
		expect(links.length).toBeGreaterThan(0);
		for (const link of links) expect(link).toMatch(/^\[\[Projects\/Plan[#|]/);
	});
});
