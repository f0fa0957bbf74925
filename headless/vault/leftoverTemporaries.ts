import { readdirSync, unlinkSync } from "node:fs";
import { join } from "node:path";
import { extensionOf } from "../../src/core/vault/paths";
import { LAST_GOOD_FILE_NAME } from "../../src/core/workspace/data/load";
import { temporaryFileOf } from "./atomicFile";
import { assertNoSymlinkBelow } from "./noSymlinks";
import { isRunning } from "./pathLock";

/** Which files this host writes in a folder, by name: a temporary file made for any other is not one of its writes. */
export type WrittenHere = (name: string) => boolean;

/** Among the vault's folders, the host writes notes and nothing else. */
export const NOTES_WRITTEN: WrittenHere = (name) => extensionOf(name) === "md";

/** In the plugin's folder, its settings (`data.json` and their last good copy) and its logs (`audit.jsonl`, `receipts.jsonl`). */
export const PLUGIN_FILES_WRITTEN: WrittenHere = (name) =>
	["json", "jsonl"].includes(extensionOf(name)) || name === LAST_GOOD_FILE_NAME;

/**
 * What writes killed half-way (`kill -9`, a crash, the machine off) left in a folder: a temporary
 * file holding a whole copy of a note, which nothing else would ever remove. Only a file named
 * exactly as a write of this host names it (`.<file>.<process id>.<8 hex digits>.tmp`), for a
 * file of a kind it writes in that folder (`written`), and made by a process that no longer runs
 * is removed: a user's or another program's file of the same shape is theirs. A write under way
 * in a process of another container sharing the folder, whose id this one cannot see, loses its
 * temporary file before its rename: that write fails and says so, the note as it was.
 */
export function removeDeadWritersFiles(root: string, paths: Iterable<string>, written: WrittenHere): void {
	for (const path of paths) {
		const temporary = temporaryFileOf(path.slice(path.lastIndexOf("/") + 1));
		if (temporary === null || !written(temporary.writing) || isRunning(temporary.writer)) continue;
		try {
			// Listed a moment ago: a folder above it may have been turned into a link since.
			assertNoSymlinkBelow(root, path);
			unlinkSync(join(root, path));
		} catch {
			// Gone already (another process swept it), no longer a file, or reached through a link: left alone.
		}
	}
}

/** The temporary files of writes directly in `folder` (below `root`), none when it is missing. */
export function temporaryFilesIn(root: string, folder: string): string[] {
	let entries;
	try {
		entries = readdirSync(join(root, folder), { withFileTypes: true });
	} catch {
		return [];
	}
	return entries
		.filter((entry) => entry.isFile() && temporaryFileOf(entry.name) !== null)
		.map((entry) => `${folder}/${entry.name}`);
}
