import { keepsAddedLines } from "./heldFile";

/**
 * Keeps watching a note after a write landed in it, so that an editor saving in place a copy it
 * read before the write (a stale buffer, saved a moment later) does not undo the write unseen.
 *
 * The note is looked at again after pauses that double (`CHECK_PAUSES_MS`, about 1.5 seconds in
 * all): quickly at first, when such a save is most likely, then more rarely. When the lines a
 * write added are gone, the write is made again on what is there now, in the order the writes
 * were made, and the watch starts over. A write undone more than `MAX_WRITES_AGAIN` times (an
 * editor that keeps saving its old copy) is given up and reported: it is never taken for written
 * while it is not in the note. The watch runs beside the host's work, not in the way of the
 * write's caller; `settled` waits for it to end.
 */

/**
 * The pauses between two looks at a note, in milliseconds: a save of an older copy up to about
 * 1.5 seconds after a write is found, one saved later is not. A command line that wrote waits
 * that long before it exits, so the bound is kept short: long enough for an editor that read
 * the note just before the write and saves a moment after it.
 */
const CHECK_PAUSES_MS = [50, 100, 200, 400, 800];

/** How often one write is made again before it is given up. */
const MAX_WRITES_AGAIN = 3;

/** A write as it landed: the text it was built on and the text it made. */
export interface Landed {
	readonly current: string;
	readonly next: string;
}

export interface WriteWatchHost {
	/** The note's text on disk now, once a save under way has ended; `null` when it is gone. */
	textNow(path: string): Promise<string | null>;
	/**
	 * Makes a write again under the note's lock, with `transform` run on the note's text then; what
	 * landed, or `null` when `transform` changed nothing.
	 */
	writeAgain(path: string, transform: (current: string) => string): Promise<Landed | null>;
	/**
	 * A write given up: saved over `savedOver` times, and not made again, past the bound or for
	 * `error` (the lock was not had, the transform refused the text it found).
	 */
	lost(path: string, savedOver: number, error: string | null): void;
}

interface Watched {
	readonly transform: (current: string) => string;
	landed: Landed;
	writtenAgain: number;
}

/**
 * The writes of one note not yet known to stand, in the order they were made, and the lines a
 * later write took out of the text it was built on: a line an earlier write added that a later
 * one changed or removed (a running total replaced) is no longer expected. A line missing from
 * the text a later write was built on is not taken out by it: an editor's older copy may have
 * undone the earlier write just before, and that write is still owed.
 */
interface WatchedNote {
	readonly writes: Watched[];
	readonly withdrawn: Set<string>;
}

export class WriteWatch {
	private readonly notes = new Map<string, WatchedNote>();
	private readonly running = new Set<Promise<void>>();
	private lostWrites: string[] = [];

	constructor(private readonly host: WriteWatchHost) {}

	/** Watches a write that just landed in the note at `path`. */
	watch(path: string, transform: (current: string) => string, landed: Landed): void {
		const note = this.notes.get(path);
		if (note !== undefined) {
			note.writes.push({ transform, landed, writtenAgain: 0 });
			withdraw(note.withdrawn, landed);
			return;
		}
		const watched: WatchedNote = { writes: [{ transform, landed, writtenAgain: 0 }], withdrawn: new Set() };
		withdraw(watched.withdrawn, landed);
		this.notes.set(path, watched);
		const run = this.watchNote(path, watched).finally(() => this.running.delete(run));
		this.running.add(run);
	}

	/** Once every watch has ended: the notes where a write could not be made to stand, since last asked. */
	async settled(): Promise<string[]> {
		while (this.running.size > 0) await Promise.all([...this.running]);
		const lost = this.lostWrites;
		this.lostWrites = [];
		return lost;
	}

	private async watchNote(path: string, note: WatchedNote): Promise<void> {
		const { writes } = note;
		try {
			let look = 0;
			while (look < CHECK_PAUSES_MS.length && writes.length > 0) {
				const count = writes.length;
				await pause(CHECK_PAUSES_MS[look] ?? 0);
				const stood = await this.standing(path, note);
				// A write made meanwhile is watched from its own start, as is one made again.
				look = stood && writes.length === count ? look + 1 : 0;
			}
		} finally {
			this.notes.delete(path);
		}
	}

	/**
	 * Whether every write still stands; those that do not are made again, in order, and are given
	 * up past their bound. False when any was made again (the watch starts over).
	 */
	private async standing(path: string, note: WatchedNote): Promise<boolean> {
		const { writes } = note;
		const stands = (write: Watched, text: string) => standsIn(write, text, note.withdrawn);
		let text: string | null;
		try {
			text = await this.host.textNow(path);
		} catch (error) {
			// The note cannot be read any more (a link or a folder in its place): none of its writes
			// can be made to stand, and nothing awaits the watch to be told of the failure.
			const message = error instanceof Error ? error.message : String(error);
			for (const write of [...writes]) this.giveUp(path, writes, write, message);
			return true;
		}
		// Deleted or renamed since, by the user or a move: nothing of the write's to keep there.
		if (text === null) {
			writes.splice(0);
			return true;
		}
		if (writes.every((write) => stands(write, text))) return true;
		for (const write of [...writes]) {
			if (stands(write, text)) continue;
			if (write.writtenAgain >= MAX_WRITES_AGAIN) {
				this.giveUp(path, writes, write, null);
				continue;
			}
			try {
				// Judged again under the lock: a save that brought the lines back meanwhile needs no write.
				const landed = await this.host.writeAgain(path, (now) => (stands(write, now) ? now : write.transform(now)));
				if (landed !== null) {
					write.landed = landed;
					write.writtenAgain++;
					withdraw(note.withdrawn, landed);
				}
			} catch (error) {
				this.giveUp(path, writes, write, error instanceof Error ? error.message : String(error));
			}
		}
		return false;
	}

	private giveUp(path: string, writes: Watched[], write: Watched, error: string | null): void {
		writes.splice(writes.indexOf(write), 1);
		this.lostWrites.push(path);
		this.host.lost(path, write.writtenAgain + 1, error);
	}
}

/** Records the lines `landed` took out of the text it was built on, and takes back those it wrote. */
function withdraw(withdrawn: Set<string>, landed: Landed): void {
	const made = new Set(landed.next.split("\n"));
	for (const line of landed.current.split("\n")) if (!made.has(line)) withdrawn.add(line);
	for (const line of made) withdrawn.delete(line);
}

/** Whether `text` holds the lines `write` added that are still meant to be there (see `WatchedNote`). */
function standsIn(write: Watched, text: string, withdrawn: ReadonlySet<string>): boolean {
	const meant = write.landed.next
		.split("\n")
		.filter((line) => !withdrawn.has(line))
		.join("\n");
	return keepsAddedLines(write.landed.current, meant, text);
}

function pause(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}
