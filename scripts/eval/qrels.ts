import { readFileSync } from "node:fs";
import { HELP_LANGUAGES, type HelpLanguage } from "../lib/retrievalBench/corpus";

/** One judged query of the obsidian-help evaluation; paths are relative to its language folder. */
export interface Qrel {
	readonly id: string;
	readonly lang: HelpLanguage;
	readonly query: string;
	/** What the query tests: paraphrase, typo, alias… (free text, reported as given). */
	readonly kind: string;
	readonly relevant: readonly string[];
	readonly note: string;
}

export class QrelsError extends Error {}

/** Reads and checks a qrels file; every problem is reported at once, with the entry it is in. */
export function loadQrels(path: string): Qrel[] {
	let parsed: unknown;
	try {
		parsed = JSON.parse(readFileSync(path, "utf8"));
	} catch (error) {
		throw new QrelsError(`cannot read qrels ${path}: ${(error as Error).message}`);
	}
	if (!Array.isArray(parsed)) throw new QrelsError(`${path}: expected a JSON array of judgments`);
	const problems: string[] = [];
	const qrels: Qrel[] = [];
	const ids = new Set<string>();
	parsed.forEach((entry: unknown, index) => {
		const problem = problemOf(entry);
		if (problem !== null) problems.push(`entry ${index}: ${problem}`);
		else {
			const qrel = entry as Qrel;
			if (ids.has(qrel.id)) problems.push(`entry ${index}: duplicate id ${qrel.id}`);
			ids.add(qrel.id);
			// File names come back from disk in NFC; a judgment typed in another form must still match.
			qrels.push({ ...qrel, relevant: qrel.relevant.map((relevant) => relevant.normalize("NFC")) });
		}
	});
	if (problems.length > 0) throw new QrelsError(`${path}:\n  ${problems.join("\n  ")}`);
	return qrels;
}

function problemOf(entry: unknown): string | null {
	if (typeof entry !== "object" || entry === null) return "not an object";
	const record = entry as Record<string, unknown>;
	for (const key of ["id", "query", "kind", "note"]) {
		if (typeof record[key] !== "string") return `"${key}" must be a string`;
	}
	if (!(HELP_LANGUAGES as readonly unknown[]).includes(record.lang)) return `"lang" must be one of ${HELP_LANGUAGES.join(", ")}`;
	const relevant = record.relevant;
	if (!Array.isArray(relevant) || relevant.length === 0 || !relevant.every((path) => typeof path === "string")) {
		return `"relevant" must be a non-empty array of paths`;
	}
	return null;
}

/** Judged paths that are not notes of their language's vault: mistakes in the qrels, not misses of an engine. */
export function unknownPaths(qrels: readonly Qrel[], notesByLang: ReadonlyMap<HelpLanguage, ReadonlySet<string>>): string[] {
	return qrels.flatMap((qrel) =>
		qrel.relevant.filter((path) => !notesByLang.get(qrel.lang)?.has(path)).map((path) => `${qrel.id} (${qrel.lang}): ${path}`),
	);
}
