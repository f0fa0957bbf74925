import { withholdExcludedTags } from "../vault/excludedTagText";
import { extensionOf, fileName, joinRelative, parentFolder } from "../vault/paths";
import type { HiddenReason, VaultView } from "../vault/vaultView";
import { MARKDOWN_LINK, URL_SCHEME } from "./tools/passageLinks";

/** What stands in derived text for a link to a note hidden now. */
export const WITHHELD_LINK = "[a note that is private now]";
/** What stands in derived text for an excluded tag. */
export const WITHHELD_TAG = "[a tag that is private now]";
/** What stands for a line whose subject is a note or folder hidden now (a table row, a list item, a path). */
export const WITHHELD_LINE = "[Withheld: this line named a note or folder that is private now.]";

/** What the withholding asks of the view: each name found is judged alone, the hidden files listed only for a short link. */
export type NamesView = Pick<VaultView, "hiddenReason" | "resolveLink" | "hiddenFiles" | "policy">;

/** A line's quote marks, kept on a line withheld so that a callout stays one. */
const QUOTE_PREFIX = /^[ \t]*(?:>[ \t]?)*/;
/** A list item's first word: the subject of a report's line (`- Private holds 12 notes…`). */
const LIST_ITEM_HEAD = /^[ \t]*(?:[-*+]|\d+[.)])[ \t]+(\S+)/;
/** The characters around a name in prose, not part of it. */
const AROUND_NAME = /^["'`*_([{<]+|["'`*_)\]}>.,:;!?]+$/g;
/** What may stand just before a path written out in a line. */
const BEFORE_PATH = /[\s(|"'`[<:]/;
/** The most words a path written out is taken to have: a line of prose is not tried from each of its words. */
const PATH_WORDS = 8;
/**
 * A wikilink or embed as Obsidian's parser reads one: from `[[` to the first `]]` on the line, a
 * lone `]` or `[` inside it (`[[Note|a]b]]`, `[[Note#x]y]]`) being part of it. Its target is what
 * comes before the first `|`.
 */
const LOOSE_WIKILINK = /!?\[\[((?:[^\n[\]]|\[(?!\[)|\](?!\]))*)\]\]/g;
/** A link reference definition (`[1]: <Notes/Pay>`, `[1]: Notes/Pay.md "title"`): its destination. */
const REFERENCE_DEFINITION = /^ {0,3}\[[^\]\n]+\]:[ \t]*(<[^>\n]*>|\S+)/;
/** An HTML tag, which Obsidian shows as a link to a note when its `href` or `src` names one. */
const HTML_TAG = /<[a-z][a-z0-9-]*\s[^<>\n]*>/gi;
/** An `href` or `src` attribute's value, quoted or bare. */
const LINK_ATTRIBUTE = /\s(?:href|src)\s*=\s*(?:"([^"\n]*)"|'([^'\n]*)'|([^\s"'=<>`]+))/gi;
/** An `obsidian://` URI written out, which opens the note its `file` parameter names. */
const OBSIDIAN_URI = /obsidian:\/\/[^\s<>"'`)\]]+/gi;

/**
 * Why a file is hidden that makes its name private: the user's rules. The configuration folder
 * and the assistant's own records (transcripts, the audit log) are hidden too, but their names
 * are no secret, and the assistant's rules and memory speak of them.
 */
const OWN_RECORDS: ReadonlySet<HiddenReason> = new Set(["config-folder", "assistant-internal"]);

/**
 * Text derived from the vault earlier (the vault map, a taxonomy report, weekly summaries, daily
 * and long-term memory, a checkpoint, a conversation's earlier turns), as it may leave for a model
 * or an MCP client under today's rules: a link (`[[...]]`, `[text](path)`, an embed) to a note or
 * file hidden now is replaced by `WITHHELD_LINK`; an excluded tag by `WITHHELD_TAG`; a line whose
 * subject is hidden now (a table row whose first cell names a hidden folder or note, a list item
 * that begins with one, a line that writes out a hidden note's path) by `WITHHELD_LINE`, keeping
 * its quote marks, so that lines are still counted as they were. A link resolves as Obsidian
 * resolves it from `sourcePath`, so `[[Salary talks]]` names `Private/Salary talks.md`; a link to
 * a note not written yet stays; a relative one (`../Notes/Pay`, `./Pay.md`) from the note's folder.
 * Reference definitions (`[1]: <Notes/Pay>`), `obsidian://open?file=` URIs and HTML `href` and
 * `src` attributes are links too, and a word of prose holding a `/` is tried as a path. Each name
 * found is judged by the view alone, so that text naming few notes costs few looks, whatever the
 * vault's size.
 */
export function withoutHiddenNames(text: string, view: NamesView, sourcePath = ""): string {
	return namesWithheld(view, sourcePath)(text);
}

/**
 * `withoutHiddenNames` for several texts read from `sourcePath` at one moment (the blocks of a
 * conversation): each name is judged once for them all.
 */
export function namesWithheld(view: NamesView, sourcePath = ""): (text: string) => string {
	const names = new HiddenNames(view, sourcePath);
	const policy = view.policy;
	const line = (text: string): string => {
		const linked = text
			.replace(LOOSE_WIKILINK, (whole, inner: string) =>
				names.linkHidden(inner.split("|", 1)[0]) ? WITHHELD_LINK : whole,
			)
			.replace(MARKDOWN_LINK, (whole, _bang: string, _label: string, destination: string) =>
				names.destinationHidden(destination) ? WITHHELD_LINK : whole,
			)
			.replace(HTML_TAG, (tag) => (names.tagLinksHidden(tag) ? WITHHELD_LINK : tag))
			.replace(OBSIDIAN_URI, (uri) => (names.obsidianUriHidden(uri) ? WITHHELD_LINK : uri));
		const scrubbed = withholdExcludedTags(linked, policy, WITHHELD_TAG);
		if (!names.subjectHidden(scrubbed)) return scrubbed;
		const quote = QUOTE_PREFIX.exec(scrubbed)?.[0] ?? "";
		return `${quote}${WITHHELD_LINE}${scrubbed.endsWith("\r") ? "\r" : ""}`;
	};
	return (text) => text.split("\n").map(line).join("\n");
}

/** The verdicts on the names of one text, each name judged once. */
class HiddenNames {
	private readonly verdicts = new Map<string, boolean>();
	/**
	 * The hidden notes' and files' paths, lower case, notes without `.md`, by their last segment:
	 * listed only for a link no path answers.
	 */
	private hiddenByName: ReadonlyMap<string, readonly string[]> | null = null;
	constructor(
		private readonly view: NamesView,
		private readonly sourcePath: string,
	) {}

	/** Whether a wikilink's target (`Note#Heading`, `Folder/Note\` as a table escapes its pipe) names a hidden file. */
	linkHidden(target: string): boolean {
		const written = target.replace(/\\$/, "").split("#", 1)[0].trim();
		if (written === "") return false;
		// A name typed on a Mac may come decomposed (`Cafe\u0301`): Obsidian finds the note by either spelling.
		const spellings = new Set([written, written.normalize("NFC")]);
		return [...spellings].some((linkpath) => this.judged(`link:${linkpath}`, () => this.linkpathHidden(linkpath)));
	}

	private linkpathHidden(linkpath: string): boolean {
		// Most links lead to a note the view shows: one look answers them.
		if (this.view.resolveLink(linkpath, this.sourcePath) !== null) return false;
		const relative = /^\.\.?\//.test(linkpath);
		const path = relative ? joinRelative(parentFolder(this.sourcePath), linkpath) : linkpath;
		if (this.pathHidden(path)) return true;
		// A short name that resolves to nothing the view shows: a hidden file by that name, or a note not written yet.
		// A relative path that leads nowhere is judged by its name alone: it may mean a hidden note of that name.
		const wanted = withoutNoteExtension(relative ? fileName(path) : path)
			.normalize("NFC")
			.toLowerCase();
		const named = this.hiddenNow().get(wanted.slice(wanted.lastIndexOf("/") + 1)) ?? [];
		return named.some((hidden) => hidden === wanted || hidden.endsWith(`/${wanted}`));
	}

	/** Whether a markdown link's destination (bare or in `<...>`, percent-encoded) names a hidden file. */
	destinationHidden(destination: string): boolean {
		const raw = destination.replace(/^<|>$/g, "");
		if (/^obsidian:/i.test(raw)) return this.obsidianUriHidden(raw);
		if (raw === "" || URL_SCHEME.test(raw)) return false;
		let target: string;
		try {
			target = decodeURIComponent(raw);
		} catch {
			// A path that cannot be decoded names nothing the view could show either: withheld.
			return true;
		}
		return this.linkHidden(target);
	}

	/** Whether an HTML tag's `href` or `src` names a hidden file. */
	tagLinksHidden(tag: string): boolean {
		for (const [, double, single, bare] of tag.matchAll(LINK_ATTRIBUTE)) {
			if (this.destinationHidden(double ?? single ?? bare)) return true;
		}
		return false;
	}

	/**
	 * Whether an `obsidian://` URI opens a hidden file: its `file` parameter (`open?file=Notes%2FPay`),
	 * or the path after the vault's name (`obsidian://vault/My vault/Notes/Pay`). One that cannot
	 * be decoded is withheld.
	 */
	obsidianUriHidden(uri: string): boolean {
		const rest = uri.replace(/^obsidian:\/\//i, "");
		const query = rest.includes("?") ? rest.slice(rest.indexOf("?") + 1) : "";
		const files = query
			.split("&")
			.filter((parameter) => /^file=/i.test(parameter))
			.map((parameter) => parameter.slice("file=".length));
		const vaultPath = /^vault\/[^/?]+\/([^?]+)/i.exec(rest)?.[1];
		if (vaultPath !== undefined) files.push(vaultPath);
		return files.some((file) => this.destinationHidden(file));
	}

	/**
	 * Whether the line's subject is hidden now: the first cell of a table row or the first word of
	 * a list item naming a hidden folder or note, or a note's path written out anywhere in it.
	 */
	subjectHidden(line: string): boolean {
		const body = line.slice(QUOTE_PREFIX.exec(line)?.[0].length ?? 0);
		if (body.startsWith("|") && this.nameHidden(firstCell(body))) return true;
		const head = LIST_ITEM_HEAD.exec(body)?.[1];
		if (head !== undefined && this.nameHidden(head)) return true;
		const reference = REFERENCE_DEFINITION.exec(body)?.[1];
		if (reference !== undefined && this.destinationHidden(reference)) return true;
		const pathWords = body.split(/\s+/).filter((word) => word.includes("/"));
		return [...pathWords, ...writtenPaths(body)].some((path) => this.nameHidden(path));
	}

	/** A name as prose writes it: the marks around it are not part of it. */
	private nameHidden(name: string): boolean {
		const clean = name.trim().replace(AROUND_NAME, "");
		return clean !== "" && !clean.includes("://") && this.pathHidden(clean);
	}

	/** Whether the file or folder at `path` (a note's without `.md` too) is hidden by the user's rules. */
	private pathHidden(path: string): boolean {
		return this.judged(`path:${path}`, () => {
			const candidates = extensionOf(path) === "" ? [path, `${path}.md`] : [path];
			return candidates.some((candidate) => {
				const reason = this.view.hiddenReason(candidate);
				return reason !== null && !OWN_RECORDS.has(reason);
			});
		});
	}

	private judged(key: string, judge: () => boolean): boolean {
		const known = this.verdicts.get(key);
		if (known !== undefined) return known;
		const verdict = judge();
		this.verdicts.set(key, verdict);
		return verdict;
	}

	private hiddenNow(): ReadonlyMap<string, readonly string[]> {
		if (this.hiddenByName !== null) return this.hiddenByName;
		const byName = new Map<string, string[]>();
		for (const file of this.view.hiddenFiles()) {
			if (OWN_RECORDS.has(file.reason)) continue;
			const path = withoutNoteExtension(file.path).normalize("NFC").toLowerCase();
			const name = path.slice(path.lastIndexOf("/") + 1);
			const paths = byName.get(name);
			if (paths === undefined) byName.set(name, [path]);
			else paths.push(path);
		}
		this.hiddenByName = byName;
		return byName;
	}
}

function withoutNoteExtension(path: string): string {
	return path.replace(/\.md$/i, "");
}

/** A table row's first cell, its escaped pipes (`\|`) kept inside it. */
function firstCell(row: string): string {
	for (let at = 1; at < row.length; at++) {
		if (row[at] === "|" && row[at - 1] !== "\\") return row.slice(1, at);
	}
	return row.slice(1);
}

/**
 * The note paths a line writes out (`Source: Notes/Salary talks.md`, `### 2026-W11 (memory/weekly/2026-W11.md)`):
 * for each `.md` in it, every stretch that ends there and starts after a space or an opening mark,
 * since a path may hold spaces. A path without `.md` is a link's, or a list item's first word.
 */
function writtenPaths(line: string): string[] {
	const paths: string[] = [];
	const lower = line.toLowerCase();
	for (let end = lower.indexOf(".md"); end !== -1; end = lower.indexOf(".md", end + 3)) {
		const stop = end + 3;
		let words = 0;
		for (let start = stop - 4; start >= 0 && words < PATH_WORDS; start--) {
			if (start !== 0 && !BEFORE_PATH.test(line[start - 1])) continue;
			paths.push(line.slice(start, stop));
			words++;
		}
	}
	return paths;
}
