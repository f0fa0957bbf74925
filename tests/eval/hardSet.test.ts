import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { CORPORA_DIR, HELP_LANGUAGES, helpVaultDir, loadVault } from "../../scripts/lib/retrievalBench/corpus";
import { namesOf, questionsSharingNames, sharedTerms } from "../../scripts/eval/hardSetCheck";
import { loadQrels } from "../../scripts/eval/qrels";

// The hard development set: questions about Obsidian's help vault in a newcomer's own words,
// each sharing no search term with its answer's title, aliases or headings. Its shape is checked
// here without the corpus; the check against the pages runs where the corpus is (and in the eval).
const HARD_FILE = resolve(__dirname, "../../eval/obsidian-help.hard.json");
const withCorpus = existsSync(join(CORPORA_DIR, "obsidian-help")) ? it : it.skip;

const MINIMUM: ReadonlyArray<[string, (kind: string, lang: string) => boolean, number]> = [
	["English newcomer", (kind, lang) => kind === "newcomer" && lang === "en", 20],
	["Chinese newcomer", (kind, lang) => kind === "newcomer" && lang === "zh", 15],
	["Japanese newcomer", (kind, lang) => kind === "newcomer" && lang === "ja", 15],
	["cross-lingual", (kind) => kind === "cross-lingual", 15],
	["long", (kind) => kind === "long", 15],
];

describe("the hard set's check", () => {
	it("finds a word shared with a heading once plurals are folded, and ignores stop words", () => {
		expect(sharedTerms("a whiteboard where I lay out cards", ["Canvas", "Add cards"])).toEqual(["card"]);
		expect(sharedTerms("what is the way to do it", ["The way of things"])).toEqual(["way"]);
		expect(sharedTerms("a board of boxes and arrows", ["Canvas", "Add cards"])).toEqual([]);
	});

	it("finds a two-character term shared with a Chinese or Japanese title", () => {
		expect(sharedTerms("学生买东西能不能便宜一点", ["教育和非营利组织折扣", "学生和非营利组织折扣"])).toEqual(["学生"]);
		expect(sharedTerms("在校念书的人买东西能不能便宜一点", ["学生和非营利组织折扣"])).toEqual([]);
	});

	it("names a note by its file name, aliases and headings", () => {
		const names = namesOf({
			path: "Plugins/Canvas.md",
			metadata: { frontmatter: { aliases: ["Whiteboard"] }, headings: [{ heading: "Add cards", level: 2, position: { start: { line: 2, col: 0, offset: 10 }, end: { line: 2, col: 12, offset: 22 } } }] },
		});
		expect(names).toEqual(["Canvas", "Whiteboard", "Add cards"]);
	});
});

describe("the hard set of obsidian-help", () => {
	const qrels = loadQrels(HARD_FILE);

	it.each(MINIMUM)("has at least the questions of its kind: %s", (_name, isOfKind, minimum) => {
		expect(qrels.filter((qrel) => isOfKind(qrel.kind, qrel.lang)).length).toBeGreaterThanOrEqual(minimum);
	});

	it("asks each cross-lingual question in another language than its answer's folder", () => {
		const cross = qrels.filter((qrel) => qrel.kind === "cross-lingual") as (typeof qrels[number] & { queryLang?: string })[];
		expect(cross.filter((qrel) => !HELP_LANGUAGES.includes(qrel.queryLang as never) || qrel.queryLang === qrel.lang)).toEqual([]);
	});

	it("tells a long question by its few sentences", () => {
		const short = qrels.filter((qrel) => qrel.kind === "long" && qrel.query.split(/[.?!]\s/).length < 2);
		expect(short.map((qrel) => qrel.id)).toEqual([]);
	});

	withCorpus("shares no term with any answer's title, aliases or headings, and names only pages that exist", () => {
		const notesByLang = new Map(HELP_LANGUAGES.map((lang) => [lang, new Map(loadVault(helpVaultDir(lang), 0).map((note) => [note.path, note]))] as const));
		const missing = qrels.flatMap((qrel) => qrel.relevant.filter((path) => !notesByLang.get(qrel.lang)?.has(path)));
		expect(missing).toEqual([]);
		expect(questionsSharingNames(qrels, notesByLang)).toEqual([]);
	});
});

describe("the personal vault's questions", () => {
	const PERSONAL_VAULT = resolve(__dirname, "../../eval/personal-vault");
	const qrels = loadQrels(resolve(__dirname, "../../eval/personal-vault.qrels.json"));
	const notes = new Map(loadVault(PERSONAL_VAULT, 0).map((note) => [note.path, note]));

	it("asks at least 40 questions of a vault of a few hundred notes", () => {
		expect(qrels.length).toBeGreaterThanOrEqual(40);
		expect(notes.size).toBeGreaterThanOrEqual(250);
	});

	it("answers each question with notes of the vault that share no term with it in their title, aliases or headings", () => {
		expect(qrels.flatMap((qrel) => qrel.relevant.filter((path) => !notes.has(path)))).toEqual([]);
		expect(questionsSharingNames(qrels, new Map([["en", notes]]))).toEqual([]);
	});
});
