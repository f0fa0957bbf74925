import { lstatSync, readdirSync, type Dirent, type Stats } from "node:fs";
import { join } from "node:path";
import type { FileStat } from "../../src/core/ports";
import { normalizeVaultPath } from "../../src/core/vault/paths";
import { temporaryFileOf } from "./atomicFile";
import type { HostProblemSink } from "./hostProblems";

/**
 * The files and folders of a vault folder as the vault shows them. Vault paths are NFC, as
 * Obsidian normalizes them; each keeps the name it has on disk, which may be decomposed (NFD, as
 * macOS writes names). Not part of the vault: the configuration folder, dot-files and dot-folders
 * (`.git`, `.trash`, a writer's temporary files), symbolic links (they could point anywhere), and
 * names that are not valid UTF-8 (reported, each by its escaped bytes).
 */

export interface ListedFile {
	/** The path below the vault root as named on disk. */
	readonly disk: string;
	stat: FileStat;
}

export interface DiskListing {
	readonly files: Map<string, ListedFile>;
	/** Vault path → path below the root as named on disk. */
	readonly folders: Map<string, string>;
	/**
	 * The temporary files of writes (see `temporaryPathBeside`) beside the notes, by their paths
	 * below the root: one under way, or one a write killed half-way left behind.
	 */
	readonly temporaries: string[];
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

export function listVaultFolder(root: string, configDir: string, problems: HostProblemSink): DiskListing {
	const listing: DiskListing = { files: new Map(), folders: new Map(), temporaries: [] };
	const walk = (diskFolder: string, vaultFolder: string): void => {
		for (const entry of readdirSync(join(root, diskFolder), { withFileTypes: true, encoding: "buffer" })) {
			const name = decodedName(entry.name);
			if (name === null) {
				problems.report({
					kind: "not-utf8-name",
					name: `${diskFolder === "" ? "" : `${diskFolder}/`}${escapedName(entry.name)}`,
				});
				continue;
			}
			const disk = diskFolder === "" ? name : `${diskFolder}/${name}`;
			const path = normalizeVaultPath(vaultFolder === "" ? name : `${vaultFolder}/${name}`);
			if (name.startsWith(".") || path === configDir) {
				if (entry.isFile() && temporaryFileOf(name) !== null) listing.temporaries.push(disk);
				continue;
			}
			if (listing.files.has(path) || listing.folders.has(path)) continue;
			if (isFolder(entry)) {
				listing.folders.set(path, disk);
				walk(disk, path);
			} else if (entry.isFile()) {
				listing.files.set(path, { disk, stat: fileStatOf(path, lstatSync(join(root, disk))) });
			}
		}
	};
	walk("", "");
	return listing;
}

export function fileStatOf(path: string, stat: Stats): FileStat {
	return { path, size: stat.size, mtime: stat.mtimeMs, ctime: stat.birthtimeMs || stat.ctimeMs };
}

/** A real folder; a symbolic link to one is not (`isDirectory` is false for a link). */
function isFolder(entry: Dirent<Buffer>): boolean {
	return entry.isDirectory() && !entry.isSymbolicLink();
}

function decodedName(bytes: Buffer): string | null {
	try {
		return strictUtf8.decode(bytes);
	} catch {
		return null;
	}
}

/** The name with printable ASCII kept and every other byte as `\xNN`, so a message can show it. */
export function escapedName(bytes: Uint8Array): string {
	let text = "";
	for (const byte of bytes)
		text +=
			byte >= 0x20 && byte < 0x7f && byte !== 0x5c
				? String.fromCharCode(byte)
				: `\\x${byte.toString(16).toUpperCase().padStart(2, "0")}`;
	return text;
}
