import type { CachedMetadata } from "obsidian";
import { extensionOf } from "../../src/core/vault/paths";
import type { LinkCounts } from "../../headless/links/linkCounts";
import type { CallLog } from "./callLog";
import { Events } from "./component";
import { TFile } from "./files";
import type { Vault } from "./vault";

/** Obsidian's `MetadataCache` over the mocked vault's `MemoryVault`, every call counted. */
export class MetadataCache extends Events {
	constructor(
		private readonly vault: Vault,
		private readonly calls: CallLog,
	) {
		super();
		const memory = vault.memory;
		memory.on("changed", (item, data, cache) => this.trigger("changed", vault.objectOf(item), data, cache));
		memory.on("deleted", (item, prevCache) => this.trigger("deleted", vault.objectOf(item), prevCache));
		memory.on("resolved", () => this.trigger("resolved"));
	}

	get resolvedLinks(): LinkCounts {
		this.calls.record("metadataCache.resolvedLinks");
		return this.vault.memory.resolvedLinks;
	}

	get unresolvedLinks(): LinkCounts {
		this.calls.record("metadataCache.unresolvedLinks");
		return this.vault.memory.unresolvedLinks;
	}

	getFileCache(file: TFile): CachedMetadata | null {
		this.calls.record("metadataCache.getFileCache");
		return this.cacheOf(file.path);
	}

	getCache(path: string): CachedMetadata | null {
		this.calls.record("metadataCache.getCache");
		return this.cacheOf(path);
	}

	getFirstLinkpathDest(linkpath: string, sourcePath: string): TFile | null {
		this.calls.record("metadataCache.getFirstLinkpathDest");
		const path = this.vault.memory.resolveLink(linkpath, sourcePath);
		const file = path === null ? null : this.vault.objectOf({ kind: "file", path });
		return file instanceof TFile ? file : null;
	}

	fileToLinktext(file: TFile, sourcePath: string, omitMdExtension = true): string {
		this.calls.record("metadataCache.fileToLinktext");
		return this.vault.memory.linktext(file.path, sourcePath, !omitMdExtension);
	}

	/** As Obsidian: `null` for an unknown path, `{}` for a file that is not a note. */
	private cacheOf(path: string): CachedMetadata | null {
		if (this.vault.memory.stat(path) === null) return null;
		return extensionOf(path) === "md" ? this.vault.memory.getMetadata(path) : {};
	}
}
