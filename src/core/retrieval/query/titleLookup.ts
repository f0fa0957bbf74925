import { baseName } from "../../vault/paths";
import type { NoteRecord } from "../indexing/noteRecord";

/**
 * Resolves the `[[links]]` of a query to indexed notes, as Obsidian resolves a link: by file
 * name, case-insensitively, a folder part narrowing it down (`[[Projects/Atlas]]`), an alias when
 * no file name matches, the shortest path when several do.
 */
export class TitleLookup {
	private readonly byTitle = new Map<string, Set<string>>();
	private readonly byAlias = new Map<string, Set<string>>();

	add(record: NoteRecord): void {
		this.update(record, (map, key) => setAt(map, key).add(record.path));
	}

	remove(record: NoteRecord): void {
		this.update(record, (map, key) => {
			const paths = map.get(key);
			paths?.delete(record.path);
			if (paths?.size === 0) map.delete(key);
		});
	}

	resolve(linkpath: string): string | null {
		const wanted = linkpath.normalize("NFC").toLowerCase().replace(/\.md$/, "");
		const name = baseName(`${wanted}.md`);
		const matches = (paths: Set<string> | undefined) =>
			[...(paths ?? [])].filter((path) => !wanted.includes("/") || endsWithFolders(path, wanted));
		const byTitle = matches(this.byTitle.get(name));
		const candidates = byTitle.length > 0 ? byTitle : matches(this.byAlias.get(wanted));
		candidates.sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
		return candidates[0] ?? null;
	}

	private update(record: NoteRecord, apply: (map: Map<string, Set<string>>, key: string) => void): void {
		apply(this.byTitle, baseName(record.path).toLowerCase());
		for (const alias of record.aliases) apply(this.byAlias, alias.normalize("NFC").toLowerCase());
	}
}

/** Whether the path, without `.md`, is `wanted` or ends with `/wanted`. */
function endsWithFolders(path: string, wanted: string): boolean {
	const bare = path.toLowerCase().replace(/\.md$/, "");
	return bare === wanted || bare.endsWith(`/${wanted}`);
}

function setAt(map: Map<string, Set<string>>, key: string): Set<string> {
	let set = map.get(key);
	if (set === undefined) {
		set = new Set();
		map.set(key, set);
	}
	return set;
}
