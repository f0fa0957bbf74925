import type { CachedMetadata } from "obsidian";

/** A file or folder as events report it. */
export interface VaultItem {
	readonly kind: "file" | "folder";
	readonly path: string;
}

/**
 * The vault's and the metadata cache's events, with Obsidian's callback signatures. For each
 * write: the vault event, then `changed` for each markdown file (re)indexed, then one
 * `resolved` once the link maps are up to date. A rename moves the cached metadata without a
 * `changed`, as Obsidian's does.
 */
export interface VaultEvents {
	create: [item: VaultItem];
	modify: [item: VaultItem];
	delete: [item: VaultItem];
	rename: [item: VaultItem, oldPath: string];
	changed: [item: VaultItem, data: string, cache: CachedMetadata];
	deleted: [item: VaultItem, prevCache: CachedMetadata | null];
	resolved: [];
}
