import { baseName, extensionOf, fileName, joinRelative, parentFolder } from "../../src/core/vault/paths";

/** The path part of a link, before its first `#` (a heading or block subpath). */
export function getLinkpath(link: string): string {
	const hash = link.indexOf("#");
	return hash === -1 ? link : link.slice(0, hash);
}

/**
 * Link resolution as Obsidian shows it to users, written from its observable rules and checked
 * against the link maps recorded in real Obsidian (`shared/fixtures`):
 * - names compare without regard to case, and a link without an extension means a `.md` note;
 * - a bare name that one file alone carries is that file;
 * - `./` and `../` start from the linking note's folder;
 * - otherwise an exact vault path wins, then any file whose path ends with the link, nearest to
 *   the linking note first, then the shortest path.
 *
 * Build a new resolver whenever the set of files changes: it indexes the file names once.
 */
export class LinkResolver {
	/** Lower-cased file name → the paths that carry it, in the order the files were given. */
	private readonly byName = new Map<string, string[]>();
	private readonly paths: ReadonlySet<string>;

	constructor(paths: Iterable<string>) {
		this.paths = new Set(paths);
		for (const path of this.paths) {
			const key = fileName(path).toLowerCase();
			const same = this.byName.get(key);
			if (same) same.push(path);
			else this.byName.set(key, [path]);
		}
	}

	/** The file `linkpath` (no `#subpath`) points to from `sourcePath`, or `null`. */
	resolve(linkpath: string, sourcePath: string): string | null {
		return this.ranked(linkpath, sourcePath)[0] ?? null;
	}

	/**
	 * How a link from `sourcePath` to `target` is written in the "shortest path when possible"
	 * format: the bare name when that name leads to `target` alone, else the vault path; `.md`
	 * left out unless `keepMdExtension`.
	 */
	linktext(target: string, sourcePath: string, keepMdExtension = false): string {
		const dropExtension = extensionOf(target) === "md" && !keepMdExtension;
		const name = dropExtension ? baseName(target) : fileName(target);
		const found = this.ranked(getLinkpath(name), sourcePath);
		if (found.length === 1 && found[0] === target) return name;
		return dropExtension ? target.slice(0, -".md".length) : target;
	}

	/** Every file the link could mean, the one it does mean first. */
	private ranked(linkpath: string, sourcePath: string): string[] {
		if (linkpath === "") return this.paths.has(sourcePath) ? [sourcePath] : [];
		const sought = this.soughtFile(linkpath);
		if (sought === null) return [];
		const { path, sameName } = sought;
		const isBareName = path === fileName(path);
		if (isBareName && sameName.length === 1) return [...sameName];

		const from = parentFolder(sourcePath).toLowerCase();
		const relative = path.startsWith("./") || path.startsWith("../");
		const wanted = relative ? joinRelative(from, path) : path.replace(/^\//, "");
		const exact = sameName.find((candidate) => candidate.toLowerCase() === wanted);
		if (exact !== undefined) return [exact];
		// A link from the vault root (`/x`) or relative to the note means that path and no other.
		if (relative || linkpath.startsWith("/")) return [];

		const nearFirst = (candidate: string) => (candidate.toLowerCase().startsWith(from) ? 0 : 1);
		return sameName
			.filter((candidate) => candidate.toLowerCase().endsWith(wanted))
			.sort((a, b) => nearFirst(a) - nearFirst(b) || a.length - b.length);
	}

	/**
	 * The lower-cased path the link asks for and the files with that name. A link names a file
	 * with its extension (`photo.png`, `Note.md`) or a note without one (`Note`).
	 */
	private soughtFile(linkpath: string): { path: string; sameName: readonly string[] } | null {
		for (const path of [linkpath.toLowerCase(), `${linkpath}.md`.toLowerCase()]) {
			const name = fileName(path);
			const sameName = name.includes(".") ? this.byName.get(name) : undefined;
			if (sameName) return { path, sameName };
		}
		return null;
	}
}
