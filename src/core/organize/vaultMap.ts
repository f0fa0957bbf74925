import type { MessageKey } from "../../i18n";
import { firstMeaningfulLine } from "../memory/archiveIndex";
import { tagsOf } from "../retrieval";
import { baseName, fileName } from "../vault/paths";
import type { FolderSummary } from "./folderSummary";
import { reason, type FolderRole, type Reason } from "./folderRole";
import { linkedNotes } from "./noteLinks";
import { NotesByFolder, privateNoteCounter, visibleNotes, type OrganizeVault } from "./organizeVault";
import type { Taxonomy } from "./taxonomy";
import { vaultMapPaths } from "./vaultMapText";

/**
 * The vault map, an overview of the vault's folders: what each folder is for, how many notes it
 * holds, a line on what is in it, and its most linked notes, so that the assistant knows where
 * things live without listing the vault. Paths are vault-relative; private notes are not counted,
 * described or listed.
 */

/** Folders deeper than this are counted in their parent, not listed: the map stays short. */
export const MAP_MAX_DEPTH = 2;
const MOST_LINKED = 3;

const ROLE_DESCRIPTIONS: Readonly<Record<FolderRole, MessageKey>> = {
	inbox: "vault-map.description.inbox",
	notes: "vault-map.description.notes",
	projects: "vault-map.description.projects",
	journal: "vault-map.description.journal",
	archive: "vault-map.description.archive",
	templates: "vault-map.description.templates",
	resources: "vault-map.description.resources",
	memory: "vault-map.description.memory",
};
const TOP_TAGS = 2;
const DESCRIPTION_CHARS = 120;

export async function vaultMap(vault: OrganizeVault, taxonomy: Taxonomy): Promise<FolderSummary[]> {
	const notes = visibleNotes(vault);
	const byFolder = new NotesByFolder(notes);
	const privateNotesIn = privateNoteCounter(vault);
	const incoming = new Map<string, number>();
	// The map's own links are not votes: they would keep its own picks on top.
	const mapNotes = vaultMapPaths(vault.layout);
	for (const source of notes.filter((path) => !mapNotes.includes(path))) {
		for (const target of linkedNotes(vault.view, source)) incoming.set(target, (incoming.get(target) ?? 0) + 1);
	}
	const summaries: FolderSummary[] = [];
	for (const entry of taxonomy.folders) {
		if (entry.folder.split("/").length > MAP_MAX_DEPTH) continue;
		const inside = byFolder.notesIn(entry.folder);
		const mostLinked = inside
			.filter((path) => (incoming.get(path) ?? 0) > 0)
			.sort((a, b) => (incoming.get(b) ?? 0) - (incoming.get(a) ?? 0) || (a < b ? -1 : 1))
			.slice(0, MOST_LINKED);
		summaries.push({
			folder: entry.folder,
			role: entry.role,
			notes: inside.length,
			privateNotes: privateNotesIn(entry.folder),
			description: await describe(vault, entry.folder, entry.role, inside, byFolder.ownNotes(entry.folder)),
			mostLinked,
		});
	}
	return summaries;
}

async function describe(
	vault: OrganizeVault,
	folder: string,
	role: FolderRole,
	inside: readonly string[],
	own: readonly string[],
): Promise<Reason[]> {
	const folderNote = own.find((path) =>
		[fileName(folder).toLowerCase(), "index", "readme"].includes(baseName(path).toLowerCase()),
	);
	const line = folderNote === undefined ? null : firstMeaningfulLine(await vault.view.read(folderNote));
	if (line !== null) return [reason("vault-map.description.folder-note", { text: cut(line) })];
	const tags = topTags(vault, inside);
	const byRole = reason(ROLE_DESCRIPTIONS[role]);
	return tags.length === 0
		? [byRole]
		: [byRole, reason("vault-map.description.tagged", { tags: tags.map((tag) => `#${tag}`).join(", ") })];
}

function topTags(vault: Pick<OrganizeVault, "view">, notes: readonly string[]): string[] {
	const counts = new Map<string, number>();
	for (const path of notes)
		for (const tag of tagsOf(vault.view.getMetadata(path))) counts.set(tag, (counts.get(tag) ?? 0) + 1);
	return [...counts]
		.filter(([, count]) => count > 1)
		.sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))
		.slice(0, TOP_TAGS)
		.map(([tag]) => tag);
}

function cut(line: string): string {
	const characters = [...line];
	return characters.length <= DESCRIPTION_CHARS
		? line
		: `${characters.slice(0, DESCRIPTION_CHARS).join("").trimEnd()}…`;
}
