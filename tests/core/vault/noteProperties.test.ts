import type { NoteMetadata } from "../../../src/core/metadata";
import { isMarkedPrivate } from "../../../src/core/vault/noteProperties";
import { aliasesOf, tagsOf } from "../../../src/core/retrieval";
import { computeMetadata } from "../../../headless/metadata";

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

	it("counts a tag or the private flag written as a mapping, which YAML's !!set makes too, nested or not", () => {
		const noteWith = (properties: string) => computeMetadata(`---\n${properties}\n---\nText`);
		expect(tagsOf(noteWith("tags: !!set {secret}"))).toEqual(["secret"]);
		expect(tagsOf(noteWith("tags: {secret: null, area: work}"))).toEqual(["secret", "area", "work"]);
		expect(tagsOf(noteWith("tags:\n  - draft\n  - {secret: yes}"))).toEqual(["draft", "secret", "yes"]);
		expect(isMarkedPrivate(noteWith("assistant: {private: true}"))).toBe(true);
		expect(isMarkedPrivate(noteWith("assistant: !!set {private}"))).toBe(true);
		expect(isMarkedPrivate(noteWith("assistant: {mode: public}"))).toBe(false);
		// A set or a map, should a parser ever make one.
		expect(tagsOf(metadataWith({ tags: new Set(["secret"]) }))).toEqual(["secret"]);
		expect(isMarkedPrivate(metadataWith({ assistant: new Map([["mode", "private"]]) }))).toBe(true);
		// A mapping that holds itself (as an alias inside its own anchor makes) ends.
		const loop: Record<string, unknown> = { secret: null };
		loop.more = [loop];
		expect(tagsOf(metadataWith({ tags: loop }))).toEqual(["secret", "more"]);
	});
});
