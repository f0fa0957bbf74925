import { withholdExcludedTags } from "./excludedTagText";
import { MARKDOWN_LINK, URL_SCHEME } from "./linkPatterns";
import { extensionOf, fileName, joinRelative, parentFolder } from "./paths";
import type { HiddenReason, VaultView } from "./vaultView";

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
/** Printable ASCII: nothing in it to compose. */
const ASCII = /^[ -~]*$/;
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
	return (text) => {
		const lines = text.split("\n");
		const read = lines.map(line);
		// Short names that resolved to nothing are looked up among the hidden files in one listing, then read again.
		return names.lookUpAsked() ? lines.map(line).join("\n") : read.join("\n");
	};
}

/** The verdicts on the names of one text, each name judged once. */
class HiddenNames {
	private readonly verdicts = new Map<string, boolean>();
	/**
	 * The hidden notes' and files' paths, lower case, notes without `.md`, by their last segment:
	 * looked up only for the names of links no path answers, all of a text's in one listing.
	 */
	private readonly hiddenByName = new Map<string, readonly string[]>();
	/** Names a link asked for that are not looked up yet; a verdict that needed one is not kept. */
	private readonly asked = new Set<string>();
	/** How many times a verdict waited for a name not looked up yet. */
	private waits = 0;
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
		const wanted = comparablePath(relative ? fileName(path) : path);
		const name = wanted.slice(wanted.lastIndexOf("/") + 1);
		const named = this.hiddenByName.get(name);
		if (named === undefined) {
			this.asked.add(name);
			this.waits++;
			return false;
		}
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
	 * Whether an `obsidian://` URI opens a hidden file: its `file` parameter (`open?file=Notes%2FPay`,
	 * or Advanced URI's `filepath`), the path after the vault's name (`obsidian://vault/My
	 * vault/Notes/Pay`), or its `path` on disk (`open?path=%2FUsers%2Fme%2FVault%2FNotes%2FPay.md`),
	 * judged by each of its endings, since where the vault begins in it is not known here. One that
	 * cannot be decoded is withheld.
	 */
	obsidianUriHidden(uri: string): boolean {
		const rest = uri.replace(/^obsidian:\/\//i, "");
		const parameters = (rest.includes("?") ? rest.slice(rest.indexOf("?") + 1) : "").split("&");
		const valuesOf = (key: RegExp) =>
			parameters.filter((parameter) => key.test(parameter)).map((parameter) => parameter.replace(key, ""));
		const files = valuesOf(/^(?:file|filepath)=/i);
		const vaultPath = /^vault\/[^/?]+\/([^?]+)/i.exec(rest)?.[1];
		if (vaultPath !== undefined) files.push(vaultPath);
		return (
			files.some((file) => this.destinationHidden(file)) ||
			valuesOf(/^path=/i).some((path) => this.pathOnDiskHidden(path))
		);
	}

	/** Whether a file's path on disk, percent-encoded, ends in the path of a hidden file. */
	private pathOnDiskHidden(encoded: string): boolean {
		let decoded: string;
		try {
			decoded = decodeURIComponent(encoded);
		} catch {
			return true;
		}
		const segments = decoded.split(/[\\/]/).filter((segment) => segment !== "");
		return segments.some((_, start) => this.pathHidden(segments.slice(start).join("/")));
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
		const waits = this.waits;
		const verdict = judge();
		if (this.waits === waits) this.verdicts.set(key, verdict);
		return verdict;
	}

	/**
	 * Looks up the names asked for since the last look, among the hidden files whose name is one
	 * of them: one pass over the vault's paths, only those files judged. Whether any was asked.
	 */
	lookUpAsked(): boolean {
		if (this.asked.size === 0) return false;
		const found = new Map<string, string[]>([...this.asked].map((name) => [name, []]));
		this.asked.clear();
		for (const file of this.view.hiddenFiles((path) => found.has(comparableName(path)))) {
			if (!OWN_RECORDS.has(file.reason)) found.get(comparableName(file.path))?.push(comparablePath(file.path));
		}
		for (const [name, paths] of found) this.hiddenByName.set(name, paths);
		return true;
	}
}

/** A path as a link's is compared with it: lower case, a note without `.md`, in the composed form. */
function comparablePath(path: string): string {
	const bare = withoutNoteExtension(path);
	// Composing is the costly part of a look over every path of a large vault, and ASCII has nothing to compose.
	return (ASCII.test(bare) ? bare : bare.normalize("NFC")).toLowerCase();
}

/** The last segment of `comparablePath`. */
function comparableName(path: string): string {
	return comparablePath(path.slice(path.lastIndexOf("/") + 1));
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
