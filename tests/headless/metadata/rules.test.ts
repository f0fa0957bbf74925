import { computeMetadata, getAllTags, parseFrontMatterTags } from "../../../headless/metadata";

const tagsOf = (content: string): string[] => (computeMetadata(content).tags ?? []).map((tag) => tag.tag);

describe("tags", () => {
	it("rejects a tag of digits only, but not digits with a letter", () => {
		expect(tagsOf("#1984 #y1984 #2024")).toEqual(["#y1984"]);
	});

	it("ignores tags in inline code, fenced code and HTML comments", () => {
		expect(tagsOf("`#inline` #kept\n\n```\n#fenced\n```\n\n<!-- #hidden -->\n")).toEqual(["#kept"]);
	});

	it("indexes tags inside Obsidian's %% comments, inline and as a block", () => {
		expect(tagsOf("text %%#inline%% more\n\n%%\n#block\n%%\n")).toEqual(["#inline", "#block"]);
	});

	it("takes letters of any script, emoji, nesting, - and _", () => {
		expect(tagsOf("#日本語 #café #🙂 #area/sub-topic_x")).toEqual(["#日本語", "#café", "#🙂", "#area/sub-topic_x"]);
	});

	it("gives positions that include the # and count columns in UTF-16 units", () => {
		const [tag] = computeMetadata("- 中文 #标签").tags ?? [];
		expect(tag.position).toEqual({ start: { line: 0, col: 5, offset: 5 }, end: { line: 0, col: 8, offset: 8 } });
	});

	it("ends a tag at punctuation and needs no space before it after punctuation", () => {
		expect(tagsOf("(#one), #two. word#not")).toEqual(["#one", "#two"]);
	});
});

describe("links and embeds", () => {
	it("URL-decodes the target of a markdown link and keeps its text as display text", () => {
		const [link] = computeMetadata("see [My note](My%20note.md#Part%201)").links ?? [];
		expect(link).toMatchObject({
			link: "My note.md#Part 1",
			displayText: "My note",
			original: "[My note](My%20note.md#Part%201)",
		});
	});

	it("skips external URLs and empty targets", () => {
		expect(computeMetadata("[a](https://example.com) [b]() [[]]").links).toBeUndefined();
	});

	it("shows a wikilink's subpath as `note > heading` unless it has an alias", () => {
		const links = computeMetadata("[[Note#Part#Sub]] [[Note#Part|alias]]").links ?? [];
		expect(links.map((link) => [link.link, link.displayText])).toEqual([
			["Note#Part#Sub", "Note > Part > Sub"],
			["Note#Part", "alias"],
		]);
	});

	it("records `![[...]]` and `![](...)` as embeds", () => {
		const embeds = computeMetadata("![[pic.png]] ![alt](img/a%20b.png)").embeds ?? [];
		expect(embeds.map((embed) => [embed.link, embed.displayText])).toEqual([
			["pic.png", "pic.png"],
			["img/a b.png", "alt"],
		]);
	});
});

describe("frontmatter", () => {
	it("keeps unquoted dates as strings and leaves out empty keys", () => {
		const cache = computeMetadata("---\ndate: 2024-07-21\n: orphan\ncount: 3\n---\nbody\n");
		expect(cache.frontmatter).toEqual({ date: "2024-07-21", count: 3 });
	});

	it("gives only a yaml section for an empty block", () => {
		const cache = computeMetadata("---\n---\ntext\n");
		expect(cache.frontmatter).toBeUndefined();
		expect(cache.frontmatterPosition).toBeUndefined();
		expect(cache.sections?.map((section) => section.type)).toEqual(["yaml", "paragraph"]);
	});

	it("reads tags from a list, frontmatter first in getAllTags", () => {
		expect(parseFrontMatterTags({ tags: ["#a", "b"] })).toEqual(["#a", "#b"]);
		expect(getAllTags(computeMetadata("---\ntags: [fm]\n---\n#body\n"))).toEqual(["#fm", "#body"]);
	});

	it("reads a text value as one tag, and a comma-separated one as none", () => {
		expect(parseFrontMatterTags({ tags: "project" })).toEqual(["#project"]);
		expect(parseFrontMatterTags({ tags: "#project/atlas" })).toEqual(["#project/atlas"]);
		for (const written of ["tags: a, b", 'tags: "#a, #b"', "tags: a b", "tags: a,,b", "tags: a, , b"]) {
			const cache = computeMetadata(`---\n${written}\n---\n#body\n`);
			expect({ written, tags: parseFrontMatterTags(cache.frontmatter) }).toEqual({ written, tags: [] });
			expect({ written, all: getAllTags(cache) }).toEqual({ written, all: ["#body"] });
		}
	});

	it("gives [] for an empty list of tags and null for no value or no tags property", () => {
		expect(parseFrontMatterTags(computeMetadata("---\ntags: []\n---\n").frontmatter)).toEqual([]);
		expect(parseFrontMatterTags(computeMetadata("---\ntags:\n---\n").frontmatter)).toBeNull();
		expect(parseFrontMatterTags(computeMetadata("---\ntitle: x\n---\n").frontmatter)).toBeNull();
		expect(parseFrontMatterTags(undefined)).toBeNull();
	});
});

describe("lists", () => {
	it("starts a new list section where the bullet changes", () => {
		const cache = computeMetadata("- a\n- b\n* c\n");
		expect(cache.sections?.map((section) => [section.type, section.position.start.line])).toEqual([
			["list", 0],
			["list", 2],
		]);
		expect(cache.listItems?.map((item) => item.parent)).toEqual([-1, -1, -2]);
	});

	it("records the task character and nests by indentation", () => {
		const items = computeMetadata("- [x] done\n    - [/] half\n- plain\n").listItems ?? [];
		expect(items.map((item) => [item.task, item.parent])).toEqual([
			["x", -1],
			["/", 0],
			[undefined, -1],
		]);
	});
});
