import { normalizeVaultPath, percentDecoded } from "./paths";

/** What an exclusion list names: folders (whose names may hold spaces) or tags (which never do). */
export type ExclusionKind = "folders" | "tags";

/** An exclusion list as read (see `readExclusionList`). */
export interface ExclusionList {
	/** Each folder or tag named, as typed but for what was taken off, in order, without repeats: what the settings tab shows. */
	readonly names: readonly string[];
	/**
	 * What the privacy rules compare paths or tags with: the names and, for folders, each line and
	 * each of its parts as typed when it reads otherwise (`Work, Home`, `Notes (old)`), since a
	 * folder named exactly so is rare but possible, and hiding it too can only hide more.
	 */
	readonly rules: readonly string[];
}

/**
 * What separates entries typed on one line: newlines, tabs, commas, semicolons and bars (no file
 * name in Obsidian holds a bar), full-width ones, the ideographic comma, and the ideographic space
 * that CJK input puts between two words. A space does not: `My Journal` is one folder.
 */
const FOLDER_SEPARATOR = /[\n\r\t,;|\u3000\u3001\uFF0C\uFF1B\uFF5C]+/;
/** The same and every space: no tag holds one, so `#health #secret` names two. */
const TAG_SEPARATOR = /[\s,;|\u3001\uFF0C\uFF1B\uFF5C]+/;
/**
 * The marks of a list's item at the start of a line, as a note or a word processor writes them:
 * bullets (`- `, `* `, `+ `, `•`), numbers (`1. `, `1) `) and a task's box (`- [ ] `, `[x] `).
 */
const LIST_MARKER = /^(?:(?:[-*+]|\d{1,3}[.)])\s+|[\u2022\u25E6\u25AA]\s*|\[[ xX]\]\s+)+/;
/** Quotes at either end, straight, typographic (opening and closing in every script) or full-width. */
const QUOTES_AT_ENDS = /^["'`\uFF02\uFF07\p{Pi}\p{Pf}]+|["'`\uFF02\uFF07\p{Pi}\p{Pf}]+$/gu;
/** A sentence's punctuation left after a word: full stops, colons, marks, in ASCII and full width. */
const TRAILING_PUNCTUATION = /[.:!?\u3002\uFF0E\uFF1A\uFF01\uFF1F]+$/;
/** What a person puts before a name of each kind: a tag's `#` (full-width too), a folder's leading slash or home folder's `~/`. */
const LEADING: Readonly<Record<ExclusionKind, RegExp>> = { folders: /^~?[/\\]+/, tags: /^[#\uFF03]+/ };
/** Brackets, each opening one followed by its closing one. */
const BRACKETS = "()[]{}<>\uFF08\uFF09\u3010\u3011\u300C\u300D\u300E\u300F\u300A\u300B";

/**
 * The one reading of a list of private folders or tags, wherever it comes from (the settings tab,
 * a `data.json` written by hand or by an older version, the command line's flags): each entry is
 * split at newlines, tabs, commas, semicolons and bars (tags at spaces too, folders at the
 * ideographic space), and each part loses the mark of a list's item before it (`- `, `1. `), the
 * quotes and brackets around it, a tag's `#` or a folder's leading `/` or `~/`, and the
 * punctuation after it; a folder keeps the spaces inside its name (`My Journal`) and reads a
 * name copied from a link as its words (`Private%20Notes`). Names are in NFC, folders normalized
 * as Obsidian normalizes paths; how they then match (case, width) is the policy's business.
 * Reading the rules it gives again gives the same rules.
 */
export function readExclusionList(kind: ExclusionKind, entries: readonly string[]): ExclusionList {
	// Entries are split at newlines first, so entries joined by one read as the entries do.
	const key = entries.join("\n");
	const last = lastRead[kind];
	if (last?.key === key) return last.list;
	const list = readAnew(kind, entries);
	lastRead[kind] = { key, list };
	return list;
}

/**
 * The list of each kind last read, by its entries: the containment guard asks for every path it
 * judges, and the privacy view makes a policy at every look, each time from the same settings.
 */
const lastRead: Partial<Record<ExclusionKind, { readonly key: string; readonly list: ExclusionList }>> = {};

function readAnew(kind: ExclusionKind, entries: readonly string[]): ExclusionList {
	const names: string[] = [];
	const typed: string[] = [];
	const separator = kind === "folders" ? FOLDER_SEPARATOR : TAG_SEPARATOR;
	for (const entry of entries) {
		for (const line of entry.split(/[\n\r]+/)) {
			typed.push(line.trim());
			// What surrounds the whole line first: `[Private, Journal]`, `"Private", "Journal"`.
			for (const part of bare(line, LEADING[kind]).split(separator)) {
				typed.push(part.trim());
				const name = finished(kind, bare(part, LEADING[kind]));
				if (name !== "" && !names.includes(name)) names.push(name);
			}
		}
	}
	if (kind === "tags") return { names, rules: names };
	const rules = [...names];
	for (const text of typed) if (text !== "" && !rules.includes(text)) rules.push(text);
	return { names, rules };
}

/** `text` without what surrounds the name in it, taken off until nothing more comes off (`- "(secret)",`). */
function bare(text: string, leading: RegExp): string {
	let name = text.trim();
	for (;;) {
		const next = withoutBrackets(
			name
				.replace(LIST_MARKER, "")
				.replace(QUOTES_AT_ENDS, "")
				.replace(TRAILING_PUNCTUATION, "")
				.replace(leading, "")
				.trim(),
		);
		if (next === name) return name;
		name = next;
	}
}

/**
 * A name as each kind writes it: a folder with its ASCII percent-escapes decoded and as Obsidian
 * normalizes a path (the root names no folder), a tag without a trailing `/`; both in NFC.
 */
function finished(kind: ExclusionKind, name: string): string {
	if (kind === "tags") return name.replace(/\/+$/, "").normalize("NFC");
	const path = normalizeVaultPath(percentDecoded(name));
	return path === "/" ? "" : path;
}

/** Brackets around a name, as a pair (`(secret)`) or one left alone at an end (`[Work` of `[Work, Home`); `Notes (old)` keeps its own. */
function withoutBrackets(text: string): string {
	if (text === "") return text;
	const first = BRACKETS.indexOf(text.charAt(0));
	if (first % 2 === 0) {
		const close = BRACKETS.charAt(first + 1);
		if (text.length > 1 && text.endsWith(close)) return text.slice(1, -1);
		if (!text.includes(close)) return text.slice(1);
	}
	const last = BRACKETS.indexOf(text.charAt(text.length - 1));
	return last % 2 === 1 && !text.includes(BRACKETS.charAt(last - 1)) ? text.slice(0, -1) : text;
}
