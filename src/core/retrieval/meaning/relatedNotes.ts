import type { LinkGraph } from "../notes/linkGraph";

/** A note related to the open one: near it in meaning, linked with it, or both. */
export interface RelatedNote {
	readonly path: string;
	/** How near in meaning (cosine of the nearest passages); `null` when only a link relates them. */
	readonly similarity: number | null;
	/** How the two link: the open note links to it, it links to the open note, both; `null` when they do not. */
	readonly link: "to" | "from" | "both" | null;
}

export interface RelatedSources {
	/** The notes nearest in meaning, best first (`MeaningIndex.similarTo`). */
	readonly nearest: readonly { readonly path: string; readonly score: number }[];
	readonly links: LinkGraph;
	/** Whether a note may be shown: one the privacy view shows and the index holds (not an attachment). */
	readonly shown: (path: string) => boolean;
}

/**
 * The notes related to the note at `path`: those nearest in meaning first, each marked when the
 * two also link, then the notes it links to and those linking to it that meaning did not find.
 * Never the note itself, nor one `shown` refuses. At most `limit`.
 */
export function relatedNotes(path: string, sources: RelatedSources, limit: number): RelatedNote[] {
	const to = new Set(sources.links.outgoing(path));
	const from = new Set(sources.links.incoming(path));
	const linkOf = (other: string): RelatedNote["link"] => {
		if (to.has(other)) return from.has(other) ? "both" : "to";
		return from.has(other) ? "from" : null;
	};
	const related = new Map<string, RelatedNote>();
	const add = (other: string, similarity: number | null) => {
		if (other === path || related.has(other) || related.size >= limit || !sources.shown(other)) return;
		related.set(other, { path: other, similarity, link: linkOf(other) });
	};
	for (const hit of sources.nearest) add(hit.path, hit.score);
	for (const other of [...to, ...from]) add(other, null);
	return [...related.values()];
}
