import { computeMetadata } from "../../../headless/metadata";
import { isChecklistEmpty } from "../../../src/core/heartbeat/checklist";
import { firstMeaningfulLine } from "../../../src/core/memory/archiveIndex";
import { proseLines } from "../../../src/core/text/markdownSections";
import { parseTranscript } from "../../../src/core/agent/transcript/parseTranscript";
import { findFrontmatterBlock, withoutFrontmatter } from "../../../src/core/text/frontmatterBlock";

const NOTES: Record<string, string> = {
	plain: "---\ntitle: x\n---\nbody\n",
	CRLF: "---\r\ntitle: x\r\n---\r\nbody\r\n",
	"byte-order mark": "\uFEFF---\ntitle: x\n---\nbody\n",
	"spaces after the fences": "--- \ntitle: x\n---\t\nbody\n",
	"empty block": "---\n---\nbody\n",
	"closing fence at the very end": "---\ntitle: x\n---",
	"YAML's ... does not close": "---\ntitle: x\n...\nbody\n",
	unclosed: "---\ntitle: x\nbody\n",
	"first line not a fence": "\n---\ntitle: x\n---\nbody\n",
	"four dashes": "----\ntitle: x\n----\nbody\n",
	"indented fence": " ---\ntitle: x\n---\nbody\n",
};

describe("the end of a properties block", () => {
	it.each(Object.keys(NOTES))("is where Obsidian's metadata cache ends it: %s", (name) => {
		const text = NOTES[name];
		const cache = computeMetadata(text);
		const yaml = cache.sections?.[0]?.type === "yaml" ? cache.sections[0] : undefined;
		const block = findFrontmatterBlock(text);
		expect(block?.closingLine ?? null).toBe(yaml?.position.end.line ?? null);
		if (block !== null)
			expect(text.slice(0, block.bodyStart).replace(/\r?\n$/, "").length).toBe(yaml?.position.end.offset);
	});

	it("leaves the body, or the whole text when there is no block", () => {
		expect(withoutFrontmatter(NOTES["CRLF"])).toBe("body\r\n");
		expect(withoutFrontmatter(NOTES["byte-order mark"])).toBe("body\n");
		expect(withoutFrontmatter(NOTES["closing fence at the very end"])).toBe("");
		expect(withoutFrontmatter(NOTES["unclosed"])).toBe(NOTES["unclosed"]);
		expect(withoutFrontmatter("")).toBe("");
	});

	it("is read the same by the heartbeat checklist, the archive index, the section finder and transcripts", () => {
		expect(isChecklistEmpty("\uFEFF---\nnote: the checklist\n---\n# Heartbeat\n")).toBe(true);
		expect(isChecklistEmpty("--- \nnote: x\n--- \n- [ ] \n")).toBe(true);
		expect(firstMeaningfulLine("---\ntitle: the day\n...\nWent to the lake.\n")).toBe("title: the day");
		expect(firstMeaningfulLine("---\r\ntitle: x\r\n---\r\nWent to the lake.\r\n")).toBe("Went to the lake.");
		expect(proseLines("\uFEFF---\ntitle: x\n---\n# Heading\n").map((line) => line.text)).toEqual(["# Heading"]);
		expect(
			parseTranscript("--- \nmodel: m\n---\n## You · 2026-11-28 10:00\n\nHi\n\n## Assistant\n\nHello\n"),
		).toHaveLength(1);
	});
});
