import type { CallLog } from "./callLog";
import type { TAbstractFile, TFile, TFolder } from "./files";
import { withUpdatedFrontmatter } from "../../headless/vault/frontmatterUpdate";
import { requireNormalized } from "./paths";
import type { Vault } from "./vault";

/**
 * Obsidian's `FileManager` over the mocked vault. `renameFile` updates links elsewhere (the
 * "Automatically update internal links" setting on) and `trashFile` reports a `delete`, as
 * both do in Obsidian.
 */
export class FileManager {
	/**
	 * Obsidian's "Default location for new notes" (`newFileLocation` and `newFileFolderPath` of
	 * the vault's `app.json`): the vault root unless a test or the sandbox sets it.
	 */
	newFileLocation: { readonly location: "root" | "current" | "folder"; readonly folder: string } = {
		location: "root",
		folder: "",
	};

	constructor(
		private readonly vault: Vault,
		private readonly calls: CallLog,
	) {}

	async renameFile(file: TAbstractFile, newPath: string): Promise<void> {
		this.calls.record("fileManager.renameFile");
		this.vault.requireParent(requireNormalized(newPath));
		await this.vault.memory.rename(file.path, newPath);
	}

	/** Where a new note goes, by that setting: beside `sourcePath`'s note, in the chosen folder, or at the root; the root when the folder is gone. */
	getNewFileParent(sourcePath: string): TFolder {
		this.calls.record("fileManager.getNewFileParent");
		const { location, folder } = this.newFileLocation;
		const wanted =
			location === "folder"
				? folder
				: location === "current"
					? (this.vault.getFileByPath(sourcePath)?.parent?.path ?? "")
					: "";
		return (wanted === "" ? null : this.vault.getFolderByPath(wanted)) ?? this.vault.getRoot();
	}

	async trashFile(file: TAbstractFile): Promise<void> {
		this.calls.record("fileManager.trashFile");
		await this.vault.memory.trash(file.path);
	}

	async processFrontMatter(file: TFile, fn: (frontmatter: Record<string, unknown>) => void): Promise<void> {
		this.calls.record("fileManager.processFrontMatter");
		await this.vault.memory.process(file.path, (content) => withUpdatedFrontmatter(content, fn));
	}
}
