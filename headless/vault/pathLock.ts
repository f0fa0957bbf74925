import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from "node:fs";
import { createHash } from "node:crypto";
import { join } from "node:path";

/**
 * An exclusive lock per note, shared by every process writing the vault (two command lines, a
 * sandbox): a lock file made with `O_EXCL` holding the owner's process id. A lock whose owner is
 * no longer running (it was killed mid-write) is stale and taken over; a live one is waited for,
 * for a bounded time, then the write fails with a clear message rather than waiting forever.
 */

export interface PathLockOptions {
	/** The folder of the lock files; it must exist. */
	readonly folder: string;
	/** How long to wait for another writer, in milliseconds. */
	readonly timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const POLL_MS = 5;
const EMPTY_LOCK_GRACE_MS = 1_000;

export async function withPathLock<T>(options: PathLockOptions, key: string, work: () => T | Promise<T>): Promise<T> {
	const file = join(options.folder, `${createHash("sha256").update(key).digest("hex").slice(0, 32)}.lock`);
	const deadline = Date.now() + (options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
	while (!tryTake(file)) {
		if (Date.now() > deadline)
			throw new Error(`${key} is being written by another process (${ownerOf(file) ?? "unknown"}); try again later.`);
		await new Promise((resolve) => setTimeout(resolve, POLL_MS));
	}
	try {
		return await work();
	} finally {
		try {
			unlinkSync(file);
		} catch {
			// Taken over as stale meanwhile: nothing of ours to remove.
		}
	}
}

function tryTake(file: string): boolean {
	try {
		const fd = openSync(file, "wx");
		try {
			writeSync(fd, String(process.pid));
		} finally {
			closeSync(fd);
		}
		return true;
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
	}
	if (!isStale(file)) return false;
	try {
		unlinkSync(file);
	} catch {
		// Another waiter took it over first.
	}
	return false;
}

/**
 * Whether the lock's owner is gone. A lock file without a process id is one being taken this very
 * moment, unless it has been so for longer than any owner takes to write its id (killed in between).
 */
function isStale(file: string): boolean {
	const owner = ownerOf(file);
	if (owner !== null) return !isRunning(owner);
	try {
		return Date.now() - statSync(file).mtimeMs > EMPTY_LOCK_GRACE_MS;
	} catch {
		return false;
	}
}

function ownerOf(file: string): number | null {
	try {
		const pid = Number.parseInt(readFileSync(file, "utf8"), 10);
		return Number.isInteger(pid) && pid > 0 ? pid : null;
	} catch {
		return null;
	}
}

/** Whether a process of this machine runs with that id (EPERM: it runs, as another user). */
export function isRunning(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === "EPERM";
	}
}
