import {
	namesWithheld,
	WITHHELD_LINE,
	WITHHELD_LINK,
	WITHHELD_TAG,
	withoutHiddenNames,
} from "../../../src/core/vault/hiddenNames";
import { toolsOver } from "../agent/tools/toolFixture";

const VAULT = {
	"Projects/Plan.md": "# Plan\n",
	"Private/Salary talks.md": "# Salary\n",
	"Notes/Pay.md": "---\nassistant: private\n---\n# Pay\n",
	"Notes/Diet.md": "# Diet\n",
	"Notes/scan.png": "png",
};

async function withheld(text: string): Promise<string> {
	const { deps } = await toolsOver(VAULT, { excludedFolders: ["Private"], excludedTags: ["health"] });
	return withoutHiddenNames(text, deps.vault);
}

describe("derived text under today's rules", () => {
	it("withholds links to hidden notes however they are written, and keeps every other link", async () => {
		const text = [
			"See [[Salary talks]], [[Private/Salary talks#Numbers|the numbers]] and ![[Notes/Pay]].",
			"Also [the pay](Notes/Pay.md), [talks](<Private/Salary talks.md>) and [talks](Private/Salary%20talks.md).",
			"Kept: [[Projects/Plan]], [[Notes/Diet#Secret sauce]], [[Not written yet]], ![[scan.png]], [site](https://example.org/Private/x).",
		].join("\n");
		const lines = (await withheld(text)).split("\n");
		expect(lines[0]).toBe(`See ${WITHHELD_LINK}, ${WITHHELD_LINK} and ${WITHHELD_LINK}.`);
		expect(lines[1]).toBe(`Also ${WITHHELD_LINK}, ${WITHHELD_LINK} and ${WITHHELD_LINK}.`);
		expect(lines[2]).toBe(
			"Kept: [[Projects/Plan]], [[Notes/Diet#Secret sauce]], [[Not written yet]], ![[scan.png]], [site](https://example.org/Private/x).",
		);
	});

	it("withholds an excluded tag and its nested tags, not a heading link or a page anchor that reads like one", async () => {
		expect(await withheld("Tagged #health, #Health/sleep and #healthy; see [[Diet#health]] and page#health.")).toBe(
			`Tagged ${WITHHELD_TAG}, ${WITHHELD_TAG} and #healthy; see [[Diet#health]] and page#health.`,
		);
	});

	it("withholds a line whose subject is hidden, keeping its quote marks and the count of lines", async () => {
		const text = [
			"> | Folder | Notes |",
			"> | Private | 3 |",
			"> | Projects | 2 |",
			"- Private holds 120 notes directly.",
			"- Projects holds 2 notes.",
			"Source: Notes/Pay.md:3",
			"The settings live in .obsidian/plugins, transcripts in chats/2026-03-01.md.",
		].join("\n");
		expect((await withheld(text)).split("\n")).toEqual([
			"> | Folder | Notes |",
			`> ${WITHHELD_LINE}`,
			"> | Projects | 2 |",
			WITHHELD_LINE,
			"- Projects holds 2 notes.",
			WITHHELD_LINE,
			"The settings live in .obsidian/plugins, transcripts in chats/2026-03-01.md.",
		]);
	});

	it("leaves text that names nothing hidden exactly as it was", async () => {
		const text = "# Week\r\n\r\n- Wrote the [[Projects/Plan]].\r\n- #reading, and a private word.\r\n";
		expect(await withheld(text)).toBe(text);
	});
});

describe("short names that resolve to nothing the view shows", () => {
	it("are judged together, each link found wherever it stands, in every text read at one moment", async () => {
		const { deps } = await toolsOver(
			{ ...VAULT, "Private/Offer.md": "# Offer\n", "Notes/Diary.md": "---\ntags: [health]\n---\n# Diary\n" },
			{ excludedFolders: ["Private"], excludedTags: ["health"] },
		);
		const read = namesWithheld(deps.vault, "memory/daily/2026-03-15.md");
		const first = read("- [[Not written yet]] and [[Salary talks]].\n- Again [[Salary talks]], then [[Idea]].");
		expect(first).toBe(`- [[Not written yet]] and ${WITHHELD_LINK}.\n- Again ${WITHHELD_LINK}, then [[Idea]].`);
		// A second text of the same reader asks for names the first did not: they are looked up too.
		expect(read("- Signed [[Offer]]; kept a [[Diary]]; [[Salary talks]] done.")).toBe(
			`- Signed ${WITHHELD_LINK}; kept a ${WITHHELD_LINK}; ${WITHHELD_LINK} done.`,
		);
		expect(read("- [[Idea]] and [[Not written yet]].")).toBe("- [[Idea]] and [[Not written yet]].");
	});
});
