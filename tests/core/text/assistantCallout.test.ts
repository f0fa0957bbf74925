import {
	ASSISTANT_CALLOUT_HEADER,
	findAssistantCallout,
	withAssistantCallout,
} from "../../../src/core/text/assistantCallout";
import type { WriteIntent } from "../../../src/core/vault/auditedWriter";
import { memoryFixture } from "../memory/fixture";

const NOW = "2026-03-15T12:00:00.000Z";
const intent: WriteIntent = { actor: "assistant", reason: "annotate" };

/** The callout's text as found, header line included. */
const calloutIn = (content: string) => {
	const callout = findAssistantCallout(content);
	return callout === null ? null : content.slice(callout.start, callout.end);
};

describe("the assistant's callout", () => {
	it.each([
		["at the end", "Text\n\n> [!assistant] Notes\n> one\n> two\n", "> [!assistant] Notes\n> one\n> two"],
		["folded, another title, any case", "Text\n\n>[!Assistant]- Mine\n> a\n\nAfter\n", ">[!Assistant]- Mine\n> a"],
		["header only, no final line break", "Text\n\n> [!assistant]", "> [!assistant]"],
		["ended by a heading", "> [!assistant] x\n> a\n## Next\n", "> [!assistant] x\n> a"],
		["CRLF", "Text\r\n\r\n> [!assistant] x\r\n> a\r\n\r\nAfter", "> [!assistant] x\r\n> a"],
	])("is found %s", (_, content, found) => {
		expect(calloutIn(content)).toBe(found);
	});

	it.each([
		["in a code fence", "```\n> [!assistant] x\n```\n"],
		["in frontmatter", "---\nnote: x\n> [!assistant] x\n---\nText\n"],
		["as an indented code block", "Text\n\n    > [!assistant] x\n"],
		["further down a user's quote", "> quote\n> [!assistant] x\n"],
		["nested in another callout", "> [!note]\n> > [!assistant] x\n"],
		["of another type", "> [!assistant-notes] x\n> [!assistants] y\n"],
	])("is not found %s", (_, content) => {
		expect(findAssistantCallout(content)).toBeNull();
	});

	it("ends where the blockquote ends, even when a fence follows it directly", () => {
		expect(calloutIn("> [!assistant] x\n> a\n```\n> b\n```\n")).toBe("> [!assistant] x\n> a");
	});

	it("is replaced in place with the header kept, or appended after a blank line", () => {
		expect(withAssistantCallout("A\n\n>[!assistant]- Mine\n> old\n> older\n\nB\n", "new\n\nlines\n")).toBe(
			"A\n\n>[!assistant]- Mine\n> new\n>\n> lines\n\nB\n",
		);
		expect(withAssistantCallout("A", "new")).toBe(`A\n\n${ASSISTANT_CALLOUT_HEADER}\n> new\n`);
		expect(withAssistantCallout("", "new")).toBe(`${ASSISTANT_CALLOUT_HEADER}\n> new\n`);
	});
});

describe("AuditedWriter.writeAssistantCallout", () => {
	it("writes the callout and records the change", async () => {
		const { deps, vault, records } = memoryFixture({ "n.md": "---\nverified: true\n---\nText\n" }, NOW);
		await deps.writer.writeAssistantCallout("n.md", "first", intent);
		await deps.writer.writeAssistantCallout("n.md", "second", intent);
		expect(await vault.read("n.md")).toBe(`---\nverified: true\n---\nText\n\n${ASSISTANT_CALLOUT_HEADER}\n> second\n`);
		expect(records()).toMatchObject([
			{ action: "process", path: "n.md", reason: "annotate" },
			{ action: "process", path: "n.md", reason: "annotate" },
		]);
	});

	it("refuses a missing note and a path outside its reach, writing nothing", async () => {
		const { deps, vault, log } = memoryFixture({ "Private/n.md": "x" }, NOW, ["Private"]);
		await expect(deps.writer.writeAssistantCallout("n.md", "x", intent)).rejects.toMatchObject({ refusal: "missing" });
		await expect(deps.writer.writeAssistantCallout("Private/n.md", "x", intent)).rejects.toMatchObject({
			rule: "excluded",
		});
		await expect(deps.writer.writeAssistantCallout("../n.md", "x", intent)).rejects.toMatchObject({ rule: "parent" });
		expect(await vault.read("Private/n.md")).toBe("x");
		expect(log.text).toBe("");
	});
});
