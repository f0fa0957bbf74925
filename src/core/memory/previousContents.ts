import { sha256Hex } from "../audit/hash";
import { DEFAULT_KEEP_LIMITS, newestWithin, pastLimits, type KeepLimits } from "../audit/logBounds";
import type { Clock, FileStat, LogFile, NoteStore, RenameOutcome } from "../ports";

export type { KeepLimits };

/** What the file holds, as read: the newest line of each text, and since when texts are kept. */
interface State {
	kept: Map<string, Kept>;
	/** When the oldest text still kept after the last compaction that dropped some was kept; 0 when none was dropped. */
	keptSince: number;
	/** The file's length. */
	size: number;
}

interface Kept {
	readonly text: string;
	/** When it was kept, in milliseconds. */
	readonly at: number;
	/** The length of its line in the file. */
	readonly size: number;
}

/**
 * The text notes had before the assistant changed them. The audit trail holds hashes, not text,
 * so that it stays small and never copies private text; to undo a change from the trail alone
 * ("Show assistant changes"), the text it replaced is kept here, in the plugin's own log file
 * (outside the notes), one JSON line per text, found by the record's `sha256Before`.
 *
 * The file is bounded (`KeepLimits`): when it holds texts older than the age limit, or grows past
 * the size limit, it is rewritten with the newest texts only, in one replacement of the whole file,
 * so that a crash leaves the old file or the new one, never a part. What was dropped is older than
 * everything kept, which lets an undo tell a change that is too old from one never kept.
 */
export class PreviousContents {
	private state: Promise<State> | null = null;
	/** Keeps, loads and compactions one after the other, so that none reads a file another is writing. */
	private queue: Promise<unknown> = Promise.resolve();

	constructor(
		private readonly file: LogFile,
		private readonly clock: Clock,
		private readonly limits: KeepLimits = DEFAULT_KEEP_LIMITS,
	) {}

	/** Keeps `text` as of now; a text kept before is kept again, as new, and ages from now. */
	keep(text: string): Promise<void> {
		return this.serially(async () => {
			const state = await this.load();
			const hash = sha256Hex(text);
			const at = this.clock.now().getTime();
			const line = lineOf(hash, text, at);
			await this.file.append(line);
			// An earlier line of the same text stays in the file until the next compaction.
			state.kept.set(hash, { text, at, size: line.length });
			state.size += line.length;
			// The change is made and its text kept: a compaction that fails leaves the file as it
			// was, larger than the limit until the next one succeeds, and must not fail the change.
			await this.compactIfNeeded(state).catch(() => undefined);
		});
	}

	/** The kept text whose SHA-256 is `hash`, or `null`. */
	find(hash: string): Promise<string | null> {
		return this.serially(async () => (await this.load()).kept.get(hash)?.text ?? null);
	}

	/**
	 * Whether a change made at `time` (ISO) is older than every text still kept after texts were
	 * dropped: its previous text, if it was kept, is gone because of its age.
	 */
	droppedAsTooOld(time: string): Promise<boolean> {
		return this.serially(async () => {
			const { keptSince } = await this.load();
			const changedAt = Date.parse(time);
			return keptSince > 0 && !Number.isNaN(changedAt) && changedAt < keptSince;
		});
	}

	private serially<T>(task: () => Promise<T>): Promise<T> {
		const run = this.queue.then(task, task);
		this.queue = run.catch(() => undefined);
		return run;
	}

	private load() {
		this.state ??= this.read().catch((error: unknown) => {
			this.state = null;
			throw error;
		});
		return this.state;
	}

	private async read(): Promise<State> {
		let untimed = false;
		const kept = new Map<string, Kept>();
		let keptSince = 0;
		let size = 0;
		const now = this.clock.now().getTime();
		for (const line of (await this.file.readAll()).split("\n")) {
			if (line.trim() === "") continue;
			size += line.length + 1;
			const entry = parseLine(line);
			if (entry === null) continue;
			if ("keptSince" in entry) {
				keptSince = Math.max(keptSince, entry.keptSince);
				continue;
			}
			// A line cut short by a crash, or edited by hand, is skipped: its hash would not match.
			if (sha256Hex(entry.text) !== entry.sha256) continue;
			// A line kept before times were written counts from now, then ages like the others.
			const at = entry.at ?? now;
			untimed ||= entry.at === null;
			kept.set(entry.sha256, { text: entry.text, at, size: lineOf(entry.sha256, entry.text, at).length });
		}
		const state = { kept, keptSince, size };
		// Untimed lines are written again with their time, so that they age from this first reading.
		await (untimed ? this.compact(state) : this.compactIfNeeded(state)).catch(() => undefined);
		return state;
	}

	private needsCompaction(state: State): boolean {
		return pastLimits(state.kept.values(), state.size, this.limits, this.clock.now().getTime());
	}

	private async compactIfNeeded(state: State): Promise<void> {
		if (this.needsCompaction(state)) await this.compact(state);
	}

	/** Rewrites the file with the newest texts within the limits, each once. */
	private async compact(state: State): Promise<void> {
		const now = this.clock.now().getTime();
		const newestFirst = [...state.kept.entries()]
			.map(([hash, entry]) => ({ hash, ...entry }))
			.sort((a, b) => b.at - a.at);
		// The newest text stays whatever its size: it is the one the change just made can be undone with.
		const survivors = newestWithin(newestFirst, this.limits, now);
		// Dropping only repeated lines loses nothing: the time before which texts are gone stays.
		const keptSince =
			survivors.length === newestFirst.length ? state.keptSince : (survivors[survivors.length - 1]?.at ?? now);
		survivors.reverse();
		const header = `${JSON.stringify({ keptSince })}\n`;
		const content = header + survivors.map((entry) => lineOf(entry.hash, entry.text, entry.at)).join("");
		await this.file.replace(content);
		state.kept = new Map(survivors.map(({ hash, text, at, size }) => [hash, { text, at, size }]));
		state.keptSince = keptSince;
		state.size = content.length;
	}
}

function lineOf(sha256: string, text: string, at: number): string {
	return `${JSON.stringify({ sha256, text, at })}\n`;
}

type Line =
	{ readonly sha256: string; readonly text: string; readonly at: number | null } | { readonly keptSince: number };

function parseLine(line: string): Line | null {
	try {
		const value = JSON.parse(line) as unknown;
		if (typeof value !== "object" || value === null) return null;
		const { sha256, text, at, keptSince } = value as Record<string, unknown>;
		if (typeof keptSince === "number" && Number.isFinite(keptSince)) return { keptSince };
		if (typeof sha256 !== "string" || typeof text !== "string") return null;
		return { sha256, text, at: typeof at === "number" && Number.isFinite(at) ? at : null };
	} catch {
		return null;
	}
}

/**
 * The store the audited writer writes through, keeping in `previous` the text each `process` and
 * `processFrontMatter` replaced: every edit, append, restore and callout write of the writer is
 * one of them. Creating and moving replace no text.
 */
export class RememberingStore implements NoteStore {
	constructor(
		private readonly inner: NoteStore,
		private readonly previous: PreviousContents,
	) {}

	get configDir(): string {
		return this.inner.configDir;
	}

	listFiles(): FileStat[] {
		return this.inner.listFiles();
	}

	filesIn(folder: string): FileStat[] {
		return this.inner.filesIn(folder);
	}

	listFolders(): string[] {
		return this.inner.listFolders();
	}

	stat(path: string): FileStat | null {
		return this.inner.stat(path);
	}

	isFolder(path: string): boolean {
		return this.inner.isFolder(path);
	}

	read(path: string): Promise<string> {
		return this.inner.read(path);
	}

	readBinary(path: string): Promise<Uint8Array> {
		return this.inner.readBinary(path);
	}

	create(path: string, content: string): Promise<FileStat> {
		return this.inner.create(path, content);
	}

	async process(path: string, transform: (current: string) => string): Promise<string> {
		let before: string | null = null;
		const after = await this.inner.process(path, (current) => {
			before = current;
			return transform(current);
		});
		if (before !== null && before !== after) await this.keep(before);
		return after;
	}

	async processFrontMatter(
		path: string,
		update: (properties: Record<string, unknown>) => void,
	): Promise<{ before: string; after: string }> {
		const changed = await this.inner.processFrontMatter(path, update);
		if (changed.before !== changed.after) await this.keep(changed.before);
		return changed;
	}

	ensureFolder(path: string): Promise<void> {
		return this.inner.ensureFolder(path);
	}

	rename(from: string, to: string): Promise<RenameOutcome> {
		return this.inner.rename(from, to);
	}

	/**
	 * The note is already written when its previous text is kept. A text that cannot be kept makes
	 * the change one that cannot be undone (Undo says its text is unavailable), never one that the
	 * writer reports as failed and leaves out of the audit trail.
	 */
	private async keep(text: string): Promise<void> {
		await this.previous.keep(text).catch(() => undefined);
	}
}
