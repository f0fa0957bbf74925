import { existsSync } from "node:fs";
import { join } from "node:path";
import { appendLineDurably, readFileNoFollow, replaceFileAtomically } from "../vault/atomicFile";
import { assertNoSymlinkBelow, makeFolderBelow } from "../vault/noSymlinks";
import { parentFolder } from "../../src/core/vault/paths";
import type { LogFile } from "../../src/core/ports";

/**
 * The plugin's log file on disk, where the plugin would keep it inside the vault's config folder.
 * Each line is flushed to the disk before the append returns; nothing goes through a symbolic link.
 */
export class DiskLogFile implements LogFile {
	/** `relative` is the file's `/`-separated path below the vault folder `root`. */
	constructor(
		private readonly root: string,
		private readonly relative: string,
	) {}

	async append(line: string): Promise<void> {
		makeFolderBelow(this.root, parentFolder(this.relative));
		assertNoSymlinkBelow(this.root, this.relative);
		appendLineDurably(join(this.root, this.relative), line);
	}

	async readAll(): Promise<string> {
		assertNoSymlinkBelow(this.root, this.relative);
		const full = join(this.root, this.relative);
		return existsSync(full) ? readFileNoFollow(full).toString("utf8") : "";
	}

	async replace(content: string): Promise<void> {
		makeFolderBelow(this.root, parentFolder(this.relative));
		assertNoSymlinkBelow(this.root, this.relative);
		replaceFileAtomically(join(this.root, this.relative), content);
	}
}
