import type { AuditLog } from "../audit/auditLog";
import { sha256Hex, utf8ByteLength } from "../audit/hash";
import type { AuditAction, AuditActor, AuditRecord } from "../audit/record";
import { findAssistantCallout, isCalloutBody, withAssistantCallout } from "../text/assistantCallout";
import type { Clock, NoteStore } from "../ports";
import { assertContained, type ContainmentPolicy } from "./containment";
import { extensionOf, isInFolder, parentFolder } from "./paths";
import { UnsafePathError } from "./unsafePath";
import { mayHideOtherBytes, plainTextOf } from "./plainText";

/**
 * The only way the domain writes to the vault. Every write is checked by the containment guard
 * first, done with one atomic store operation, then recorded in the audit trail with the content
 * hashes before and after. There is no delete and no overwrite: creating never replaces a file,
 * moving never replaces a destination, and an edit may insert text but never remove any. Four
 * edits may remove text, each under a condition checked before or inside the atomic operation:
 * `writeAssistantCallout` only the assistant's own callout, `restoreNote` (an undo) only when
 * the note is exactly as the change being undone left it, `applyApprovedEdit` only when the
 * note is exactly the text the user approved a change of, `processChatTranscript` only in a
 * note of the assistant's chats folder. A write the host refuses for its path on disk (a symbolic
 * link) is recorded in the trail as refused, and nothing else: a record of a write is appended only
 * once the write has reached the disk. No edit touches a file whose bytes are not plain
 * text.
 */

/** Who writes and why; both go into the audit record. */
export interface WriteIntent {
	readonly actor: AuditActor;
	readonly reason: string;
	/**
	 * Recorded instead of the store operation's own action when the write is part of a memory
	 * operation, so `filterAudit({ action: "promote" })` finds every write a promotion made.
	 */
	readonly action?: Extract<AuditAction, "promote" | "archive">;
}

/** What a write did: `record` is `null` when nothing changed (and nothing was logged). */
export interface WriteOutcome {
	readonly path: string;
	readonly changed: boolean;
	readonly record: AuditRecord | null;
	/** Of a move: the notes whose links to the moved note were left, as they are not plain UTF-8 text. */
	readonly linksLeft?: readonly string[];
}

export type WriteRefusal = "exists" | "missing" | "removes-text" | "not-assistant-owned" | "not-plain-text";

/** A write refused for a reason other than containment; the message names the vault path. */
export class WriteRefusedError extends Error {
	readonly refusal: WriteRefusal;
	/** The vault-relative path, so the interface can say which note in the user's language. */
	readonly path: string;

	constructor(refusal: WriteRefusal, path: string) {
		super(`${REFUSAL_MESSAGES[refusal]}: ${path}`);
		this.name = "WriteRefusedError";
		this.refusal = refusal;
		this.path = path;
	}
}

const REFUSAL_MESSAGES: Readonly<Record<WriteRefusal, string>> = {
	exists: "Not written, a file or folder already exists at this path",
	missing: "Not written, there is no file at this path",
	"removes-text": "Not written, the change would remove existing text",
	"not-assistant-owned": "Not written, only the assistant's chat transcripts may be rewritten",
	"not-plain-text":
		"Not written, the file is not plain UTF-8 text (it holds other bytes or a NUL character) and is never edited",
};

export interface AuditedWriterDeps {
	readonly store: NoteStore;
	readonly audit: AuditLog;
	readonly clock: Clock;
	/** Private folders from the settings; the configuration folder comes from the store. */
	readonly excludedFolders: readonly string[];
}

export class AuditedWriter {
	private readonly policy: ContainmentPolicy;

	constructor(private readonly deps: AuditedWriterDeps) {
		this.policy = { configDir: deps.store.configDir, excludedFolders: deps.excludedFolders };
	}

	/** Creates a note; refuses (`exists`) when anything is already at the path. */
	async createNote(path: string, content: string, intent: WriteIntent): Promise<WriteOutcome> {
		return this.refusalsAudited("create", intent, async () => {
			const target = assertContained(path, this.policy);
			if (this.occupied(target)) throw new WriteRefusedError("exists", target);
			await this.deps.store.create(target, content);
			return this.logged(target, null, content, "create", intent);
		});
	}

	/** Appends `text` exactly as given to an existing note (`missing` when there is none). */
	async appendToNote(path: string, text: string, intent: WriteIntent): Promise<WriteOutcome> {
		return this.edit(path, (current) => current + text, "append", intent);
	}

	/**
	 * Rewrites a note atomically with a pure `transform` that may only insert text: every byte of
	 * the current content must survive, in order. A transform that returns the content unchanged
	 * writes nothing and logs nothing, which is what makes repeated memory operations idempotent.
	 */
	async processNote(path: string, transform: (current: string) => string, intent: WriteIntent): Promise<WriteOutcome> {
		return this.edit(path, transform, "process", intent);
	}

	/**
	 * Writes `text` as the body of the assistant's own `> [!assistant]` callout in a note (its
	 * agent layer, apart from the user's text): the previous body is replaced, its header line
	 * kept, or a new callout is appended at the end. Refused (`removes-text`) unless every byte
	 * outside the callout is unchanged and what follows its header is nothing but callout lines.
	 */
	async writeAssistantCallout(path: string, text: string, intent: WriteIntent): Promise<WriteOutcome> {
		return this.edit(
			path,
			(current) => withAssistantCallout(current, text),
			"process",
			intent,
			changesOnlyTheAssistantCallout,
		);
	}

	/**
	 * Puts a note's previous content back (an undo, audited as `restore`). It may remove text, so it is done only when
	 * the note is exactly as the change being undone left it: the hash of its current content
	 * must be `expectedCurrentHash` (that change's `sha256After`). Otherwise nothing is written
	 * and the refusal is `removes-text`: putting the old content over a note edited since would
	 * remove those edits. That `previousContent` is what the note held before that change is the
	 * caller's to check (`undoWrite` checks it against the record's `sha256Before`).
	 */
	async restoreNote(
		path: string,
		previousContent: string,
		expectedCurrentHash: string,
		intent: WriteIntent,
	): Promise<WriteOutcome> {
		const unchangedSince = (current: string) => sha256Hex(current) === expectedCurrentHash;
		return this.edit(path, () => previousContent, "restore", intent, unchangedSince);
	}

	/**
	 * Applies a change to the user's text that the user approved (audited as `edit`): `transform`
	 * may remove text, so it runs only on the very text the change was shown against, whose hash
	 * is `expectedBaseHash`, checked inside the atomic operation. A note edited since, by the user
	 * or anything else, is refused (`removes-text`) and nothing is written: the approval was given
	 * for other text. Like every edit, a file that is not plain UTF-8 text, or a path through a
	 * symbolic link, is refused.
	 */
	async applyApprovedEdit(
		path: string,
		expectedBaseHash: string,
		transform: (base: string) => string,
		intent: WriteIntent,
	): Promise<WriteOutcome> {
		const target = assertContained(path, this.policy);
		const approved = (current: string) => {
			// Thrown inside the atomic operation, before the transform: the store writes nothing.
			if (sha256Hex(current) !== expectedBaseHash) throw new WriteRefusedError("removes-text", target);
			return transform(current);
		};
		return this.edit(target, approved, "edit", intent, anyChange);
	}

	/**
	 * Rewrites one of the assistant's chat transcripts with a pure `transform` that may remove
	 * text: the transcript is the assistant's record of a chat, whose running totals in the
	 * frontmatter are replaced after each turn, by `updateProperties` (through the store's
	 * `processFrontMatter`, as Obsidian writes properties) before `transform` runs; the two are one
	 * change in the trail. Refused (`not-assistant-owned`) before anything is read unless the note
	 * is a markdown file inside `chatsFolder`, which may not be the vault root.
	 */
	async processChatTranscript(
		path: string,
		chatsFolder: string,
		transform: (current: string) => string,
		intent: WriteIntent,
		updateProperties?: (properties: Record<string, unknown>) => void,
	): Promise<WriteOutcome> {
		const target = assertContained(path, this.policy);
		const folder = assertContained(chatsFolder, this.policy);
		if (!isInFolder(target, folder) || target === folder || extensionOf(target) !== "md")
			throw new WriteRefusedError("not-assistant-owned", target);
		if (updateProperties === undefined) return this.edit(target, transform, "process", intent, anyChange);
		return this.refusalsAudited("process", intent, async () => {
			if (this.deps.store.stat(target) === null) throw new WriteRefusedError("missing", target);
			await this.plainTextAt(target);
			const totals = await this.deps.store.processFrontMatter(target, updateProperties);
			const { before } = totals;
			let after: string;
			try {
				({ after } = await this.applied(target, transform, anyChange));
			} catch (error) {
				// The properties are written already: that change is in the trail even when the rest fails.
				if (totals.after !== before) await this.logged(target, before, totals.after, "process", intent);
				throw error;
			}
			if (after === before) return { path: target, changed: false, record: null };
			return this.logged(target, before, after, "process", intent);
		});
	}

	/**
	 * Replaces a note's whole content with `content` (an approved consolidation of `memory.md`, a
	 * rebuilt weekly summary). It may remove text, so it is done only when the note's current
	 * content is kept, byte for byte, in the note at `keptAt` (its archived copy, made first):
	 * nothing is lost. Otherwise nothing is written and the refusal is `removes-text`.
	 */
	async replaceKeptNote(path: string, content: string, keptAt: string, intent: WriteIntent): Promise<WriteOutcome> {
		const copy = assertContained(keptAt, this.policy);
		if (this.deps.store.stat(copy) === null) throw new WriteRefusedError("missing", copy);
		const kept = await this.deps.store.read(copy);
		return this.edit(
			path,
			() => content,
			"process",
			intent,
			(current) => current === kept,
		);
	}

	/**
	 * Moves a note, creating the destination's folders (Obsidian's rename does not); refuses when
	 * the source is not a file or the destination is taken.
	 */
	async moveNote(from: string, to: string, intent: WriteIntent): Promise<WriteOutcome> {
		return this.refusalsAudited("move", intent, async () => {
			const source = assertContained(from, this.policy);
			const target = assertContained(to, this.policy);
			if (this.deps.store.stat(source) === null) throw new WriteRefusedError("missing", source);
			if (this.occupied(target)) throw new WriteRefusedError("exists", target);
			const content = await this.deps.store.read(source);
			if (parentFolder(target) !== "") await this.deps.store.ensureFolder(parentFolder(target));
			const { linksLeft } = await this.deps.store.rename(source, target);
			const outcome = await this.logged(target, content, content, "move", intent, source);
			return linksLeft.length === 0 ? outcome : { ...outcome, linksLeft };
		});
	}

	/**
	 * Creates a folder and its parents. Not audited: a folder holds no text to hash, and the
	 * notes later written into it are.
	 */
	async ensureFolder(path: string): Promise<string> {
		const folder = assertContained(path, this.policy);
		await this.deps.store.ensureFolder(folder);
		return folder;
	}

	/** `allowed` judges each change inside the atomic operation; a change it refuses is not written. */
	private async edit(
		path: string,
		transform: (current: string) => string,
		action: AuditAction,
		intent: WriteIntent,
		allowed: (current: string, next: string) => boolean = keepsEveryCharacter,
	): Promise<WriteOutcome> {
		return this.refusalsAudited(action, intent, () => this.editOnce(path, transform, action, intent, allowed));
	}

	private async editOnce(
		path: string,
		transform: (current: string) => string,
		action: AuditAction,
		intent: WriteIntent,
		allowed: (current: string, next: string) => boolean,
	): Promise<WriteOutcome> {
		const target = assertContained(path, this.policy);
		const { before, after } = await this.applied(target, transform, allowed);
		if (after === before) return { path: target, changed: false, record: null };
		return this.logged(target, before, after, action, intent);
	}

	/** Runs `transform` over the plain-text note at `target` in one atomic `process`, if `allowed`. */
	private async applied(
		target: string,
		transform: (current: string) => string,
		allowed: (current: string, next: string) => boolean,
	): Promise<{ before: string; after: string }> {
		if (this.deps.store.stat(target) === null) throw new WriteRefusedError("missing", target);
		const checked = await this.plainTextAt(target);
		let before = "";
		const after = await this.deps.store.process(target, (current) => {
			// Changed since its bytes were checked: judged again by what lenient decoding leaves.
			if (current !== checked && mayHideOtherBytes(current)) throw new WriteRefusedError("not-plain-text", target);
			before = current;
			const next = transform(current);
			// Thrown inside the callback so that the store writes nothing.
			if (next !== current && !allowed(current, next)) throw new WriteRefusedError("removes-text", target);
			return next;
		});
		return { before, after };
	}

	/**
	 * Whether a file or folder is at `path`, hidden or not, in any case (`Idea.md` and `idea.md`
	 * are one file on macOS and Windows): where the assistant may not create a note. It tells
	 * nothing of what a hidden file holds.
	 */
	isTaken(path: string): boolean {
		const target = assertContained(path, this.policy);
		try {
			if (this.occupied(target)) return true;
		} catch (error) {
			// A path the host will not write (through a symbolic link): not taken, so that the write is
			// tried, refused and audited as refused, rather than failing here unrecorded.
			if (error instanceof UnsafePathError) return false;
			throw error;
		}
		const folded = target.toLowerCase();
		return (
			this.deps.store.listFiles().some((file) => file.path.toLowerCase() === folded) ||
			this.deps.store.listFolders().some((folder) => folder.toLowerCase() === folded)
		);
	}

	/**
	 * Runs one write; when the host refuses its path on disk, the refusal goes into the audit
	 * trail (nothing was written) and the error on to the caller.
	 */
	private async refusalsAudited(
		action: AuditAction,
		intent: WriteIntent,
		write: () => Promise<WriteOutcome>,
	): Promise<WriteOutcome> {
		try {
			return await write();
		} catch (error) {
			if (error instanceof UnsafePathError) {
				await this.deps.audit.appendRefusal({
					time: this.deps.clock.now().toISOString(),
					actor: intent.actor,
					action: intent.action ?? action,
					path: error.path,
					refused: error.rule,
					reason: intent.reason,
				});
			}
			throw error;
		}
	}

	/** The note's text, read from its bytes; refused (`not-plain-text`) unless they are UTF-8 without NUL. */
	private async plainTextAt(path: string): Promise<string> {
		const text = plainTextOf(await this.deps.store.readBinary(path));
		if (text === null) throw new WriteRefusedError("not-plain-text", path);
		return text;
	}

	private occupied(path: string): boolean {
		return this.deps.store.stat(path) !== null || this.deps.store.isFolder(path);
	}

	private async logged(
		path: string,
		before: string | null,
		after: string,
		action: AuditAction,
		intent: WriteIntent,
		from?: string,
	): Promise<WriteOutcome> {
		const record: AuditRecord = {
			time: this.deps.clock.now().toISOString(),
			actor: intent.actor,
			action: intent.action ?? action,
			path,
			bytes: utf8ByteLength(after),
			sha256Before: before === null ? null : sha256Hex(before),
			sha256After: sha256Hex(after),
			reason: intent.reason,
			...(from === undefined ? {} : { from }),
		};
		await this.deps.audit.append(record);
		return { path, changed: true, record };
	}
}

/** For a note whose content the caller may replace as a whole. */
function anyChange(): boolean {
	return true;
}

/** Whether `next` holds all of `current` as a subsequence, i.e. was made from it by insertions only. */
function keepsEveryCharacter(current: string, next: string): boolean {
	let matched = 0;
	for (let i = 0; i < next.length && matched < current.length; i++) {
		if (next.charCodeAt(i) === current.charCodeAt(matched)) matched++;
	}
	return matched === current.length;
}

/**
 * Whether `next` differs from `current` only inside the assistant's callout: the text up to the
 * end of its header and the text after it are the same, and what lies between is callout lines.
 * Without a callout yet, the change may only insert (the new callout).
 */
function changesOnlyTheAssistantCallout(current: string, next: string): boolean {
	const callout = findAssistantCallout(current);
	if (callout === null) return keepsEveryCharacter(current, next);
	const head = current.slice(0, callout.headerEnd);
	const tail = current.slice(callout.end);
	if (next.length < head.length + tail.length || !next.startsWith(head) || !next.endsWith(tail)) return false;
	return isCalloutBody(next.slice(head.length, next.length - tail.length));
}
