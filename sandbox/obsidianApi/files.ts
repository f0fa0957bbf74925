import { baseName, extensionOf, fileName } from "../../src/core/vault/paths";
import type { Vault } from "./vault";

export interface FileStats {
	ctime: number;
	mtime: number;
	size: number;
}

/** Obsidian's file and folder objects: one object per path, kept across renames. */
export abstract class TAbstractFile {
	vault!: Vault;
	path = "";
	name = "";
	parent: TFolder | null = null;

	/** Obsidian's internal `setPath`: the path and the names derived from it. */
	setPath(path: string): void {
		this.path = path;
		this.name = path === "/" ? "" : fileName(path);
	}
}

export class TFile extends TAbstractFile {
	stat: FileStats = { ctime: 0, mtime: 0, size: 0 };
	basename = "";
	extension = "";

	override setPath(path: string): void {
		super.setPath(path);
		this.basename = baseName(path);
		this.extension = extensionOf(path);
	}
}

export class TFolder extends TAbstractFile {
	children: TAbstractFile[] = [];

	isRoot(): boolean {
		return this.path === "/";
	}
}
