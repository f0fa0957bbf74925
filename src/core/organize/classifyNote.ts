import { tagsOf } from "../retrieval";
import { baseName, fileName, parentFolder } from "../vault/paths";
import { reason, type FolderRole, type Reason } from "./folderRole";
import { linkedNotes, notesLinkingTo } from "./noteLinks";
import type { OrganizeVault } from "./organizeVault";
import { foldName, roleOfWord } from "./roleNames";
import { entryOf, folderForRole, type FolderEntry, type Taxonomy } from "./taxonomy";

/**
 * Where a note belongs, by rules over what the metadata cache knows of it: its tags and `type`,
 * its status, the notes it links to (a link to a project note is the strongest hint), the
 * folders of the notes around it, its title. Nothing is read but metadata, nothing is moved.
 */

export interface Classification {
	/** The suggested folder (`""` is the vault root). */
	readonly folder: string;
	readonly role: FolderRole;
	/** 0 (nothing to go on: the note stays) to 0.95. */
	readonly confidence: number;
	/** Why, strongest first. */
	readonly reasons: readonly Reason[];
}

/** Signal weights, summed per folder; a sum above `MAX_CONFIDENCE` is capped. */
const WEIGHT = {
	projectLink: 0.6,
	roleWord: 0.5,
	tagNamesFolder: 0.5,
	status: 0.5,
	datedTitle: 0.6,
	titleWord: 0.3,
	neighbour: 0.15,
	neighbourCap: 0.45,
	/** The notes folder when nothing else speaks. */
	fallback: 0.2,
} as const;
const MAX_CONFIDENCE = 0.95;

/** Roles a note is never sent to by a weak hint: where notes come from or the assistant's own. */
const NEVER_BY_NEIGHBOURS: ReadonlySet<FolderRole> = new Set(["inbox", "memory", "templates", "archive"]);
/** Roles a note is never sent to at all. */
const NEVER: ReadonlySet<FolderRole> = new Set(["inbox", "memory"]);

const DATED_TITLE = /^(?:\d{4}-\d{2}-\d{2}|\d{8}|\d{4}年\d{1,2}月\d{1,2}日)$/;
const DONE_STATUS = /^(done|completed?|finished|archived?|closed|已完成|完成|归档|已归档|結束|结束)$/i;

class Scores {
	private readonly byFolder = new Map<string, { score: number; reasons: { weight: number; reason: Reason }[] }>();

	add(entry: FolderEntry | null, weight: number, why: Reason): void {
		if (entry === null || NEVER.has(entry.role)) return;
		const current = this.byFolder.get(entry.folder) ?? { score: 0, reasons: [] };
		current.score += weight;
		current.reasons.push({ weight, reason: why });
		this.byFolder.set(entry.folder, current);
	}

	/** The best folder; ties go to the folder the taxonomy is surer of, then to path order. */
	best(taxonomy: Taxonomy): Classification | null {
		let top: Classification | null = null;
		let topEntry: FolderEntry | null = null;
		for (const [folder, { score, reasons }] of this.byFolder) {
			const entry = entryOf(taxonomy, folder);
			if (entry === null) continue;
			const candidate: Classification = {
				folder,
				role: entry.role,
				confidence: Math.round(Math.min(MAX_CONFIDENCE, score) * 100) / 100,
				reasons: [...reasons].sort((a, b) => b.weight - a.weight).map((item) => item.reason),
			};
			const better =
				top === null ||
				topEntry === null ||
				candidate.confidence > top.confidence ||
				(candidate.confidence === top.confidence &&
					(entry.confidence > topEntry.confidence ||
						(entry.confidence === topEntry.confidence && folder < top.folder)));
			if (better) {
				top = candidate;
				topEntry = entry;
			}
		}
		return top;
	}
}

export function classifyNote(
	vault: OrganizeVault,
	taxonomy: Taxonomy,
	path: string,
	visible: readonly string[],
): Classification {
	const scores = new Scores();
	const forRole = (role: FolderRole) => folderForRole(taxonomy, role);
	const metadata = vault.view.getMetadata(path);

	for (const tag of tagsOf(metadata)) {
		const role =
			tag
				.split("/")
				.map(roleOfWord)
				.find((found) => found !== null) ?? null;
		const byRole = role === null ? null : forRole(role);
		if (role !== null) scores.add(byRole, WEIGHT.roleWord, reason("organize.reason.tag-role", { tag, role }));
		const named = folderNamed(taxonomy, tag);
		if (named !== null && named.folder !== byRole?.folder)
			scores.add(named, WEIGHT.tagNamesFolder, reason("organize.reason.tag-folder", { tag, folder: named.folder }));
	}
	for (const [key, value] of Object.entries(metadata?.frontmatter ?? {})) {
		if (typeof value !== "string") continue;
		const role = /^(type|category|kind)$/i.test(key) ? roleOfWord(value) : null;
		if (role !== null)
			scores.add(forRole(role), WEIGHT.roleWord, reason("organize.reason.property-role", { key, value, role }));
		if (/^status$/i.test(key) && DONE_STATUS.test(value.trim()))
			scores.add(forRole("archive"), WEIGHT.status, reason("organize.reason.done", { value }));
	}

	const projectLinks = new Set<string>();
	const neighbours = new Map<string, number>();
	const around = [...linkedNotes(vault.view, path), ...notesLinkingTo(vault.view, visible, path)];
	for (const other of around) {
		const entry = entryOf(taxonomy, parentFolder(other));
		if (entry === null || parentFolder(other) === parentFolder(path)) continue;
		if (entry.role === "projects" && !projectLinks.has(entry.folder)) {
			projectLinks.add(entry.folder);
			scores.add(
				entry,
				WEIGHT.projectLink,
				reason("organize.reason.project-link", { note: baseName(other), folder: entry.folder }),
			);
		} else if (!NEVER_BY_NEIGHBOURS.has(entry.role) && entry.role !== "projects") {
			const given = neighbours.get(entry.folder) ?? 0;
			if (given + WEIGHT.neighbour > WEIGHT.neighbourCap + 1e-9) continue;
			neighbours.set(entry.folder, given + WEIGHT.neighbour);
			scores.add(
				entry,
				WEIGHT.neighbour,
				reason("organize.reason.neighbour", { note: baseName(other), folder: entry.folder }),
			);
		}
	}

	const title = baseName(path);
	if (DATED_TITLE.test(title)) scores.add(forRole("journal"), WEIGHT.datedTitle, reason("organize.reason.dated-title"));
	for (const word of foldName(title).split(" ")) {
		const role = word.length > 1 ? roleOfWord(word) : null;
		if (role !== null && role !== "notes")
			scores.add(forRole(role), WEIGHT.titleWord, reason("organize.reason.title-word", { word, role }));
	}

	const best = scores.best(taxonomy);
	if (best !== null) return best;
	const notes = forRole("notes");
	if (notes !== null && !NEVER.has(notes.role)) {
		return {
			folder: notes.folder,
			role: notes.role,
			confidence: WEIGHT.fallback,
			reasons: [reason("organize.reason.fallback", { folder: notes.folder })],
		};
	}
	const here = entryOf(taxonomy, parentFolder(path));
	return {
		folder: parentFolder(path),
		role: here?.role ?? "notes",
		confidence: 0,
		reasons: [reason("organize.reason.nothing")],
	};
}

/** The folder whose own name is `tag` (`#recipes` → `Resources/Recipes`), folded as names are. */
function folderNamed(taxonomy: Taxonomy, tag: string): FolderEntry | null {
	const wanted = foldName(tag.split("/").pop() ?? tag);
	if (wanted === "") return null;
	return taxonomy.folders.find((entry) => foldName(fileName(entry.folder)) === wanted) ?? null;
}
