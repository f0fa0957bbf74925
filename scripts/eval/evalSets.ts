import * as nodePath from "node:path";
import type { NoteInput } from "../../src/core/retrieval";
import { HELP_LANGUAGES, helpVaultDir, loadVault, type HelpLanguage } from "../lib/retrievalBench/corpus";
import { sharedTerms } from "./hardSetCheck";
import { loadQrels, type Qrel } from "./qrels";

const EVAL_DIR = nodePath.join(__dirname, "..", "..", "eval");
export const EASY_QRELS = nodePath.join(EVAL_DIR, "obsidian-help.qrels.json");
export const HARD_QRELS = nodePath.join(EVAL_DIR, "obsidian-help.hard.json");
export const PERSONAL_VAULT = nodePath.join(EVAL_DIR, "personal-vault");
export const PERSONAL_QRELS = nodePath.join(EVAL_DIR, "personal-vault.qrels.json");

/** The help vault has no daily notes: the clock only has to be fixed. */
const HELP_NOW = new Date("2026-08-20T12:00:00Z");
const HELP_MTIME = Date.UTC(2026, 7, 20);
/** The personal vault's "today": the day after its latest daily note. */
const PERSONAL_NOW = new Date("2025-12-15T12:00:00Z");
const PERSONAL_MTIME = Date.UTC(2025, 11, 14);

/** The group a hard question is reported in, and the one that the target for English is measured on. */
export const HARD_ENGLISH = "hard en (newcomer + long)";

/** A judged set of questions, the vaults it asks (by language folder) and how its results are grouped. */
export interface EvalSet {
	readonly name: string;
	readonly qrels: readonly Qrel[];
	readonly vaults: ReadonlyMap<HelpLanguage, readonly NoteInput[]>;
	readonly now: Date;
	/** The report's groups a question counts in (a kind, a language, or both). */
	groupsOf(qrel: Qrel): string[];
}

export const SET_NAMES = ["help-easy", "help-hard", "personal"] as const;
export type SetName = (typeof SET_NAMES)[number];

export function loadEvalSet(name: SetName): EvalSet {
	switch (name) {
		case "help-easy":
			return { name, qrels: loadQrels(EASY_QRELS), vaults: helpVaults(), now: HELP_NOW, groupsOf: (qrel) => [`${qrel.lang}`, `${qrel.kind}`] };
		case "help-hard":
			return { name, qrels: loadQrels(HARD_QRELS), vaults: helpVaults(), now: HELP_NOW, groupsOf: hardGroups };
		case "personal": {
			const notes = loadVault(PERSONAL_VAULT, PERSONAL_MTIME);
			const bodies = new Map(notes.map((note) => [note.path, note.content]));
			const sharesNoWord = (qrel: Qrel) => qrel.relevant.every((path) => sharedTerms(qrel.query, [bodies.get(path) ?? ""]).length === 0);
			return {
				name,
				qrels: loadQrels(PERSONAL_QRELS),
				vaults: new Map([["en", notes]]),
				now: PERSONAL_NOW,
				groupsOf: (qrel) => [sharesNoWord(qrel) ? "no word of the answer's text" : "a word of the answer's text"],
			};
		}
	}
}

function helpVaults(): Map<HelpLanguage, NoteInput[]> {
	return new Map(HELP_LANGUAGES.map((lang) => [lang, loadVault(helpVaultDir(lang), HELP_MTIME)]));
}

function hardGroups(qrel: Qrel): string[] {
	if (qrel.kind === "cross-lingual") return [`cross-lingual (${(qrel as Qrel & { queryLang?: string }).queryLang ?? "?"} → ${qrel.lang})`, "cross-lingual"];
	const group = qrel.kind === "long" ? `long ${qrel.lang}` : `${qrel.kind} ${qrel.lang}`;
	return qrel.lang === "en" ? [group, HARD_ENGLISH] : [group];
}
