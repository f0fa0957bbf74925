import {
	closeSync,
	constants,
	fstatSync,
	fsyncSync,
	linkSync,
	openSync,
	readFileSync,
	readSync,
	renameSync,
	unlinkSync,
	writeSync,
} from "node:fs";
import { randomBytes } from "node:crypto";
import { basename, dirname, join } from "node:path";
import { lstatOrNull } from "./noSymlinks";

/**
 * Writing a file so that a crash at any moment (`kill -9`, power loss) leaves either its whole old
 * content or its whole new content, never a truncated mix: the new bytes go to a temporary file
 * beside it, are flushed to the disk, and only then take the file's name in one rename.
 */

/** Not followed when opening, on systems that know the flag (0 elsewhere). */
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;

/**
 * A fresh name in the same folder as `full` (a rename is atomic only within one file system).
 * It starts with a dot, so a listing of the vault, which skips dot-files, never shows it.
 */
export function temporaryPathBeside(full: string): string {
	return join(dirname(full), `.${basename(full)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
}

/** The name `temporaryPathBeside` gives, and nothing else: the file it stands in for, then the writing process's id. */
const TEMPORARY_NAME = /^\.([^/]+)\.(\d+)\.[0-9a-f]{8}\.tmp$/;

/** A temporary file of `temporaryPathBeside`'s, read from its name. */
export interface TemporaryFile {
	/** The name of the file the write was replacing or creating, in the same folder. */
	readonly writing: string;
	/** The id of the process that made it. */
	readonly writer: number;
}

/** What a temporary file of `temporaryPathBeside`'s was written for, from the file's name; `null` for any other name. */
export function temporaryFileOf(name: string): TemporaryFile | null {
	const match = TEMPORARY_NAME.exec(name);
	return match === null ? null : { writing: match[1], writer: Number(match[2]) };
}

/**
 * Replaces the file at `full` with `data` atomically, its folder's entry flushed as well.
 * `stillCurrent`, asked once the new bytes are on disk and just before the rename, can call the
 * replacement off (the file changed meanwhile): then nothing is replaced and the answer is false.
 */
export function replaceFileAtomically(
	full: string,
	data: Uint8Array | string,
	stillCurrent: () => boolean = () => true,
): boolean {
	const temporary = writeTemporaryFile(full, data);
	try {
		if (!stillCurrent()) {
			unlinkQuietly(temporary);
			return false;
		}
		renameSync(temporary, full);
	} catch (error) {
		unlinkQuietly(temporary);
		throw error;
	}
	syncFolder(dirname(full));
	return true;
}

/** The bytes of the file at `full`, refusing (`ELOOP`) when the file itself is a symbolic link. */
export function readFileNoFollow(full: string): Buffer {
	const fd = openSync(full, constants.O_RDONLY | NO_FOLLOW);
	try {
		return readFileSync(fd);
	} finally {
		closeSync(fd);
	}
}

/**
 * Creates the file at `full` with `data`, whole or not at all, and never over anything: the
 * temporary file takes the name only when the name is free.
 */
export function createFileExclusively(full: string, data: Uint8Array | string): void {
	const temporary = writeTemporaryFile(full, data);
	try {
		moveWithoutReplacing(temporary, full);
	} finally {
		unlinkQuietly(temporary);
	}
	syncFolder(dirname(full));
}

/** Where a file system has no hard links (FAT, exFAT, some network shares). */
const NO_HARD_LINKS = new Set(["EPERM", "ENOTSUP", "EOPNOTSUPP", "ENOSYS"]);

/**
 * Moves the file `from` to `to`, failing with `EEXIST` when `to` is taken: hard-linked to its new
 * name (which fails atomically when the name is taken) before the old name goes. Without hard
 * links, the name is checked free just before an ordinary rename.
 */
export function moveWithoutReplacing(from: string, to: string): void {
	try {
		linkSync(from, to);
	} catch (error) {
		if (!NO_HARD_LINKS.has((error as NodeJS.ErrnoException).code ?? "")) throw error;
		if (lstatOrNull(to) !== null)
			throw Object.assign(new Error(`EEXIST: file already exists, ${to}`), { code: "EEXIST" });
		renameSync(from, to);
		return;
	}
	unlinkSync(from);
}

/** Appends `text` to the file at `full` (created when missing) and flushes it; never through a symbolic link. */
export function appendDurably(full: string, text: string): void {
	const fd = openSync(full, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | NO_FOLLOW, 0o644);
	try {
		writeSync(fd, text);
		fsyncSync(fd);
	} finally {
		closeSync(fd);
	}
}

/**
 * Appends one line to a log, flushed. When a crash cut the log's last line short, the new line
 * starts on a line of its own: a reader of lines then loses the fragment, never the line after it.
 */
export function appendLineDurably(full: string, line: string): void {
	const fd = openSync(full, constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | NO_FOLLOW, 0o644);
	try {
		const size = fstatSync(fd).size;
		const last = Buffer.alloc(1);
		const cutShort = size > 0 && readSync(fd, last, 0, 1, size - 1) === 1 && last[0] !== 0x0a;
		writeSync(fd, `${cutShort ? "\n" : ""}${line.endsWith("\n") ? line : `${line}\n`}`);
		fsyncSync(fd);
	} finally {
		closeSync(fd);
	}
}

/** Flushes a folder's entries (a rename or link inside it); a no-op where folders cannot be opened (Windows). */
export function syncFolder(folder: string): void {
	let fd: number;
	try {
		fd = openSync(folder, constants.O_RDONLY);
	} catch {
		return;
	}
	try {
		fsyncSync(fd);
	} catch {
		// Some file systems refuse to flush a folder; the rename itself is still atomic.
	} finally {
		closeSync(fd);
	}
}

function writeTemporaryFile(full: string, data: Uint8Array | string): string {
	const temporary = temporaryPathBeside(full);
	const fd = openSync(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW, 0o644);
	try {
		const bytes = typeof data === "string" ? Buffer.from(data, "utf8") : data;
		for (let written = 0; written < bytes.length;) written += writeSync(fd, bytes, written, bytes.length - written);
		fsyncSync(fd);
	} catch (error) {
		closeSync(fd);
		unlinkQuietly(temporary);
		throw error;
	}
	closeSync(fd);
	return temporary;
}

function unlinkQuietly(full: string): void {
	try {
		unlinkSync(full);
	} catch {
		// Already gone: nothing to clean up.
	}
}
