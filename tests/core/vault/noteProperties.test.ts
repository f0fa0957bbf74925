import type { NoteMetadata } from "../../../src/core/metadata";
import { isMarkedPrivate } from "../../../src/core/vault/noteProperties";
import { aliasesOf, tagsOf } from "../../../src/core/retrieval";

const at = { line: 0, col: 0, offset: 0 };

function metadataWith(frontmatter: Record<string, unknown>, inlineTags: string[] = []): NoteMetadata {
	return { frontmatter, tags: inlineTags.map((tag) => ({ tag, position: { start: at, end: at } })) };
}

describe("note properties", () => {
	it("reads tags and aliases under their keys in any case, and no other key", () => {
		const metadata = metadataWith(
			{
				Tags: "Project, #Area  reading",
				TAG: ["project", 2026],
				ALIASES: "Atlas, The atlas",
				alias: 7,
				tagsx: "nope",
				Title: "Atlas plan",
			},
			["#Inline", "#area"],
		);
		expect(tagsOf(metadata)).toEqual(["project", "area", "reading", "2026", "inline"]);
		expect(aliasesOf(metadata)).toEqual(["Atlas", "The atlas", "7"]);
	});

	it("folds full-width tags to the same tag as their ASCII spelling", () => {
		expect(tagsOf(metadataWith({ tags: ["＃Ｐｒｏｊｅｃｔ", "project"] }))).toEqual(["project"]);
	});

	it("keeps a note private when its assistant key says so in any case", () => {
		expect(isMarkedPrivate(metadataWith({ ASSISTANT: "Private" }))).toBe(true);
		expect(isMarkedPrivate(metadataWith({ assistants: "private" }))).toBe(false);
	});
});
