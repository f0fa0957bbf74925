import { readExclusionList } from "./exclusionList";
import { foldedFolderRule, foldedPath, isInFolder, normalizeVaultPath, percentDecoded } from "./paths";

/**
 * The one guard every write path of the domain passes through. A path the assistant writes must
 * name a note inside the vault, outside Obsidian's configuration folder, outside the trash and
 * outside the folders the user marked private. Paths reach us from the model, from settings and
 * from links, so each rule is checked on the path as written and again after percent-decoding
 * (an `obsidian://` URI or a careless adapter may decode `%2e%2e%2f` into `../`).
 */

export type ContainmentRule = "empty" | "nul" | "absolute" | "home" | "parent" | "config" | "trash" | "excluded";

/** What the guard needs to know of the vault and the settings. */
export interface ContainmentPolicy {
	/** The vault's configuration folder (`NoteStore.configDir`). */
	readonly configDir: string;
	/** Private folders from the settings, as typed (see `readExclusionList`); the assistant never writes below them. */
	readonly excludedFolders: readonly string[];
}

/**
 * Why a path was refused. The message names the rule and never repeats the path: a rejected
 * path may be absolute, and the message may end up in a notice, a log or the model's context.
 */
export class ContainmentError extends Error {
	readonly rule: ContainmentRule;

	constructor(rule: ContainmentRule) {
		super(`Refused path outside the assistant's reach: ${RULE_EXPLANATIONS[rule]}.`);
		this.name = "ContainmentError";
		this.rule = rule;
	}
}

const RULE_EXPLANATIONS: Readonly<Record<ContainmentRule, string>> = {
	empty: "the path is empty",
	nul: "the path contains a NUL character",
	absolute: "absolute paths point outside the vault",
	home: "home-folder paths (~) point outside the vault",
	parent: "parent-folder segments (..) may leave the vault",
	config: "the vault's configuration folder is off limits",
	trash: "the vault's trash is off limits",
	excluded: "the folder is marked private in the settings",
};

/** Obsidian's local trash folder, at the vault root. */
const TRASH_FOLDER = ".trash";

/**
 * Returns `path` normalized as Obsidian would (`normalizeVaultPath`, without `.` segments) when
 * every rule accepts it; throws a `ContainmentError` naming the first rule that refuses it.
 */
export function assertContained(path: string, policy: ContainmentPolicy): string {
	for (const view of [path, percentDecoded(path)]) {
		const refused = firstRefusal(view, policy);
		if (refused) throw new ContainmentError(refused);
	}
	return vaultPathAsWritten(path);
}

/** `path` as the guard names it once accepted: normalized as Obsidian would, without `.` segments. */
export function vaultPathAsWritten(path: string): string {
	return withoutDotSegments(normalizeVaultPath(path));
}

function firstRefusal(path: string, policy: ContainmentPolicy): ContainmentRule | null {
	if (path.includes("\0")) return "nul";
	// Backslashes are separators on Windows, so `..\x` and `\\server` are judged as `../x`, `//server`.
	const slashed = path.replace(/\\/g, "/").trim();
	if (isAbsolute(slashed)) return "absolute";
	if (/^~[^/]*\//.test(slashed) || slashed === "~") return "home";
	const segments = slashed.split("/");
	if (segments.some(isParentSegment)) return "parent";
	const normalized = withoutDotSegments(normalizeVaultPath(slashed));
	if (normalized === "" || normalized === "/") return "empty";
	const folded = foldedFolder(normalized);
	if (isInFolder(folded, foldedFolder(policy.configDir))) return "config";
	if (isInFolder(folded, TRASH_FOLDER)) return "trash";
	if (readExclusionList("folders", policy.excludedFolders).rules.some((folder) => isExcluded(folded, folder)))
		return "excluded";
	return null;
}

/** POSIX and UNC roots (`/x`, `//server`), Windows drives (`C:\x`, `C:/x`, `C:x`) and URLs (`file://`). */
function isAbsolute(slashed: string): boolean {
	return slashed.startsWith("/") || /^[A-Za-z]:/.test(slashed) || /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(slashed);
}

/** `..`, and the spellings Windows also resolves to the parent (`.. `, `...`: trailing dots and spaces are dropped). */
function isParentSegment(segment: string): boolean {
	return /^\.\.[.\s]*$/.test(segment);
}

function withoutDotSegments(path: string): string {
	return path
		.split("/")
		.filter((segment) => segment !== ".")
		.join("/");
}

/** The form in which two paths name the same folder on every platform (`foldedPath`). */
function foldedFolder(folder: string): string {
	return foldedPath(withoutDotSegments(normalizeVaultPath(folder)));
}

/** An empty or root entry in the settings would exclude the whole vault; it is a typo, not a wish. */
function isExcluded(folded: string, folder: string): boolean {
	const excluded = foldedFolderRule(withoutDotSegments(normalizeVaultPath(folder)));
	return excluded !== "" && excluded !== "/" && isInFolder(folded, excluded);
}
