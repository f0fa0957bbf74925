import { extensionOf, isInFolder } from "../vault/paths";
import {
	IDENTITY_ROLES,
	identityCandidates,
	inUse,
	type IdentityFiles,
	type IdentityRole,
	type VaultListing,
} from "./identity";
import type { WorkspaceLayout } from "./layout";

/** The folders a workspace has, named after their keys in `WorkspaceLayout`. */
export type WorkspaceFolder = "root" | "dailyFolder" | "weeklyFolder" | "inboxFolder" | "chatsFolder";

/**
 * One thing a complete workspace holds: an identity file or a folder; or what Initialize adds to a
 * new prompts folder, which no inspection counts as missing (a workspace is complete without prompts).
 */
export type WorkspaceItem = IdentityRole | WorkspaceFolder | "promptsFolder" | "prompt";

/** An item and its path: the path found in the vault when present, the canonical path when missing. */
export interface WorkspaceEntry {
	readonly item: WorkspaceItem;
	readonly path: string;
}

/**
 * What a folder is, before it becomes the assistant folder, which decides what switching to it does:
 * - `empty`: no files at all (or the folder does not exist yet);
 * - `ordinary-notes`: files, but nothing of a workspace;
 * - `existing-workspace`: `soul.md`, `user.md`, `claude.md` and `memory.md` (or their aliases)
 *   are all there, so it can be taken over as it is;
 * - `partial-workspace`: some workspace files or memory folders, but not all four core files.
 */
export type WorkspaceStatus = "empty" | "ordinary-notes" | "existing-workspace" | "partial-workspace";

export interface WorkspaceInspection {
	readonly status: WorkspaceStatus;
	readonly folderExists: boolean;
	/** Markdown notes anywhere below the folder, workspace files included. */
	readonly noteCount: number;
	readonly present: readonly WorkspaceEntry[];
	readonly missing: readonly WorkspaceEntry[];
	readonly identity: IdentityFiles;
	/** Files that answer to a role but are not used because a preferred name exists beside them. */
	readonly shadowed: readonly string[];
}

/** The identity files whose presence makes a folder an existing workspace. */
const CORE_ROLES: readonly IdentityRole[] = ["soul", "user", "rules", "memory"];

/**
 * Signs of an earlier workspace besides identity files. `Inbox` and `chats` are left out: a
 * vault of ordinary notes often has an inbox of its own.
 */
const MEMORY_FOLDERS: readonly WorkspaceFolder[] = ["dailyFolder", "weeklyFolder"];

const SUB_FOLDERS: readonly WorkspaceFolder[] = ["dailyFolder", "weeklyFolder", "inboxFolder", "chatsFolder"];

export function inspectWorkspace(listing: VaultListing, layout: WorkspaceLayout): WorkspaceInspection {
	const candidates = identityCandidates(listing, layout);
	const identity = inUse(candidates);
	const folders = listing.listFolders();
	const folderExists = layout.root === "" || folders.includes(layout.root);
	const rootEntry = { item: "root" as const, found: folderExists ? layout.root : null, canonical: layout.root };
	const entries: { item: WorkspaceItem; found: string | null; canonical: string }[] = [
		...(layout.root === "" ? [] : [rootEntry]),
		...IDENTITY_ROLES.map((role) => ({ item: role, found: identity[role], canonical: layout[role] })),
		...SUB_FOLDERS.map((item) => ({ item, found: findFolder(folders, layout[item]), canonical: layout[item] })),
	];
	const present = entries.flatMap(({ item, found }) => (found === null ? [] : [{ item, path: found }]));
	const missing = entries.flatMap(({ item, found, canonical }) => (found === null ? [{ item, path: canonical }] : []));

	const files = listing
		.listFiles()
		.filter((file) => isInFolder(file.path, layout.root) && !isInFolder(file.path, listing.configDir));
	const isPresent = (item: WorkspaceItem) => present.some((entry) => entry.item === item);
	return {
		status: statusOf({
			hasFiles: files.length > 0,
			allCore: CORE_ROLES.every(isPresent),
			anyMarker: [...IDENTITY_ROLES, ...MEMORY_FOLDERS].some(isPresent),
		}),
		folderExists,
		noteCount: files.filter((file) => extensionOf(file.path) === "md").length,
		present,
		missing,
		identity,
		shadowed: IDENTITY_ROLES.flatMap((role) => candidates[role].slice(1)),
	};
}

function statusOf(facts: { hasFiles: boolean; allCore: boolean; anyMarker: boolean }): WorkspaceStatus {
	if (facts.allCore) return "existing-workspace";
	if (facts.anyMarker) return "partial-workspace";
	return facts.hasFiles ? "ordinary-notes" : "empty";
}

/**
 * The folder at `path`, matched case-insensitively like the identity files: on a disk that
 * ignores case, creating `Inbox` beside an existing `inbox` would fail or split the folder.
 * The exact spelling wins; otherwise the first in code-point order, for a stable choice.
 */
function findFolder(folders: readonly string[], path: string): string | null {
	if (folders.includes(path)) return path;
	const lower = path.toLowerCase();
	const matches = folders.filter((folder) => folder.toLowerCase() === lower).sort();
	return matches[0] ?? null;
}
