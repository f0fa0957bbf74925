import type { CallLog } from "./callLog";
import type { TAbstractFile, TFile } from "./files";
import { withFrontmatter } from "./frontmatter";
import { requireNormalized } from "./paths";
import type { Vault } from "./vault";

/**
 * Obsidian's `FileManager` over the mocked vault. `renameFile` updates links elsewhere (the
 * "Automatically update internal links" setting on) and `trashFile` reports a `delete`, as
 * both do in Obsidian.
 */
export class FileManager {
	constructor(
		private readonly vault: Vault,
		private readonly calls: CallLog,
	) {}

	async renameFile(file: TAbstractFile, newPath: string): Promise<void> {
		this.calls.record("fileManager.renameFile");
		this.vault.requireParent(requireNormalized(newPath));
		await this.vault.memory.rename(file.path, newPath);
	}

	async trashFile(file: TAbstractFile): Promise<void> {
		this.calls.record("fileManager.trashFile");
		await this.vault.memory.trash(file.path);
	}

	async processFrontMatter(file: TFile, fn: (frontmatter: Record<string, unknown>) => void): Promise<void> {
		this.calls.record("fileManager.processFrontMatter");
		await this.vault.memory.process(file.path, (content) => withFrontmatter(content, fn));
	}
}
