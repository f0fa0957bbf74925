import type { NoteMetadata } from "../metadata";
import type { MetadataSource } from "../ports";

/** What the links of a note are read from: the metadata cache, or the privacy view over it. */
type LinkSource = Pick<MetadataSource, "getMetadata" | "resolveLink">;

/**
 * A note's links as the metadata cache resolves them: body links, embeds and frontmatter links
 * (`source: "[[Project]]"`), each target once.
 */
export function linkedNotes(metadata: LinkSource, path: string): string[] {
	const cache = metadata.getMetadata(path);
	const targets = new Set<string>();
	for (const link of allLinks(cache)) {
		const target = metadata.resolveLink(link.split("#")[0], path);
		if (target !== null && target !== path) targets.add(target);
	}
	return [...targets];
}

/** The notes among `candidates` that link to `path`: their links follow it when it moves. */
export function notesLinkingTo(metadata: LinkSource, candidates: readonly string[], path: string): string[] {
	return candidates.filter((source) => source !== path && linkedNotes(metadata, source).includes(path));
}

function allLinks(cache: NoteMetadata | null): string[] {
	if (cache === null) return [];
	return [...(cache.links ?? []), ...(cache.embeds ?? []), ...(cache.frontmatterLinks ?? [])].map((link) => link.link);
}
