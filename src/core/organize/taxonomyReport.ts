import { LANGUAGES, translateIn } from "../../i18n";
import { tagsOf } from "../retrieval";
import { fileName, parentFolder } from "../vault/paths";
import type { WorkspaceLayout } from "../workspace/layout";
import type { FolderRole } from "./folderRole";
import { NotesByFolder, privateNoteCounter, visibleNotes, type OrganizeVault } from "./organizeVault";
import { foldName } from "./roleNames";
import type { Taxonomy } from "./taxonomy";
import type { Translate } from "./vaultMapText";

/**
 * "Suggest taxonomy changes": what the folders and tags say about how the vault could be
 * organized, as suggestions for the user to read. Nothing is moved or created but the report.
 */

export type TaxonomySuggestion =
	/** A folder holding many notes directly: subfolders (by its commonest tags) would help. */
	| { readonly kind: "large-folder"; readonly folder: string; readonly notes: number; readonly tags: readonly string[] }
	/** A folder with no note in it or below it. */
	| { readonly kind: "empty-folder"; readonly folder: string }
	/** A folder whose notes are all private: not empty, and not judged. */
	| { readonly kind: "private-folder"; readonly folder: string; readonly notes: number }
	/** A tag on many notes that no folder is named after. */
	| {
			readonly kind: "tag-as-folder";
			readonly tag: string;
			readonly notes: number;
			readonly folders: readonly string[];
	  };

/** A folder with more notes than this directly in it is large. */
export const LARGE_FOLDER_NOTES = 100;
/** A tag on at least this many notes could have a folder. */
export const TAG_FOLDER_MIN_NOTES = 5;
/** An inbox is meant to empty; the assistant's own folders are the assistant's. */
const NOT_JUDGED: ReadonlySet<FolderRole> = new Set(["inbox", "memory"]);
const TOP_TAGS = 3;

export function taxonomySuggestions(vault: OrganizeVault, taxonomy: Taxonomy): TaxonomySuggestion[] {
	const notes = visibleNotes(vault);
	const byFolder = new NotesByFolder(notes);
	const privateNotesIn = privateNoteCounter(vault);
	const tagsByNote = new Map(notes.map((path) => [path, tagsOf(vault.view.getMetadata(path))]));
	const suggestions: TaxonomySuggestion[] = [];
	for (const entry of taxonomy.folders) {
		if (NOT_JUDGED.has(entry.role)) continue;
		if (entry.notes > LARGE_FOLDER_NOTES) {
			const own = byFolder.ownNotes(entry.folder);
			suggestions.push({
				kind: "large-folder",
				folder: entry.folder,
				notes: entry.notes,
				tags: commonest(
					own.flatMap((path) => tagsByNote.get(path) ?? []),
					TOP_TAGS,
				),
			});
		} else if (byFolder.notesIn(entry.folder).length === 0) {
			const hidden = privateNotesIn(entry.folder);
			suggestions.push(
				hidden === 0
					? { kind: "empty-folder", folder: entry.folder }
					: { kind: "private-folder", folder: entry.folder, notes: hidden },
			);
		}
	}
	const folderNames = new Set(taxonomy.folders.map((entry) => foldName(fileName(entry.folder))));
	const byTag = new Map<string, string[]>();
	for (const [path, tags] of tagsByNote) {
		for (const tag of tags) {
			const tagged = byTag.get(tag);
			if (tagged === undefined) byTag.set(tag, [path]);
			else tagged.push(path);
		}
	}
	for (const [tag, tagged] of [...byTag].sort(([a], [b]) => (a < b ? -1 : 1))) {
		if (tagged.length < TAG_FOLDER_MIN_NOTES || folderNames.has(foldName(tag.split("/").pop() ?? tag))) continue;
		suggestions.push({
			kind: "tag-as-folder",
			tag,
			notes: tagged.length,
			folders: commonest(tagged.map(parentFolder), TOP_TAGS),
		});
	}
	return suggestions;
}

/**
 * Where the report of `date` goes: a dated note in the assistant folder, named in the interface
 * language ("Taxonomy suggestions 2026-03-18", "分类调整建议 2026-03-18"), numbered when run again
 * that day. Each run writes a report of its own, a record of that day's suggestions, so an earlier
 * report under the other language's name is kept as it is, never overwritten.
 */
export function taxonomyReportPath(
	layout: Pick<WorkspaceLayout, "root">,
	date: string,
	translate: Translate,
): { readonly folder: string; readonly name: string } {
	return { folder: layout.root, name: `${translate("taxonomy-report.note-name", { date })}.md` };
}

/**
 * Whether `path` is a taxonomy report, under any interface language's name, numbered or not
 * ("Taxonomy suggestions 2026-03-18 2.md"): a report outlives the rules it was written under.
 */
export function isTaxonomyReportPath(path: string, layout: Pick<WorkspaceLayout, "root">): boolean {
	if (parentFolder(path) !== layout.root) return false;
	const name = fileName(path);
	return reportNamePrefixes().some((before) => name.startsWith(before) && REPORT_DATE.test(name.slice(before.length)));
}

let prefixes: readonly string[] | null = null;

/** The name of a report before its date, in each interface language ("Taxonomy suggestions ", "分类调整建议 "): made once, asked of every derived note read. */
function reportNamePrefixes(): readonly string[] {
	prefixes ??= LANGUAGES.map(
		(language) => translateIn(language, "taxonomy-report.note-name", { date: "\n" }).split("\n", 1)[0],
	);
	return prefixes;
}

const REPORT_DATE = /^\d{4}-\d{2}-\d{2}[ .]/;

/** The report note: a heading, a line on what it is, then one list item a suggestion. */
export function taxonomyReportText(
	suggestions: readonly TaxonomySuggestion[],
	date: string,
	translate: Translate,
): string {
	const lines = [`# ${translate("taxonomy-report.title", { date })}`, "", translate("taxonomy-report.intro"), ""];
	if (suggestions.length === 0) lines.push(translate("taxonomy-report.nothing"));
	for (const suggestion of suggestions) lines.push(`- ${line(suggestion, translate)}`);
	return `${lines.join("\n")}\n`;
}

function line(suggestion: TaxonomySuggestion, translate: Translate): string {
	const folder = (path: string) => (path === "" ? "/" : path);
	switch (suggestion.kind) {
		case "large-folder": {
			const base = translate("taxonomy-report.large-folder", { folder: suggestion.folder, count: suggestion.notes });
			const tags = suggestion.tags.map((tag) => `#${tag}`).join(", ");
			return suggestion.tags.length === 0
				? base
				: `${base} ${translate("taxonomy-report.large-folder-tags", { tags })}`;
		}
		case "empty-folder":
			return translate("taxonomy-report.empty-folder", { folder: suggestion.folder });
		case "private-folder":
			return translate("taxonomy-report.private-folder", { folder: suggestion.folder, count: suggestion.notes });
		case "tag-as-folder":
			return translate("taxonomy-report.tag-as-folder", {
				tag: suggestion.tag,
				count: suggestion.notes,
				folders: suggestion.folders.map(folder).join(", "),
			});
	}
}

/** The most frequent values, most first, ties in sort order. */
function commonest(values: readonly string[], limit: number): string[] {
	const counts = new Map<string, number>();
	for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
	return [...counts]
		.sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))
		.slice(0, limit)
		.map(([value]) => value);
}
