import type { NoteMetadata } from "../metadata";
import type { FileStat, MetadataSource, NoteStore } from "../ports";
import { skipReasonForFile, skipReasonForNote, type IndexPolicy, type SkipReason } from "./indexPolicy";
import { tagsOf } from "./noteProperties";
import { mayBeStale } from "./cacheCurrency";
import { extensionOf } from "./paths";
import { looksBinary } from "./plainText";

/**
 * The vault as the assistant may see it. Every note the user's rules hide is simply absent:
 * notes in the configuration folder or the trash, the assistant's chat transcripts and audit
 * files, excluded folders, notes with an excluded tag, notes marked `assistant: private`, notes
 * whose frontmatter cannot be read, and notes the metadata cache does not know yet (whose flag
 * is unknown). A file that is not a note (an image, a PDF) that a hidden note links to or
 * embeds is hidden with it, whatever else links to it: a link in a visible note, which the
 * assistant itself may write (in its memory, its inbox, its callout), never opens a private file
 * to it. Every part of the core that reads notes reads them
 * through a view; only the audited writer holds the store itself, for the bytes of the files it
 * changes.
 *
 * A view can only be made by `privacyView`: the brand keeps a `NoteStore` (or anything else
 * with the same methods) from being passed where a view is expected, so that a reader that
 * skips the rules cannot be written.
 */
export interface VaultView {
	readonly [VIEW_BRAND]: true;
	readonly configDir: string;
	/** The rules the view applies (also what the index is built under). */
	readonly policy: IndexPolicy;
	/**
	 * Every file the rules let the assistant see; with `accept`, only those whose path it takes,
	 * asked before the rules are: cheaper on a large vault when it takes few.
	 */
	listFiles(accept?: (path: string) => boolean): FileStat[];
	/** The files directly in `folder` (`""`: the root) that the rules let the assistant see, each judged as `stat` judges it. */
	filesIn(folder: string): FileStat[];
	/**
	 * The `count` files changed last (ties by path) among those the rules let the assistant see
	 * and `accept` takes, newest first. The files are ordered by their dates before any is judged,
	 * so that a large vault costs one pass over the listing and the judgement of a few files.
	 */
	newestFiles(count: number, accept: (path: string) => boolean): FileStat[];
	/** Every folder except the root and those the rules hide. */
	listFolders(): string[];
	/** The file at `path`, or `null` when there is none or it is hidden. */
	stat(path: string): FileStat | null;
	isFolder(path: string): boolean;
	/** The file's text; rejects for a hidden or missing file. */
	read(path: string): Promise<string>;
	/**
	 * The bytes of a file that is not a note (an image, a PDF); rejects for a hidden or missing
	 * file and for a note, whose text only `read` gives, with its checks. The caller checks the
	 * size `stat` gives before: this reads the whole file.
	 */
	readBinary(path: string): Promise<Uint8Array>;
	/** The note's metadata, `null` when it is not a note, not known yet or hidden. */
	getMetadata(path: string): NoteMetadata | null;
	/** The file a link points to, `null` when it is unresolved or its target is hidden. */
	resolveLink(linkpath: string, sourcePath: string): string | null;
	/**
	 * Why the file at `path` is hidden, `null` when it is visible or there is none. For the
	 * user's own messages ("skipped: private"), never for a model: it tells that a file exists.
	 */
	hiddenReason(path: string): HiddenReason | null;
	/**
	 * Every hidden file with its reason, for the index status the user reads; with `accept`, only
	 * those whose path it takes, asked before the rules are, as `listFiles` asks.
	 */
	hiddenFiles(accept?: (path: string) => boolean): readonly HiddenFile[];
	/**
	 * The verdict on the note at `path` in one look at the metadata cache: hidden with its reason,
	 * or shown with its metadata (`null` for a file that is not a note). What the index asks of
	 * every note it builds, so it is not looked up twice.
	 */
	judge(path: string): NoteVerdict;
	/**
	 * Whether `text`, handed over as the current text of the note at `path` (by a vault event,
	 * with the metadata the cache has for it), passes what `read` checks of the text it reads. The
	 * rules that hide a note by its path or properties are the caller's to apply, as `stat` does.
	 */
	admitsText(path: string, text: string): boolean;
}

declare const VIEW_BRAND: unique symbol;

/**
 * Why the view hides a file: a privacy rule of the index, never a size or type; or, for a file
 * that is not a note, that a hidden note links to or embeds it.
 */
export type HiddenReason = NoteHiddenReason | "linked-by-hidden-notes";

/** Why the view hides a note: a privacy rule of the index. */
export type NoteHiddenReason = Exclude<SkipReason, "not-markdown" | "too-large">;

export type NoteVerdict =
	{ readonly hidden: NoteHiddenReason } | { readonly hidden: null; readonly metadata: NoteMetadata | null };

export interface HiddenFile {
	readonly path: string;
	readonly reason: HiddenReason;
}

/** What a view is made over: the vault's files and the metadata cache. */
export interface ViewSource {
	readonly store: Pick<
		NoteStore,
		"configDir" | "listFiles" | "filesIn" | "listFolders" | "stat" | "isFolder" | "read" | "readBinary"
	>;
	readonly metadata: MetadataSource;
}

/** The vault under `policy`. The policy is read on each call, so a view follows changed settings. */
export function privacyView(source: ViewSource, policy: IndexPolicy | (() => IndexPolicy)): VaultView {
	const policyNow = typeof policy === "function" ? policy : () => policy;
	return new PrivacyView(source, policyNow) as unknown as VaultView;
}

/** A fence line opening a properties block, after an optional byte-order mark. */
const OPENING_FENCE = /^\uFEFF?---[ \t]*\r?(\n|$)/;
/** A block with nothing between its fences. */
const EMPTY_BLOCK = /^\uFEFF?---[ \t]*\r?\n---[ \t]*\r?(\n|$)/;

/** A line that reads as a property (`key: value`, `key:`), as the first line of a block would be. */
const PROPERTY_LINE = /^\uFEFF?---[ \t]*\r?\n[ \t]*[^\s#:][^:\n]*:([ \t]|\r?$)/m;

/**
 * Whether `text` opens with a properties block that holds something the metadata has no
 * properties for: a block closed by a fence, or one never closed (or closed by YAML's `...`,
 * which Obsidian does not take for a fence) whose first line reads as a property. A note that
 * merely opens with a horizontal rule and prose is not such a note.
 */
function opensUnreadProperties(text: string, metadata: NoteMetadata | null): boolean {
	if (metadata?.frontmatter !== undefined || !OPENING_FENCE.test(text) || EMPTY_BLOCK.test(text)) return false;
	return text.indexOf("\n---", 3) !== -1 || PROPERTY_LINE.test(text.slice(0, 4096));
}

/** A privacy rule of `path` that its path alone tells (folders, transcripts, configuration). */
function pathReason(path: string, policy: IndexPolicy): NoteHiddenReason | null {
	// Size 0: a size never hides a file, it only keeps a note out of the index.
	const reason = skipReasonForFile(path, 0, policy);
	return reason === null || reason === "not-markdown" || reason === "too-large" ? null : reason;
}

/**
 * Whether the note at `path` is the assistant's own record (a chat transcript, the audit log) or
 * Obsidian's (the configuration folder, the trash): hidden, but not the user's choice of what to
 * hide. Its links neither hide nor show a file: a transcript names the files the chat was about
 * (a `[[scan.png]]` the user wrote), and that must not make them private to the next chat.
 */
function isOwnRecord(path: string, policy: IndexPolicy): boolean {
	const reason = pathReason(path, policy);
	return reason === "assistant-internal" || reason === "config-folder";
}

/** The rules that decide which notes are hidden, as one key: what the hidden attachments depend on besides the cache. */
function rulesKey(policy: IndexPolicy): string {
	return JSON.stringify([policy.configDir, policy.excludedFolders, policy.excludedTags, policy.internalPaths]);
}

/**
 * The `limit` files changed last that `accept` takes, newest first (ties by path), kept in one
 * pass: a file older than the last one kept costs one comparison, a newer one `accept` and a
 * binary search of those kept. The pass starts from the end of the listing, where files made in
 * this session are, and where a vault copied or synced in (listed in the order it was written,
 * oldest first) has its newest: `accept` is then asked of few files, as in a listing in no
 * order. Past a few hundred, the files are sorted instead.
 */
function newest(files: readonly FileStat[], limit: number, accept: (path: string) => boolean): FileStat[] {
	if (limit > 256)
		return files
			.filter((file) => accept(file.path))
			.sort(newerFirst)
			.slice(0, limit);
	const kept: FileStat[] = [];
	for (let at = files.length - 1; at >= 0; at--) {
		const file = files[at];
		if (kept.length === limit && !isNewer(file, kept[limit - 1])) continue;
		if (!accept(file.path)) continue;
		let low = 0;
		let high = kept.length;
		while (low < high) {
			const middle = (low + high) >>> 1;
			if (isNewer(file, kept[middle])) high = middle;
			else low = middle + 1;
		}
		kept.splice(low, 0, file);
		if (kept.length > limit) kept.pop();
	}
	return kept;
}

function isNewer(a: FileStat, b: FileStat): boolean {
	return a.mtime !== b.mtime ? a.mtime > b.mtime : a.path < b.path;
}

function newerFirst(a: FileStat, b: FileStat): number {
	if (isNewer(a, b)) return -1;
	return isNewer(b, a) ? 1 : 0;
}

/** Files looked up one by one in a task before the view maps the links of them all (see `linkersOf`). */
const SCANS_BEFORE_MAP = 4;

class PrivacyView {
	/**
	 * The files (not notes) that hidden notes link to, for the rest of the current task:
	 * a listing judges every file, and a loop over links asks for many; neither the metadata cache
	 * nor the settings can change before the task gives the thread back.
	 */
	private linkedByHidden: { readonly key: string; readonly paths: ReadonlySet<string> } | null = null;
	/** Each file (not a note) with the notes that link to it, for the rest of the current task, as `linkedByHidden`. */
	private linkers: ReadonlyMap<string, readonly string[]> | null = null;
	/** The files looked up one by one in the current task, before `linkers` is worth making. */
	private scans = 0;

	constructor(
		private readonly source: ViewSource,
		private readonly policyNow: () => IndexPolicy,
	) {}

	get configDir(): string {
		return this.source.store.configDir;
	}

	get policy(): IndexPolicy {
		return this.policyNow();
	}

	listFiles(accept?: (path: string) => boolean): FileStat[] {
		const policy = this.policyNow();
		if (accept !== undefined)
			return this.source.store
				.listFiles(accept)
				.filter((file) => accept(file.path) && this.reasonFor(file.path, policy) === null);
		const linkedByHidden = this.filesLinkedByHidden(policy);
		return this.source.store.listFiles().filter((file) => this.reasonFor(file.path, policy, linkedByHidden) === null);
	}

	filesIn(folder: string): FileStat[] {
		const policy = this.policyNow();
		return this.source.store.filesIn(folder).filter((file) => this.reasonFor(file.path, policy) === null);
	}

	newestFiles(count: number, accept: (path: string) => boolean): FileStat[] {
		if (count <= 0) return [];
		const policy = this.policyNow();
		const files = this.source.store.listFiles();
		// The newest few that `accept` takes are judged by the rules; when too many of them are hidden, more of them.
		for (let limit = count * 2; ; limit *= 4) {
			const candidates = newest(files, limit, accept);
			const shown = candidates.filter((file) => this.reasonFor(file.path, policy) === null);
			if (shown.length >= count || candidates.length < limit) return shown.slice(0, count);
		}
	}

	listFolders(): string[] {
		const policy = this.policyNow();
		return this.source.store.listFolders().filter((folder) => pathReason(folder, policy) === null);
	}

	stat(path: string): FileStat | null {
		const stat = this.source.store.stat(path);
		return stat === null || this.reasonFor(stat.path, this.policyNow()) !== null ? null : stat;
	}

	isFolder(path: string): boolean {
		return this.source.store.isFolder(path) && pathReason(path, this.policyNow()) === null;
	}

	async read(path: string): Promise<string> {
		const stat = this.stat(path);
		if (stat === null) throw new Error(`File not found: ${path}`);
		const text = await this.source.store.read(stat.path);
		if (!this.admitsText(stat.path, text)) throw new Error(`File not found: ${path}`);
		return text;
	}

	async readBinary(path: string): Promise<Uint8Array> {
		const stat = this.stat(path);
		if (stat === null || extensionOf(stat.path) === "md") throw new Error(`File not found: ${path}`);
		return this.source.store.readBinary(stat.path);
	}

	/**
	 * A second look, at the text itself: a note that opens a properties block the metadata does not
	 * show (a byte-order mark before it, a parser that disagrees), or that the metadata describes as
	 * it was before its last edit, is one whose flag is unknown. A binary file named `.md` is no
	 * note: its bytes, decoded, would be read, indexed and sent as if they were text.
	 */
	admitsText(path: string, text: string): boolean {
		if (extensionOf(path) !== "md") return true;
		const metadata = this.source.metadata.getMetadata(path);
		return (
			metadata !== null &&
			!mayBeStale(metadata, text, this.policyNow()) &&
			!opensUnreadProperties(text, metadata) &&
			!looksBinary(text)
		);
	}

	getMetadata(path: string): NoteMetadata | null {
		return this.stat(path) === null ? null : this.source.metadata.getMetadata(path);
	}

	resolveLink(linkpath: string, sourcePath: string): string | null {
		const target = this.source.metadata.resolveLink(linkpath, sourcePath);
		return target === null || this.stat(target) === null ? null : target;
	}

	hiddenReason(path: string): HiddenReason | null {
		const policy = this.policyNow();
		const byPath = pathReason(path, policy);
		if (byPath !== null) return byPath;
		const stat = this.source.store.stat(path);
		return stat === null ? null : this.reasonFor(stat.path, policy);
	}

	hiddenFiles(accept?: (path: string) => boolean): readonly HiddenFile[] {
		const policy = this.policyNow();
		const hidden: HiddenFile[] = [];
		// A listing of a few files judges each by the links to it alone, not by every link of the vault.
		const linkedByHidden = accept === undefined ? this.filesLinkedByHidden(policy) : undefined;
		for (const file of this.source.store.listFiles()) {
			if (accept !== undefined && !accept(file.path)) continue;
			const reason = this.reasonFor(file.path, policy, linkedByHidden);
			if (reason !== null) hidden.push({ path: file.path, reason });
		}
		return hidden;
	}

	/**
	 * Every rule of a note, the path's first; a note is judged by its metadata, a file of another
	 * type by its path alone (the index takes notes only; `stat` and the listings add the rule of
	 * the links).
	 */
	judge(path: string): NoteVerdict {
		return this.verdictFor(path, this.policyNow());
	}

	/** Every rule: a note's (`verdictFor`), and for any other file, whether a hidden note links to it. */
	private reasonFor(path: string, policy: IndexPolicy, linkedByHidden?: ReadonlySet<string>): HiddenReason | null {
		const hidden = this.verdictFor(path, policy).hidden;
		if (hidden !== null || extensionOf(path) === "md") return hidden;
		// Until the links are all known, a private note's embed may be missing from them: hidden, as a note not known yet.
		if (this.source.metadata.linksResolved === false) return "no-metadata";
		const byLinks =
			(linkedByHidden ?? this.cachedLinkedByHidden(policy))?.has(path) ?? this.hiddenNoteLinksTo(path, policy);
		return byLinks ? "linked-by-hidden-notes" : null;
	}

	private verdictFor(path: string, policy: IndexPolicy): NoteVerdict {
		const byPath = pathReason(path, policy);
		if (byPath !== null) return { hidden: byPath };
		if (extensionOf(path) !== "md") return { hidden: null, metadata: null };
		const metadata = this.source.metadata.getMetadata(path);
		const byNote = skipReasonForNote(metadata, metadata === null ? [] : tagsOf(metadata), policy);
		return byNote === null || byNote === "not-markdown" || byNote === "too-large"
			? { hidden: null, metadata }
			: { hidden: byNote };
	}

	/** Whether a hidden note links to or embeds the file at `path`: only the notes that link to it are judged. */
	private hiddenNoteLinksTo(path: string, policy: IndexPolicy): boolean {
		return this.linkersOf(path).some(
			(source) => !isOwnRecord(source, policy) && this.verdictFor(source, policy).hidden !== null,
		);
	}

	/**
	 * The notes that link to `path`. The first few files of a task are looked up by a pass over
	 * every note's links (a few ms on 50,000 notes); past them, the task is a loop over many
	 * (a note's embeds, a listing's files), and one map of them all answers the rest.
	 */
	private linkersOf(path: string): readonly string[] {
		if (this.linkers === null && this.scans < SCANS_BEFORE_MAP) {
			if (this.scans++ === 0)
				queueMicrotask(() => {
					this.scans = 0;
				});
			const links = this.source.metadata.resolvedLinks;
			const linkers: string[] = [];
			for (const source in links) if (Object.prototype.hasOwnProperty.call(links[source], path)) linkers.push(source);
			return linkers;
		}
		return this.linksNow().get(path) ?? [];
	}

	/**
	 * The notes linking to each file that is not a note: one pass over the links (no note judged),
	 * kept for the rest of the task, so that a loop over a note's embeds looks them up at once.
	 */
	private linksNow(): ReadonlyMap<string, readonly string[]> {
		if (this.linkers !== null) return this.linkers;
		const links = this.source.metadata.resolvedLinks;
		const linkers = new Map<string, string[]>();
		for (const source in links) {
			for (const target in links[source]) {
				if (extensionOf(target) === "md") continue;
				const sources = linkers.get(target);
				if (sources === undefined) linkers.set(target, [source]);
				else sources.push(source);
			}
		}
		this.linkers = linkers;
		queueMicrotask(() => {
			this.linkers = null;
		});
		return linkers;
	}

	private cachedLinkedByHidden(policy: IndexPolicy): ReadonlySet<string> | null {
		const cached = this.linkedByHidden;
		return cached !== null && cached.key === rulesKey(policy) ? cached.paths : null;
	}

	/**
	 * Every file (not a note) that a hidden note links to or embeds: one pass over the links, each
	 * note that links to a file judged once, kept for the rest of the task.
	 */
	private filesLinkedByHidden(policy: IndexPolicy): ReadonlySet<string> {
		const cached = this.cachedLinkedByHidden(policy);
		if (cached !== null) return cached;
		const links = this.source.metadata.resolvedLinks;
		const byHidden = new Set<string>();
		for (const source in links) {
			// Judged only for a note that links to a file: most link to notes alone.
			let hidden: boolean | undefined;
			for (const target in links[source]) {
				if (extensionOf(target) === "md") continue;
				hidden ??= !isOwnRecord(source, policy) && this.verdictFor(source, policy).hidden !== null;
				if (!hidden) break;
				byHidden.add(target);
			}
		}
		this.linkedByHidden = { key: rulesKey(policy), paths: byHidden };
		queueMicrotask(() => {
			this.linkedByHidden = null;
		});
		return byHidden;
	}
}
