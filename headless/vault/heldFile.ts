import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from "node:fs";

/** Not followed when opening, on systems that know the flag (0 elsewhere). */
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;

/**
 * An editor saving in place empties the file, then writes it in one go: an empty file is most
 * likely a save under way. It is looked at again this often (milliseconds), at most `LOOKS` times,
 * before it is taken as empty.
 */
const LOOK_MS = 1;
const LOOKS = 200;

/**
 * A note's file as a write read it: its bytes, and a hold on that very file (not its name), so
 * the write can tell afterwards whether someone wrote into it meanwhile. An editor that saves in
 * place (Obsidian's desktop adapter: `fs.writeFile`, no temporary file) and had the note open as
 * the write's rename took the name puts its bytes into this file, which no name leads to any more.
 */
export class HeldFile {
	private constructor(
		private readonly fd: number,
		readonly bytes: Buffer,
		private readonly seen: Stats,
	) {}

	/**
	 * The file at `full` once a save under way into it has ended (see `LOOKS`): building on the
	 * empty file a save leaves for a moment would write the note over with nothing but the change.
	 */
	static async openSaved(full: string): Promise<HeldFile> {
		let held = HeldFile.open(full);
		for (let look = 0; look < LOOKS && held.bytes.length === 0; look++) {
			held.close();
			await pause(LOOK_MS);
			held = HeldFile.open(full);
		}
		return held;
	}

	/** Opens and reads the file at `full`, refusing (`ELOOP`) a symbolic link. */
	static open(full: string): HeldFile {
		const fd = openSync(full, constants.O_RDONLY | NO_FOLLOW);
		try {
			const seen = fstatSync(fd);
			return new HeldFile(fd, readAll(fd, seen.size), seen);
		} catch (error) {
			closeSync(fd);
			throw error;
		}
	}

	/** Whether the file was written since it was read (its time or size moved). */
	writtenSince(): boolean {
		const now = fstatSync(this.fd);
		return now.mtimeMs !== this.seen.mtimeMs || now.size !== this.seen.size;
	}

	/** The file's bytes once a save under way into it has ended. */
	async savedBytes(): Promise<Buffer> {
		let bytes = readAll(this.fd, fstatSync(this.fd).size);
		for (let look = 0; look < LOOKS && bytes.length === 0; look++) {
			await pause(LOOK_MS);
			bytes = readAll(this.fd, fstatSync(this.fd).size);
		}
		return bytes;
	}

	close(): void {
		closeSync(this.fd);
	}
}

function pause(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The whole file from its start, however much it holds by the time it is read. */
function readAll(fd: number, sizeHint: number): Buffer {
	const chunks: Buffer[] = [];
	let position = 0;
	for (;;) {
		const chunk = Buffer.alloc(Math.max(sizeHint - position, 64 * 1024));
		const read = readSync(fd, chunk, 0, chunk.length, position);
		if (read === 0) return Buffer.concat(chunks);
		chunks.push(chunk.subarray(0, read));
		position += read;
	}
}

/**
 * Whether `later` still holds every line a write added to `before` to make `next`, as many times
 * as `next` does: how a write that inserts (an entry, a property) tells that an editor saving a
 * copy it read before the write did not save over it. Blank lines are not counted: an editor may
 * well tidy them, and a write is never only blank lines. A line that something rewrote after
 * reading it (a linter turning `- ` into `* `, a formatter wrapping it) still counts as held while
 * its letters and digits are all there, in order: a copy saved from before the write has none of them.
 */
export function keepsAddedLines(before: string, next: string, later: string): boolean {
	const inNext = lineCounts(next);
	const inBefore = lineCounts(before);
	const inLater = lineCounts(later);
	let laterWords: string | null = null;
	let nextWords: string | null = null;
	for (const [line, count] of inNext) {
		if (count <= (inBefore.get(line) ?? 0) || count <= (inLater.get(line) ?? 0)) continue;
		const words = wordsOf(line);
		if (words === "") return false;
		laterWords ??= wordsOf(later);
		nextWords ??= wordsOf(next);
		if (occurrences(laterWords, words) < occurrences(nextWords, words)) return false;
	}
	return true;
}

function lineCounts(text: string): Map<string, number> {
	const counts = new Map<string, number>();
	for (const line of text.split("\n")) if (line.trim() !== "") counts.set(line, (counts.get(line) ?? 0) + 1);
	return counts;
}

/** The letters and digits of `text`, in order and in lower case: what a rewrite of its punctuation and spacing keeps. */
function wordsOf(text: string): string {
	return text.replace(/[^\p{L}\p{N}]+/gu, "").toLowerCase();
}

function occurrences(text: string, part: string): number {
	return text.split(part).length - 1;
}
