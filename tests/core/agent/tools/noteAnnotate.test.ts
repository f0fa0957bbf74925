import { seededRandom, writeToolsOver } from "./writeToolFixture";

/**
 * `note_annotate` writes only inside the assistant's own `> [!assistant]` callout: checked on 200
 * generated notes (seeded, so every run sees the same ones) against offsets the generator
 * recorded itself, not against the code under test.
 */

const NEW_HEADER = "> [!assistant] Assistant notes";

interface GeneratedNote {
	readonly content: string;
	/** The note's line break, which the lines the tool adds follow. */
	readonly eol: string;
	/** Where the existing assistant callout's header line ends and where the callout ends, if the note has one. */
	readonly callout: { readonly headerEnd: number; readonly end: number } | null;
}

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];
const chance = (random: Random, p: number) => random() < p;

const PARAGRAPHS = [
	"The user's own paragraph, with **bold**, a [[Link]] and a #tag.",
	"研究笔记：这是用户自己写的文字，助理不能改动。",
	"日本語のメモ。한국어 메모도 있습니다.",
	"Trailing spaces matter   ",
	"Tabs\tand\ttabs\t",
	"Emoji 🧪🔬 and a ZWJ family 👩‍👩‍👧 stay.",
	"- a list item\n- another one\n  - nested",
	"1. first\n2. second",
	"A line\nwith a lazy second line",
	"    > [!assistant] inside an indented code block",
];
const HEADINGS = ["# Title", "## Notes", "### 方法", "## Assistant notes"];
const OTHER_CALLOUTS = [
	"> [!note] A note callout\n> its body",
	"> [!warning]- Folded\n> careful",
	"> [!assistant-notes] Another type\n> not ours",
	"> A plain quote\n>\n> continued",
	"> A user quote\n> [!assistant] that is not a callout header",
	"> [!quote]\n> > nested quote\n> > [!assistant] nested, not ours",
];
const FENCES = [
	"```\n> [!assistant] in a code fence\n> not a callout\n```",
	"~~~markdown\n> [!assistant] Assistant notes\n~~~",
	"````\n```\n> [!assistant] fence in fence\n```\n````",
];
const EXISTING_HEADERS = [
	"> [!assistant] Assistant notes",
	"> [!assistant]- My notes",
	">[!Assistant]",
	"> [!assistant]+ 助理笔记",
];
const EXISTING_BODIES = [["> old analysis"], [">", "> - item", "> > nested quote"], ["> 旧的分析"], []];
const FRONTMATTERS = [
	"---\ntitle: Paper\nverified: true\ndoi: 10.1000/xyz\ntags: [paper, verified]\n---",
	"---\nverified: true\nauthors:\n  - Lee\n  - 王\n---",
	"---\ntags: project\n---",
];
const TEXTS = [
	"A first analysis.",
	"Two lines\nof analysis",
	"Links: [[Paper A]], [[Paper B]]\n\n- point one\n- point two",
	"中文分析：方法部分需要补充样本量。",
	"> quoted inside my notes\n> > and nested",
	"Ends with blank lines\n\n\n",
	"CRLF\r\ninside\r\nthe text",
	"```\ncode in my notes\n```",
	"Emoji 🧠 note",
	"Mentions > [!assistant] inline",
];

function generateNote(random: Random): GeneratedNote {
	const eol = chance(random, 0.3) ? "\r\n" : "\n";
	const blocks: string[] = [];
	if (chance(random, 0.5)) blocks.push(pick(random, FRONTMATTERS));
	const filler = () => {
		const count = 1 + Math.floor(random() * 4);
		for (let i = 0; i < count; i++)
			blocks.push(pick(random, [...PARAGRAPHS, ...HEADINGS, ...OTHER_CALLOUTS, ...FENCES, ...PARAGRAPHS]));
	};
	filler();
	const where = pick(random, ["none", "none", "end", "middle"] as const);
	let calloutIndex = -1;
	if (where !== "none") {
		calloutIndex = blocks.length;
		blocks.push([pick(random, EXISTING_HEADERS), ...pick(random, EXISTING_BODIES)].join("\n"));
		if (where === "middle") filler();
	}
	// Blocks are set apart by a blank line, but a heading may follow a callout directly.
	let content = "";
	let callout: GeneratedNote["callout"] = null;
	blocks.forEach((block, index) => {
		if (index > 0)
			content += index === calloutIndex + 1 && block.startsWith("#") && chance(random, 0.5) ? eol : eol + eol;
		const text = block.replace(/\n/g, eol);
		if (index === calloutIndex) {
			callout = { headerEnd: content.length + text.split(eol)[0].length, end: content.length + text.length };
		}
		content += text;
	});
	if (chance(random, 0.6)) content += eol;
	if (chance(random, 0.15)) content += eol + eol;
	// A note of one line has no line break of its own to follow: new lines get "\n".
	return { content, eol: content.includes("\r\n") ? "\r\n" : "\n", callout };
}

/** The callout body the tool writes, as the note's own line breaks. */
function bodyOf(text: string, eol: string): string {
	return text
		.replace(/\s+$/, "")
		.split(/\r\n|\r|\n/)
		.map((line) => `${eol}${line === "" ? ">" : `> ${line}`}`)
		.join("");
}

const countHeaders = (content: string) => (content.match(/\[!assistant\]/gi) ?? []).length;

describe("note_annotate on 200 generated notes", () => {
	const random = seededRandom(20260315);
	const notes = Array.from({ length: 200 }, () => generateNote(random));
	const firstTexts = notes.map(() => pick(random, TEXTS));
	const secondTexts = notes.map(() => pick(random, TEXTS));
	const files = Object.fromEntries(notes.map((note, i) => [`Notes/n${i}.md`, note.content]));

	it("covers what it means to: frontmatter, CRLF, no final line break, existing callouts at the end and in the middle", () => {
		expect(notes.filter((note) => note.content.startsWith("---")).length).toBeGreaterThan(50);
		expect(notes.filter((note) => note.eol === "\r\n").length).toBeGreaterThan(30);
		expect(notes.filter((note) => !note.content.endsWith(note.eol)).length).toBeGreaterThan(30);
		expect(
			notes.filter((note) => note.callout !== null && note.callout.end === note.content.trimEnd().length).length,
		).toBeGreaterThan(20);
		expect(
			notes.filter((note) => note.callout !== null && note.callout.end < note.content.trimEnd().length).length,
		).toBeGreaterThan(20);
		expect(notes.filter((note) => /verified: true/.test(note.content)).length).toBeGreaterThan(20);
	});

	it("changes no byte outside its callout, and a second call replaces the callout instead of adding one", async () => {
		const { run, vault, records } = await writeToolsOver(files);
		for (const [i, note] of notes.entries()) {
			const path = `Notes/n${i}.md`;
			const [first, second] = [firstTexts[i], secondTexts[i]];
			const result = await run("note_annotate", { path, text: first });
			expect(result).toMatchObject({ isError: false });
			const once = await vault.read(path);

			let bodyAt: number;
			if (note.callout === null) {
				// Appended: the note, then line breaks only, then the new callout, and a final line break.
				expect(once.startsWith(note.content)).toBe(true);
				const added = once.slice(note.content.length);
				const callout = `${NEW_HEADER}${bodyOf(first, note.eol)}${note.eol}`;
				expect(added.endsWith(callout)).toBe(true);
				expect(added.slice(0, added.length - callout.length)).toMatch(/^(\r?\n)*$/);
				bodyAt = once.length - note.eol.length - bodyOf(first, note.eol).length;
			} else {
				// Replaced: everything up to the end of the header and after the callout, byte for byte.
				const { headerEnd, end } = note.callout;
				expect(once).toBe(note.content.slice(0, headerEnd) + bodyOf(first, note.eol) + note.content.slice(end));
				bodyAt = headerEnd;
			}

			await run("note_annotate", { path, text: second });
			const twice = await vault.read(path);
			const firstBody = bodyOf(first, note.eol);
			expect(twice).toBe(once.slice(0, bodyAt) + bodyOf(second, note.eol) + once.slice(bodyAt + firstBody.length));
			expect(countHeaders(twice)).toBe(
				countHeaders(note.content) + (note.callout === null ? 1 : 0) + countHeaders(second),
			);
		}
		const changed = notes.filter(
			(note, i) =>
				note.callout === null ||
				bodyOf(firstTexts[i], note.eol) !== note.content.slice(note.callout.headerEnd, note.callout.end),
		);
		const changedTwice = notes.filter(
			(note, i) => bodyOf(firstTexts[i], note.eol) !== bodyOf(secondTexts[i], note.eol),
		);
		expect(records()).toHaveLength(changed.length + changedTwice.length);
		expect(records().every((record) => record.actor === "assistant" && record.action === "process")).toBe(true);
	});
});

describe("note_annotate", () => {
	const paper = "---\nverified: true\ntitle: Original\n---\n# Paper\n\nThe user's summary.\n";

	it("keeps a verified note's frontmatter and text, and says where it wrote", async () => {
		const { run, vault, records } = await writeToolsOver({ "Papers/p.md": paper });
		const result = await run("note_annotate", { path: "[[p]]", text: "Sample size is small." });
		expect(result).toEqual({
			isError: false,
			text: "Wrote your notes into your callout in Papers/p.md ([[p]]); the rest of the note is unchanged.",
			locations: [{ path: "Papers/p.md" }],
		});
		expect(await vault.read("Papers/p.md")).toBe(`${paper}\n${NEW_HEADER}\n> Sample size is small.\n`);
		expect(records()).toMatchObject([{ action: "process", path: "Papers/p.md", reason: "note_annotate Papers/p.md" }]);
	});

	it("writes nothing and logs nothing when the callout already holds the text", async () => {
		const { run, records } = await writeToolsOver({ "p.md": paper });
		await run("note_annotate", { path: "p.md", text: "Same." });
		expect(await run("note_annotate", { path: "p.md", text: "Same." })).toMatchObject({
			isError: false,
			text: expect.stringContaining("nothing was changed") as string,
		});
		expect(records()).toHaveLength(1);
	});

	it.each([
		["../outside.md", "Access denied: parent"],
		[".obsidian/app.md", "Access denied: config"],
		["/etc/passwd", "Access denied: absolute"],
		["%2e%2e/outside.md", "Access denied: parent"],
		// A private folder answers as a path where nothing is: a refusal would tell it is a private folder.
		["Private/diary.md", 'Error: no note at "Private/diary.md"'],
		["Notes/flagged.md", 'Error: no note at "Notes/flagged.md"'],
		["Notes/tagged.md", 'Error: no note at "Notes/tagged.md"'],
		["chats/2026-03-14 chat.md", "Access denied: assistant-internal"],
		["Notes/picture.png", 'Error: "Notes/picture.png" is not a markdown note'],
		["Notes/missing.md", 'Error: no note at "Notes/missing.md"'],
		["soul.md", 'Error: "soul.md" is one of your memory or identity files'],
		["memory.md", 'Error: "memory.md" is one of your memory or identity files'],
		["memory/daily/2026-03-15.md", 'Error: "memory/daily/2026-03-15.md" is one of your memory or identity files'],
	])("refuses %j (%s) and writes nothing", async (path, refusal) => {
		const files = {
			"Private/diary.md": "diary",
			"Notes/flagged.md": "---\nassistant: private\n---\nsecret",
			"Notes/tagged.md": "secret #secret",
			"chats/2026-03-14 chat.md": "chat",
			"Notes/picture.png": "PNG",
			"soul.md": "# Soul\n",
			"memory.md": "# Memory\n",
			"memory/daily/2026-03-15.md": "# 2026-03-15\n",
		};
		const { run, snapshot, records } = await writeToolsOver(files, {
			excludedFolders: ["Private"],
			excludedTags: ["secret"],
		});
		const before = await snapshot();
		const result = await run("note_annotate", { path, text: "x" });
		expect(result.isError).toBe(true);
		expect(result.text.startsWith(refusal)).toBe(true);
		expect(await snapshot()).toEqual(before);
		expect(records()).toEqual([]);
	});
});
