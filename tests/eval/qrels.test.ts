import { existsSync, readFileSync, statSync } from "node:fs";
import { basename, isAbsolute, join, resolve } from "node:path";
import { CORPORA_DIR } from "../../scripts/lib/retrievalBench/corpus";

// Relevance judgments for the retrieval evaluation over Obsidian's help vault.
// Each language folder of the corpus is evaluated as its own vault, so judged paths are
// relative to <corpus>/<lang>/. The corpus is not in the repository: it is found where the
// evaluation finds it (`CORPORA_DIR`, by default `shared/corpora` beside the clone), and the one
// check that reads it runs only where it is.
const CORPUS = join(CORPORA_DIR, "obsidian-help");
const withCorpus = existsSync(CORPUS) ? it : it.skip;
const QRELS_FILE = resolve(__dirname, "../../eval/obsidian-help.qrels.json");

const LANGS = ["en", "zh", "ja"] as const;
const KINDS = ["paraphrase", "typo", "alias", "question", "mixed"] as const;
const MIN_PER_LANG = 30;
const MAX_TITLE_SHARE = 0.15;
const MAX_RELEVANT = 4;

type Lang = (typeof LANGS)[number];

interface Judgment {
	id: string;
	lang: Lang;
	query: string;
	kind: string;
	relevant: string[];
	note: string;
}

function load(): Judgment[] {
	return JSON.parse(readFileSync(QRELS_FILE, "utf8")) as Judgment[];
}

/** The page title as Obsidian shows it: the file name without its extension. */
function titleOf(relativePath: string): string {
	return basename(relativePath).replace(/\.md$/i, "");
}

function fold(text: string): string {
	return text.normalize("NFKC").toLowerCase();
}

/** A query "uses the title" when it equals or contains the exact title of a page judged relevant to it. */
function usesTitle(judgment: Judgment): boolean {
	const query = fold(judgment.query);
	return judgment.relevant.some((p) => query.includes(fold(titleOf(p))));
}

describe("obsidian-help qrels", () => {
	const judgments = load();

	it("is a non-empty array of well-formed entries", () => {
		expect(Array.isArray(judgments)).toBe(true);
		expect(judgments.length).toBeGreaterThanOrEqual(MIN_PER_LANG * LANGS.length);
		for (const j of judgments) {
			expect(typeof j.id).toBe("string");
			expect(LANGS).toContain(j.lang);
			expect(typeof j.query).toBe("string");
			expect(j.query.trim().length).toBeGreaterThan(0);
			expect(KINDS).toContain(j.kind);
			expect(typeof j.note).toBe("string");
			expect(j.note.trim().length).toBeGreaterThan(0);
			expect(Array.isArray(j.relevant)).toBe(true);
		}
	});

	it("has at least 30 queries in each language", () => {
		for (const lang of LANGS) {
			const count = judgments.filter((j) => j.lang === lang).length;
			expect({ lang, enough: count >= MIN_PER_LANG }).toEqual({ lang, enough: true });
		}
	});

	it("uses unique ids prefixed with the query's language", () => {
		const ids = judgments.map((j) => j.id);
		expect(new Set(ids).size).toBe(ids.length);
		for (const j of judgments) expect(j.id.startsWith(`${j.lang}-`)).toBe(true);
	});

	it("does not repeat a query within a language", () => {
		for (const lang of LANGS) {
			const queries = judgments.filter((j) => j.lang === lang).map((j) => fold(j.query.trim()));
			expect(new Set(queries).size).toBe(queries.length);
		}
	});

	it("judges between 1 and 4 distinct pages per query", () => {
		for (const j of judgments) {
			expect({ id: j.id, n: j.relevant.length >= 1 && j.relevant.length <= MAX_RELEVANT }).toEqual({ id: j.id, n: true });
			expect(new Set(j.relevant).size).toBe(j.relevant.length);
		}
	});

	withCorpus("points every relevant path at an existing markdown page in that language's folder (with the corpora present)", () => {
		const missing: string[] = [];
		for (const j of judgments) {
			for (const p of j.relevant) {
				const wellFormed = !isAbsolute(p) && !p.split(/[\\/]/).includes("..") && p.endsWith(".md") && !p.startsWith(`${j.lang}/`);
				const full = join(CORPUS, j.lang, p);
				if (!wellFormed || !existsSync(full) || !statSync(full).isFile()) missing.push(`${j.id}: ${p}`);
			}
		}
		expect(missing).toEqual([]);
	});

	it("keeps queries that contain a relevant page's exact title to at most 15% per language", () => {
		for (const lang of LANGS) {
			const inLang = judgments.filter((j) => j.lang === lang);
			const withTitle = inLang.filter(usesTitle).map((j) => j.id);
			expect({ lang, withTitle, ok: withTitle.length <= Math.floor(inLang.length * MAX_TITLE_SHARE) }).toEqual({
				lang,
				withTitle,
				ok: true,
			});
		}
	});

	it("covers every kind in each language except mixed, which only applies to zh and ja", () => {
		for (const lang of LANGS) {
			const kinds = new Set(judgments.filter((j) => j.lang === lang).map((j) => j.kind));
			for (const kind of ["paraphrase", "typo", "alias", "question"]) expect({ lang, kind, present: kinds.has(kind) }).toEqual({ lang, kind, present: true });
			if (lang !== "en") expect({ lang, mixed: kinds.has("mixed") }).toEqual({ lang, mixed: true });
		}
	});
});
