import { tagsOf } from "../retrieval";
import { baseName, fileName, parentFolder } from "../vault/paths";
import { reason, type FolderRole, type Reason } from "./folderRole";
import { NotesByFolder, visibleFolders, visibleNotes, type OrganizeVault } from "./organizeVault";
import { matchFolderName, roleOfWord } from "./roleNames";

/**
 * The vault's taxonomy (what its folders are for), inferred, never assumed: each folder's role from
 * what the user told Obsidian (the Templates and Daily notes folders), the assistant's own layout,
 * the folder's name in any language (exact 0.9, near 0.6), and what its notes are like (mostly
 * dated, mostly tagged with a role); a folder with none of these takes its parent's role, or is
 * plain notes at 0.3.
 */

export interface FolderEntry {
	readonly folder: string;
	readonly role: FolderRole;
	/** How sure the taxonomy is of the role, 0.3 to 0.95. */
	readonly confidence: number;
	/** What says so, strongest first. */
	readonly reasons: readonly Reason[];
	/** The notes directly in the folder that organizing may look at. */
	readonly notes: number;
}

export interface Taxonomy {
	/** Every visible folder, in path order. */
	readonly folders: readonly FolderEntry[];
}

export const CONFIDENCE = {
	/** The user's own setting, or the assistant's own folder. */
	setting: 0.95,
	exactName: 0.9,
	/** Most notes of the folder are named by a date. */
	datedNotes: 0.8,
	/** Most notes of the folder carry a role's tag or `type`. */
	taggedNotes: 0.7,
	nearName: 0.6,
	other: 0.3,
} as const;

/** A folder's contents teach a role only from this many notes and this share of them. */
const LEARN_MIN_NOTES = 3;
const LEARN_MIN_SHARE = 0.6;
/** A note named by a day or week: `2026-11-24`, `20261124`, `2026-W47`, `2026年11月24日`. */
const DATED_NAME = /^(?:\d{4}-\d{2}-\d{2}|\d{8}|\d{4}-W\d{2}|\d{4}年\d{1,2}月\d{1,2}日)/;
/** Roles that whatever lies inside shares: an archived project is archived. */
const ENCLOSING_ROLES: ReadonlySet<FolderRole> = new Set(["archive", "templates", "memory"]);

interface Candidate {
	readonly role: FolderRole;
	readonly confidence: number;
	readonly reason: Reason;
}

export function inferTaxonomy(vault: OrganizeVault): Taxonomy {
	const notes = new NotesByFolder(visibleNotes(vault));
	const entries = new Map<string, FolderEntry>();
	// Parents before children, so that a child can take its parent's role.
	const folders = visibleFolders(vault).sort((a, b) => depth(a) - depth(b) || (a < b ? -1 : a > b ? 1 : 0));
	for (const folder of folders) {
		const own = notes.ownNotes(folder);
		const candidates = [
			...settingCandidates(vault, folder),
			...nameCandidates(folder),
			...contentCandidates(vault, own),
		];
		const parent = entries.get(parentFolder(folder));
		if (parent !== undefined) candidates.push(inherited(parent));
		entries.set(folder, chosen(folder, candidates, own.length));
	}
	return { folders: [...entries.values()].sort((a, b) => (a.folder < b.folder ? -1 : a.folder > b.folder ? 1 : 0)) };
}

/**
 * The folder a note of `role` goes to: the most certain folder of the role, then the one nearest
 * the root, then the fullest. `null` when no folder has the role.
 */
export function folderForRole(taxonomy: Taxonomy, role: FolderRole): FolderEntry | null {
	const ranked = taxonomy.folders
		.filter((entry) => entry.role === role)
		.sort((a, b) => b.confidence - a.confidence || depth(a.folder) - depth(b.folder) || b.notes - a.notes);
	return ranked.length === 0 ? null : ranked[0];
}

/** The taxonomy's entry for `folder`; `null` for the vault root and for hidden or private folders. */
export function entryOf(taxonomy: Taxonomy, folder: string): FolderEntry | null {
	return taxonomy.folders.find((entry) => entry.folder === folder) ?? null;
}

function settingCandidates(vault: OrganizeVault, folder: string): Candidate[] {
	const found: Candidate[] = [];
	const same = (setting: string | null | undefined) =>
		setting !== undefined && setting !== null && setting !== "" && setting.toLowerCase() === folder.toLowerCase();
	if (same(vault.templatesFolder))
		found.push({
			role: "templates",
			confidence: CONFIDENCE.setting,
			reason: reason("taxonomy.reason.templates-setting"),
		});
	if (same(vault.dailyNotesFolder))
		found.push({
			role: "journal",
			confidence: CONFIDENCE.setting,
			reason: reason("taxonomy.reason.daily-notes-setting"),
		});
	const { layout } = vault;
	if (same(layout.inboxFolder))
		found.push({ role: "inbox", confidence: CONFIDENCE.setting, reason: reason("taxonomy.reason.assistant-inbox") });
	const memoryFolder = parentFolder(layout.dailyFolder);
	const assistantOwn = [layout.root, memoryFolder, layout.chatsFolder].filter((own) => own !== "");
	if (assistantOwn.some((own) => own.toLowerCase() === folder.toLowerCase()))
		found.push({ role: "memory", confidence: CONFIDENCE.setting, reason: reason("taxonomy.reason.assistant-folder") });
	return found;
}

function nameCandidates(folder: string): Candidate[] {
	const match = matchFolderName(fileName(folder));
	if (match === null) return [];
	const exact = match.kind === "exact";
	return [
		{
			role: match.role,
			confidence: exact ? CONFIDENCE.exactName : CONFIDENCE.nearName,
			reason: reason(exact ? "taxonomy.reason.exact-name" : "taxonomy.reason.near-name", { name: match.matched }),
		},
	];
}

/** What the folder's own notes teach: mostly dated notes are a journal; mostly `#project` notes, projects. */
function contentCandidates(vault: OrganizeVault, notes: readonly string[]): Candidate[] {
	if (notes.length < LEARN_MIN_NOTES) return [];
	const found: Candidate[] = [];
	const share = (count: number) => count / notes.length;
	const dated = notes.filter((path) => DATED_NAME.test(baseName(path))).length;
	if (share(dated) >= LEARN_MIN_SHARE) {
		found.push({
			role: "journal",
			confidence: CONFIDENCE.datedNotes,
			reason: reason("taxonomy.reason.dated-notes", { count: dated, total: notes.length }),
		});
	}
	const byRole = new Map<FolderRole, number>();
	for (const path of notes) {
		for (const role of new Set(noteRoleWords(vault, path))) byRole.set(role, (byRole.get(role) ?? 0) + 1);
	}
	for (const [role, count] of byRole) {
		if (share(count) >= LEARN_MIN_SHARE) {
			found.push({
				role,
				confidence: CONFIDENCE.taggedNotes,
				reason: reason("taxonomy.reason.tagged-notes", { count, total: notes.length, role }),
			});
		}
	}
	return found;
}

/** The roles a note's tags and `type` / `category` properties name (`#project`, `type: 项目`). */
export function noteRoleWords(vault: Pick<OrganizeVault, "view">, path: string): FolderRole[] {
	const metadata = vault.view.getMetadata(path);
	const words = tagsOf(metadata).flatMap((tag) => tag.split("/"));
	for (const [key, value] of Object.entries(metadata?.frontmatter ?? {})) {
		if (/^(type|category|kind)$/i.test(key) && typeof value === "string") words.push(value);
	}
	return words.map(roleOfWord).filter((role): role is FolderRole => role !== null);
}

function inherited(parent: FolderEntry): Candidate {
	const confidence = ENCLOSING_ROLES.has(parent.role)
		? Math.min(CONFIDENCE.setting, parent.confidence + 0.05)
		: parent.confidence;
	return { role: parent.role, confidence, reason: reason("taxonomy.reason.inside", { folder: parent.folder }) };
}

/** The strongest candidate's role (the first of equals, so a folder's own name beats its parent's), with every reason for it. */
function chosen(folder: string, candidates: readonly Candidate[], notes: number): FolderEntry {
	if (candidates.length === 0)
		return { folder, role: "notes", confidence: CONFIDENCE.other, reasons: [reason("taxonomy.reason.other")], notes };
	const best = candidates.reduce((top, candidate) => (candidate.confidence > top.confidence ? candidate : top));
	const reasons = candidates
		.filter((candidate) => candidate.role === best.role)
		.sort((a, b) => b.confidence - a.confidence)
		.map((candidate) => candidate.reason);
	return { folder, role: best.role, confidence: best.confidence, reasons, notes };
}

function depth(folder: string): number {
	return folder.split("/").length;
}
