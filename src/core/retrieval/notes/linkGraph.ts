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

/**
 * A link graph over a map shaped like Obsidian's `metadataCache.resolvedLinks`
 * (source path → target path → number of links).
 */
export function linkGraphFromResolvedLinks(
	resolved: Readonly<Record<string, Readonly<Record<string, number>>>>,
): LinkGraph {
	const outgoing = new Map<string, string[]>();
	const incoming = new Map<string, string[]>();
	for (const [source, targets] of Object.entries(resolved)) {
		for (const target of Object.keys(targets)) {
			if (target === source) continue;
			listAt(outgoing, source).push(target);
			listAt(incoming, target).push(source);
		}
	}
	return {
		outgoing: (path) => outgoing.get(path) ?? [],
		incoming: (path) => incoming.get(path) ?? [],
	};
}

function listAt(map: Map<string, string[]>, key: string): string[] {
	let list = map.get(key);
	if (list === undefined) {
		list = [];
		map.set(key, list);
	}
	return list;
}
