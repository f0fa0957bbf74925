import type { NoteStore } from "../ports";
import { fileName, parentFolder } from "../vault/paths";
import type { WorkspaceLayout } from "./layout";

/** The identity and memory files of a workspace, named after their keys in `WorkspaceLayout`. */
export type IdentityRole = "soul" | "user" | "rules" | "memory" | "heartbeat";

export const IDENTITY_ROLES: readonly IdentityRole[] = ["soul", "user", "rules", "memory", "heartbeat"];

export function isIdentityRole(name: string): name is IdentityRole {
	return (IDENTITY_ROLES as readonly string[]).includes(name);
}

/** The path of each identity file as it exists in the vault, or `null` when there is none. */
export type IdentityFiles = Record<IdentityRole, string | null>;

/** What the domain needs of the vault to find files: its listings, never a read or a write. */
export type VaultListing = Pick<NoteStore, "listFiles" | "filesIn" | "listFolders" | "configDir">;

/**
 * The names each role answers to, most preferred first, each compared case-insensitively.
 * `claude.md` comes before `AGENTS.md` because it is this assistant's own file: a vault that
 * also holds an `AGENTS.md` for another tool keeps that file for that tool. `PROFILE.md` and
 * `AGENTS.md` are the names other assistants use for the same roles, adopted so that an
 * existing workspace is taken over rather than duplicated.
 */
const NAMES: Record<IdentityRole, readonly string[]> = {
	soul: ["soul.md"],
	user: ["user.md", "PROFILE.md"],
	rules: ["claude.md", "AGENTS.md"],
	memory: ["memory.md"],
	heartbeat: ["HEARTBEAT.md"],
};

/** Whether `path` answers to an identity role: a file directly in the assistant folder named as `NAMES` lists, in any case. */
export function answersToIdentityRole(path: string, layout: WorkspaceLayout): boolean {
	if (parentFolder(path) !== layout.root) return false;
	const name = fileName(path).toLowerCase();
	return IDENTITY_ROLES.some((role) => NAMES[role].some((candidate) => candidate.toLowerCase() === name));
}

/** For each role, every file that answers to it, the one in use first. */
export type IdentityCandidates = Record<IdentityRole, readonly string[]>;

/**
 * Every file directly in the assistant folder that answers to each role, the one in use first.
 * Order: by the role's name list; among spellings of one name (on a case-sensitive disk
 * `claude.md` and `CLAUDE.md` can both exist) the listed spelling first, then the others in
 * code-point order, so that upper-case spellings (`CLAUDE.md`, `MEMORY.md`) come before
 * mixed-case ones (`Claude.md`, `Memory.md`) and the choice never depends on listing order.
 */
export function identityCandidates(listing: VaultListing, layout: WorkspaceLayout): IdentityCandidates {
	// The files of the folder alone: the lookup costs what the folder holds, whatever the vault's size.
	const paths = listing.filesIn(layout.root).map((file) => file.path);
	const answering = (role: IdentityRole) =>
		NAMES[role].flatMap((name) =>
			paths
				.filter((path) => fileName(path).toLowerCase() === name.toLowerCase())
				.sort((a, b) => spellingRank(a, name) - spellingRank(b, name) || compareCodePoints(a, b)),
		);
	return {
		soul: answering("soul"),
		user: answering("user"),
		rules: answering("rules"),
		memory: answering("memory"),
		heartbeat: answering("heartbeat"),
	};
}

/** The file in use for each role (see `identityCandidates` for the preference order). */
export function findIdentityFiles(listing: VaultListing, layout: WorkspaceLayout): IdentityFiles {
	return inUse(identityCandidates(listing, layout));
}

/** The first candidate of each role. */
export function inUse(candidates: IdentityCandidates): IdentityFiles {
	const first = (role: IdentityRole) => candidates[role][0] ?? null;
	return {
		soul: first("soul"),
		user: first("user"),
		rules: first("rules"),
		memory: first("memory"),
		heartbeat: first("heartbeat"),
	};
}

function spellingRank(path: string, name: string): number {
	return fileName(path) === name ? 0 : 1;
}

function compareCodePoints(a: string, b: string): number {
	if (a === b) return 0;
	return a < b ? -1 : 1;
}
