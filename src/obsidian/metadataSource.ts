import { normalizePath, type App } from "obsidian";
import type { NoteMetadata } from "../core/metadata";
import type { MetadataSource, ResolvedLinks } from "../core/ports";
import { metadataInitialized } from "./privateApi";

/**
 * The `MetadataSource` port over Obsidian's metadata cache. Returning `CachedMetadata` as
 * `NoteMetadata` is the compile-time check that the domain's restated shape still matches.
 */
export class ObsidianMetadataSource implements MetadataSource {
	constructor(private readonly app: App) {}

	getMetadata(path: string): NoteMetadata | null {
		const file = this.app.vault.getFileByPath(normalizePath(path));
		// Obsidian answers `{}` for a file that is not a note; the port promises `null`.
		if (file?.extension !== "md") return null;
		return this.app.metadataCache.getFileCache(file);
	}

	resolveLink(linkpath: string, sourcePath: string): string | null {
		return this.app.metadataCache.getFirstLinkpathDest(linkpath, normalizePath(sourcePath))?.path ?? null;
	}

	get resolvedLinks(): ResolvedLinks {
		return this.app.metadataCache.resolvedLinks;
	}

	get linksResolved(): boolean {
		return metadataInitialized(this.app);
	}
}
