import { runToEnd } from "../indexing/steps";

/**
 * The vault's resolved links, injected (the index knows nothing of how links resolve): the
 * plugin answers from Obsidian's metadata cache, the harness from its own parser.
 */
export interface LinkGraph {
	/** Notes that `path` links to. */
	outgoing(path: string): readonly string[];
	/** Notes that link to `path`. */
	incoming(path: string): readonly string[];
}

/** A map shaped like Obsidian's `metadataCache.resolvedLinks` (source path → target path → number of links). */
export type LinkMap = Readonly<Record<string, Readonly<Record<string, number>>>>;

/** Notes whose links `ResolvedLinkGraph.steps` takes in per step. */
const SOURCES_PER_STEP = 256;

const has = (map: object, key: string) => Object.prototype.hasOwnProperty.call(map, key);

/**
 * A link graph over a link map that answers at once: what a note links to is read from the map
 * itself, what links to it from the reverse map that `steps` builds, note by note, and from the
 * notes it has not taken in yet, looked through (a search asks about a few notes: fewer than a
 * build of the whole reverse map costs).
 */
export class ResolvedLinkGraph implements LinkGraph {
	private readonly reverse = new Map<string, string[]>();
	private sources: string[] | null = null;
	/** The sources taken into `reverse`, from the first. */
	private done = 0;

	constructor(private readonly resolved: LinkMap) {}

	outgoing(path: string): readonly string[] {
		return has(this.resolved, path) ? Object.keys(this.resolved[path]).filter((target) => target !== path) : [];
	}

	incoming(path: string): readonly string[] {
		const sources = (this.sources ??= Object.keys(this.resolved));
		const found = [...(this.reverse.get(path) ?? [])];
		for (let at = this.done; at < sources.length; at++) {
			const source = sources[at];
			// One lookup for most sources: the check that the source is still a note of the map waits for a link to `path`.
			const targets: unknown = this.resolved[source];
			if (
				typeof targets === "object" &&
				targets !== null &&
				has(targets, path) &&
				source !== path &&
				has(this.resolved, source)
			)
				found.push(source);
		}
		return found;
	}

	/** Builds the reverse map in steps of bounded work, for a caller that spreads them over time slices. */
	*steps(): Generator<void, void> {
		const sources = (this.sources ??= Object.keys(this.resolved));
		for (; this.done < sources.length; this.done++) {
			if (this.done % SOURCES_PER_STEP === SOURCES_PER_STEP - 1) yield;
			const source = sources[this.done];
			// A note deleted since the sources were listed links nowhere.
			if (!has(this.resolved, source)) continue;
			for (const target of Object.keys(this.resolved[source])) {
				if (target === source) continue;
				const list = this.reverse.get(target);
				if (list === undefined) this.reverse.set(target, [source]);
				else list.push(source);
			}
		}
	}
}

/** A link graph over `resolved`, built at once. */
export function linkGraphFromResolvedLinks(resolved: LinkMap): LinkGraph {
	const graph = new ResolvedLinkGraph(resolved);
	runToEnd(graph.steps());
	return graph;
}
