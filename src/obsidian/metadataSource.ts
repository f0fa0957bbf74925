import { normalizePath, type App } from "obsidian";
import type { NoteMetadata } from "../core/metadata";
import type { MetadataSource, ResolvedLinks } from "../core/ports";
import { metadataInitialized } from "./privateApi";
import { isNormalizedVaultPath } from "../core/vault/paths";

/**
 * `path` as the vault's exact lookups need it. The paths a listing or an event hands over are
 * already normalized, and a pass over the vault asks for thousands: one test spares them the rest.
 */
export function lookupPath(path: string): string {
	return isNormalizedVaultPath(path) ? path : normalizePath(path);
}

/**
 * The `MetadataSource` port over Obsidian's metadata cache. Returning `CachedMetadata` as
 * `NoteMetadata` is the compile-time check that the domain's restated shape still matches.
 */
export class ObsidianMetadataSource implements MetadataSource {
	constructor(private readonly app: App) {}

	getMetadata(path: string): NoteMetadata | null {
		const file = this.app.vault.getFileByPath(lookupPath(path));
		// Obsidian answers `{}` for a file that is not a note; the port promises `null`.
		if (file?.extension !== "md") return null;
		return this.app.metadataCache.getFileCache(file);
	}

	resolveLink(linkpath: string, sourcePath: string): string | null {
		return this.app.metadataCache.getFirstLinkpathDest(linkpath, lookupPath(sourcePath))?.path ?? null;
	}

	get resolvedLinks(): ResolvedLinks {
		return this.app.metadataCache.resolvedLinks;
	}

	get linksResolved(): boolean {
		return metadataInitialized(this.app);
	}
}
