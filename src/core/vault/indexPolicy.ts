import type { NoteMetadata } from "../metadata";
import { readExclusionList } from "./exclusionList";
import { extensionOf, foldedFolderRule, foldedPath, isInFolder, normalizeVaultPath } from "./paths";
import { hasUnreadableFrontmatter, isMarkedPrivate, normalizeTag, tagMatches } from "./noteProperties";

/** Why a file is not in the index. Every skipped file is counted under its reason. */
export type SkipReason =
	| "not-markdown"
	| "too-large"
	| "config-folder"
	/** Chat transcripts and the audit log: the assistant's own records, never retrieved. */
	| "assistant-internal"
	| "excluded-folder"
	| "excluded-tag"
	| "private"
	/** The metadata cache does not know the note yet; it is indexed when the cache has it. */
	| "no-metadata"
	/** The note has a frontmatter block that does not parse, so whether it is private is unknown. */
	| "unreadable-frontmatter";

export const SKIP_REASONS: readonly SkipReason[] = [
	"not-markdown",
	"too-large",
	"config-folder",
	"assistant-internal",
	"excluded-folder",
	"excluded-tag",
	"private",
	"no-metadata",
	"unreadable-frontmatter",
];

/** Where each kind lives (vault paths). Everything elsewhere is one of the user's `notes`. */
export interface KindRules {
	/** The assistant's daily memory folder and, when set, the Daily notes plugin's folder. */
	readonly dailyFolders: readonly string[];
	readonly weeklyFolders: readonly string[];
	readonly longTermPaths: readonly string[];
	readonly inboxFolders: readonly string[];
}

/**
 * The workspace's folders the policy is drawn from (the workspace layout has them all); named
 * here so that the privacy policy sits below the workspace that uses it.
 */
export interface PolicyFolders {
	readonly chatsFolder: string;
	readonly dailyFolder: string;
	readonly archiveFolder: string;
	readonly weeklyFolder: string;
	readonly memory: string;
	readonly inboxFolder: string;
}

/** What may be indexed, from the settings and the workspace layout. */
export interface IndexPolicy {
	readonly configDir: string;
	/** As `readExclusionList` reads the settings' (`"Private", Journal` names two folders). */
	readonly excludedFolders: readonly string[];
	/** Read as `readExclusionList` reads them, normalized (see `normalizeTag`) and never empty, as `indexPolicyFor` makes them. */
	readonly excludedTags: readonly string[];
	/** Folders and files never indexed whatever the settings: chat transcripts, the audit log. */
	readonly internalPaths: readonly string[];
	readonly maxFileBytes: number;
	readonly kinds: KindRules;
}

export const DEFAULT_MAX_FILE_BYTES = 1024 * 1024;

export interface PolicySettings {
	readonly configDir: string;
	readonly excludedFolders?: readonly string[];
	readonly excludedTags?: readonly string[];
	readonly maxFileBytes?: number;
	/** The audit log's vault path when it is kept inside the vault. */
	readonly auditLogPath?: string;
	/** The Daily notes plugin's folder, when the user's daily notes count as daily memory. */
	readonly dailyNotesFolder?: string;
}

export function indexPolicyFor(layout: PolicyFolders, settings: PolicySettings): IndexPolicy {
	return {
		configDir: settings.configDir,
		excludedFolders: readExclusionList("folders", settings.excludedFolders ?? []).rules.map(folderPath),
		excludedTags: readExclusionList("tags", settings.excludedTags ?? [])
			.rules.map(normalizeTag)
			.filter((tag) => tag !== ""),
		internalPaths: [layout.chatsFolder, ...(settings.auditLogPath ? [settings.auditLogPath] : [])],
		maxFileBytes: settings.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES,
		kinds: {
			// Archived daily memory is still daily memory: dated, decaying, found by `kind: daily`.
			dailyFolders: [layout.dailyFolder, layout.archiveFolder, ...optional(settings.dailyNotesFolder)],
			weeklyFolders: [layout.weeklyFolder],
			longTermPaths: [layout.memory],
			inboxFolders: [layout.inboxFolder],
		},
	};
}

/** The reason a file is skipped that its path and size tell, before anything is read. */
export function skipReasonForFile(path: string, size: number, policy: IndexPolicy): SkipReason | null {
	const folded = foldedPath(path);
	const within = (folder: string) => isInFolder(folded, folder);
	const [config, internal, excluded] = foldedRulesOf(policy);
	if (config.some(within)) return "config-folder";
	if (internal.some(within)) return "assistant-internal";
	if (excluded.some(within)) return "excluded-folder";
	if (extensionOf(path) !== "md") return "not-markdown";
	if (size > policy.maxFileBytes) return "too-large";
	return null;
}

/**
 * The folders of the rules last asked about, as `foldedFolderRule` folds them (an entry that
 * folds to nothing, `.` or `/`, names no folder: a typo, not a wish to hide the whole vault):
 * folded once rather than for every file of a pass over the vault. A host makes a new policy for
 * every look (it follows the settings), so they are known by the folders they were folded from.
 */
let lastRules: { readonly policy: IndexPolicy; readonly key: string; readonly folded: string[][] } | null = null;

function foldedRulesOf(policy: IndexPolicy): string[][] {
	if (lastRules?.policy === policy) return lastRules.folded;
	const folders = [[policy.configDir, TRASH_FOLDER], policy.internalPaths, policy.excludedFolders];
	const key = JSON.stringify(folders);
	const folded =
		lastRules?.key === key
			? lastRules.folded
			: folders.map((rule) => rule.map(foldedFolderRule).filter((folder) => folder !== ""));
	lastRules = { policy, key, folded };
	return folded;
}

/** The reason a note is skipped that its metadata tells (`tags` as `tagsOf` gives them). */
export function skipReasonForNote(
	metadata: NoteMetadata | null,
	tags: readonly string[],
	policy: IndexPolicy,
): SkipReason | null {
	if (metadata === null) return "no-metadata";
	if (isMarkedPrivate(metadata)) return "private";
	if (hasUnreadableFrontmatter(metadata)) return "unreadable-frontmatter";
	return hasExcludedTag(tags, policy) ? "excluded-tag" : null;
}

/**
 * Whether a tag is excluded, also once the punctuation around it is taken off: a property written
 * `health:` or `(health)` gives a tag no inline `#health` would, but it is the word the user hides.
 */
export function hasExcludedTag(tags: readonly string[], policy: IndexPolicy): boolean {
	if (policy.excludedTags.length === 0) return false;
	return tags.some((tag) => {
		const bare = tag.replace(PUNCTUATION_AROUND, "");
		return policy.excludedTags.some((rule) => tagMatches(tag, rule) || tagMatches(bare, rule));
	});
}

/** Punctuation and symbols at either end of a word. */
const PUNCTUATION_AROUND = /^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu;

function optional(folder: string | undefined): string[] {
	return folder === undefined ? [] : [folderPath(folder)];
}

/** A folder as the rules compare it: normalized, the vault root as `""`. */
function folderPath(folder: string): string {
	const normalized = normalizeVaultPath(folder.trim());
	return normalized === "/" ? "" : normalized;
}

/** Obsidian's local trash, at the vault root: what the user threw away is not the assistant's to read. */
const TRASH_FOLDER = ".trash";
