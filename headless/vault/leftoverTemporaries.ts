import { readdirSync, unlinkSync } from "node:fs";
import { join } from "node:path";
import { temporaryFileWriter } from "./atomicFile";
import { isRunning } from "./pathLock";

/**
 * What writes killed half-way (`kill -9`, a crash, the machine off) left beside the notes: a
 * temporary file holding a whole copy of a note, which nothing else would ever remove. Only files
 * named exactly as a write names them (`.<note>.<process id>.<8 hex digits>.tmp`) and made by a
 * process that no longer runs are removed. A write under way in a process of another container
 * sharing the folder, whose id this one cannot see, loses its temporary file before its rename:
 * that write fails and says so, the note as it was.
 */
export function removeDeadWritersFiles(root: string, paths: Iterable<string>): void {
	for (const path of paths) {
		const writer = temporaryFileWriter(path.slice(path.lastIndexOf("/") + 1));
		if (writer === null || isRunning(writer)) continue;
		try {
			unlinkSync(join(root, path));
		} catch {
			// Gone already (another process swept it), or no longer a file: nothing to remove.
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
		.filter((entry) => entry.isFile() && temporaryFileWriter(entry.name) !== null)
		.map((entry) => `${folder}/${entry.name}`);
}
