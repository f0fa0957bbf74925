import type { Reference } from "obsidian";
import { extensionOf, fileName } from "../../src/core/vault/paths";
import { getLinkpath, type LinkResolver } from "./linkResolver";

/** `resolvedLinks` / `unresolvedLinks`: source path → target → number of links. */
export type LinkCounts = Record<string, Record<string, number>>;

/** The parts of a note's metadata that reference other notes (Obsidian's cache, or our `NoteMetadata`). */
export interface ReferenceSource {
	readonly frontmatterLinks?: readonly Reference[];
	readonly links?: readonly Reference[];
	readonly embeds?: readonly Reference[];
}

/** Every reference Obsidian counts, in its order: frontmatter links, links, embeds. */
export function referencesOf(cache: ReferenceSource): Reference[] {
	return [...(cache.frontmatterLinks ?? []), ...(cache.links ?? []), ...(cache.embeds ?? [])];
}

/**
 * One note's entries in `resolvedLinks` and `unresolvedLinks`, as `MetadataCache.resolveLinks`
 * computes them. An unresolved target is keyed by its linkpath without a `.md` extension.
 */
export function countLinks(
	sourcePath: string,
	cache: ReferenceSource,
	resolver: LinkResolver,
): { resolved: Record<string, number>; unresolved: Record<string, number> } {
	return countLinkTargets(
		sourcePath,
		referencesOf(cache).map((reference) => reference.link),
		resolver,
	);
}

/** `countLinks` of a note's links as written (`Reference.link`), in Obsidian's order. */
export function countLinkTargets(
	sourcePath: string,
	links: readonly string[],
	resolver: LinkResolver,
): { resolved: Record<string, number>; unresolved: Record<string, number> } {
	const resolved: Record<string, number> = {};
	const unresolved: Record<string, number> = {};
	for (const link of links) {
		const linkpath = getLinkpath(link);
		const target = resolver.resolve(linkpath, sourcePath);
		if (target !== null) {
			resolved[target] = (resolved[target] ?? 0) + 1;
		} else {
			const key = extensionOf(fileName(linkpath)) === "md" ? linkpath.slice(0, -".md".length) : linkpath;
			unresolved[key] = (unresolved[key] ?? 0) + 1;
		}
	}
	return { resolved, unresolved };
}
