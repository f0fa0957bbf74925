import { foldedAsMeant } from "../text/foldedAsMeant";

/**
 * Vault path rules, the same as Obsidian's `normalizePath`, restated for the domain (which may
 * not import `obsidian`). Obsidian folds runs of slashes and backslashes into one `/`, trims
 * slashes at both ends, turns non-breaking spaces into spaces and applies Unicode NFC.
 */
export function normalizeVaultPath(path: string): string {
	if (isNormalizedVaultPath(path)) return path;
	const normalized = path
		.replace(/([\\/])+/g, "/")
		.replace(/(^\/+|\/+$)/g, "")
		.replace(/[\u00A0\u202F]/g, " ")
		.normalize("NFC");
	return normalized === "" ? "/" : normalized;
}

/**
 * Anything `normalizeVaultPath` could change: a backslash, a non-breaking space, a doubled slash, a
 * slash at either end, or a character other than those whose text NFC leaves as it is for sure
 * (ASCII and the CJK ideographs); any other takes the long way.
 */
const MAY_CHANGE = /[\\\u00A0\u202F]|\/\/|^\/|\/$|[^\t-~\u4E00-\u9FFF]/;

/**
 * Whether `path` is already as `normalizeVaultPath` makes it, in one regular expression: the paths
 * Obsidian hands over (a listing, an event) always are, and a pass over a large vault asks for
 * thousands of them.
 */
export function isNormalizedVaultPath(path: string): boolean {
	return path !== "" && !MAY_CHANGE.test(path);
}

/** The folder that holds `path` (`""` for the vault root). */
export function parentFolder(path: string): string {
	const slash = path.lastIndexOf("/");
	return slash === -1 ? "" : path.slice(0, slash);
}

/** The last segment of `path`. */
export function fileName(path: string): string {
	return path.slice(path.lastIndexOf("/") + 1);
}

/** The file name without its extension, as Obsidian's `TFile.basename`. */
export function baseName(path: string): string {
	const name = fileName(path);
	const dot = name.lastIndexOf(".");
	return dot <= 0 ? name : name.slice(0, dot);
}

/** The extension without its dot, lower-cased, as Obsidian's `TFile.extension` compares it. */
export function extensionOf(path: string): string {
	const end = path.length;
	// A note, the most asked for, without a new string: `x.md`, whose name is more than its extension.
	if (end > 3 && path.endsWith(".md") && path.charCodeAt(end - 4) !== SLASH) return "md";
	const dot = path.lastIndexOf(".");
	// No dot in the file name, or only the one a hidden file's name starts with.
	return dot <= path.lastIndexOf("/") + 1 ? "" : path.slice(dot + 1).toLowerCase();
}

const SLASH = 47;

/** Joins vault path segments, skipping empty ones (the root folder is `""`). */
export function joinVaultPath(...segments: string[]): string {
	return normalizeVaultPath(segments.filter((segment) => segment !== "" && segment !== "/").join("/"));
}

/** A relative link (`./x`, `../x`) joined to the linking note's folder, as Obsidian resolves it. */
export function joinRelative(folder: string, link: string): string {
	const segments = folder === "" ? [] : folder.split("/");
	for (const segment of link.split("/")) {
		if (segment === "..") segments.pop();
		else if (segment !== ".") segments.push(segment);
	}
	return segments.join("/");
}

/** Whether `path` is `folder` or lies below it. The root folder (`""` or `/`) holds everything. */
export function isInFolder(path: string, folder: string): boolean {
	if (folder === "" || folder === "/") return true;
	// No `${folder}/` made: privacy rules ask this of every file of a listing.
	return path.startsWith(folder) && (path.length === folder.length || path.charCodeAt(folder.length) === SLASH);
}

/** A segment that starts or ends with a space, or ends with a dot: the ones folding changes. */
const LOOSE_SEGMENT = /(^|\/) |[ .](\/|$)/;

/**
 * A path or folder as the privacy rules compare it, the way a person means a name
 * (`foldedAsMeant`: a full-width `Ｐｒｉｖａｔｅ` or a `Private` with a zero-width space is
 * `private`), each segment trimmed of the spaces and trailing dots that a user types by mistake
 * or that Windows drops (`.obsidian./x` is `.obsidian/x` there), backslashes read as the
 * separators they are on Windows, empty segments gone. Folding more than a file system does can
 * only make a rule match more, never less.
 */
export function foldedPath(path: string): string {
	const folded = foldedAsMeant(path);
	if (
		!LOOSE_SEGMENT.test(folded) &&
		!folded.includes("//") &&
		!folded.includes("\\") &&
		!folded.startsWith("/") &&
		!folded.endsWith("/")
	)
		return folded;
	return folded
		.replace(/\\/g, "/")
		.split("/")
		.map((segment) => segment.trim().replace(/[. ]+$/, ""))
		.filter((segment) => segment !== "" && segment !== ".")
		.join("/");
}

/** Segments of nothing but `*` closing a rule: a folder's contents written as a pattern. */
const CONTENTS_PATTERN = /(\/\*+)+$/;

/**
 * A folder named in a rule (the settings' private folders), folded as `foldedPath` folds it and
 * read as a person means a pattern for its contents: `Private/*` and `Private/**`, as people
 * write them for `.gitignore`, name the folder `Private` and all below it.
 */
export function foldedFolderRule(folder: string): string {
	return foldedPath(folder).replace(CONTENTS_PATTERN, "");
}

/**
 * Decodes ASCII percent-escapes (`%2e`, `%2F`, `%5c`, `%00`) until nothing changes, so that
 * double encoding (`%252e`) is caught too. Non-ASCII escapes are left alone: they cannot spell a
 * separator, a dot or a NUL, and decoding them one byte at a time would mangle UTF-8.
 */
export function percentDecoded(path: string): string {
	let current = path;
	for (let round = 0; round < 8; round++) {
		const next = current.replace(/%([0-7][0-9A-Fa-f])/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
		if (next === current) return current;
		current = next;
	}
	return current;
}
