import { lstatSync, mkdirSync, type Stats } from "node:fs";
import { join } from "node:path";
import { UnsafePathError } from "../../src/core/vault/unsafePath";

/**
 * The check that keeps every write of a host inside the vault folder: no part of the path below
 * the vault root, the file itself or any folder above it, may be a symbolic link, wherever it
 * points. The root itself may be one (a vault kept behind a link is still the user's choice).
 */

/**
 * Throws `UnsafePathError` naming `shownPath` when a part of `relative` (a `/`-separated path
 * below `root`, as it is named on disk) is a symbolic link. Parts that do not exist yet are fine:
 * they will be made as real folders and files.
 */
export function assertNoSymlinkBelow(root: string, relative: string, shownPath: string = relative): void {
	let full = root;
	for (const segment of relative.split("/")) {
		if (segment === "") continue;
		full = join(full, segment);
		const stat = lstatOrNull(full);
		if (stat === null) return;
		if (stat.isSymbolicLink()) throw new UnsafePathError("symlink", shownPath);
	}
}

/** Makes the folder `relative` below `root` and its missing parents, none of them through a symbolic link. */
export function makeFolderBelow(root: string, relative: string, shownPath: string = relative): void {
	assertNoSymlinkBelow(root, relative, shownPath);
	let full = root;
	for (const segment of relative.split("/")) {
		if (segment === "") continue;
		full = join(full, segment);
		try {
			mkdirSync(full);
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
		}
	}
	// Checked again: a link put in place of a folder while they were being made.
	assertNoSymlinkBelow(root, relative, shownPath);
}

/** The entry at `full` itself (a link is not followed), `null` when there is none. */
export function lstatOrNull(full: string): Stats | null {
	try {
		return lstatSync(full);
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		if (code === "ENOENT" || code === "ENOTDIR") return null;
		throw error;
	}
}
