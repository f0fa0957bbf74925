import { LANGUAGES, translateIn, type MessageKey } from "../../i18n";
import type { AuditActor } from "../audit/record";
import { ASSISTANT_CALLOUT_HEADER } from "../text/assistantCallout";
import type { MemoryDeps } from "../memory/memoryDeps";
import type { WriteOutcome } from "../vault/auditedWriter";
import { escapeExcludedTags } from "../vault/excludedTagText";
import { baseName, joinVaultPath } from "../vault/paths";
import type { WorkspaceLayout } from "../workspace/layout";
import type { FolderRole, Reason } from "./folderRole";
import type { FolderSummary } from "./folderSummary";

/**
 * The vault map in its two forms: a note in the assistant folder for the user (the generated
 * table inside the assistant's callout, so that what the user writes around it is kept), and a
 * compact text for the model's context.
 */

export type Translate = (key: MessageKey, params?: Readonly<Record<string, string | number>>) => string;

export const ROLE_NAMES: Readonly<Record<FolderRole, MessageKey>> = {
	inbox: "role.inbox",
	notes: "role.notes",
	projects: "role.projects",
	journal: "role.journal",
	archive: "role.archive",
	templates: "role.templates",
	resources: "role.resources",
	memory: "role.memory",
};

/** The longest compact layer, in characters: about 1,000 tokens. */
export const VAULT_MAP_LAYER_CHARS = 4000;

/** Where a new vault map note goes: named in `translate`'s language, the interface's ("Vault map", "仓库地图"). */
export function vaultMapPath(layout: Pick<WorkspaceLayout, "root">, translate: Translate): string {
	return joinVaultPath(layout.root, `${translate("vault-map.note-name")}.md`);
}

/**
 * The vault map note's path under every interface language's name: a map made before the user
 * changed the language is found under its old name and kept up, never made a second time beside it.
 */
export function vaultMapPaths(layout: Pick<WorkspaceLayout, "root">): string[] {
	return LANGUAGES.map((language) => vaultMapPath(layout, (key, params) => translateIn(language, key, params)));
}

/** The generated part of the note: a table of the folders, relative paths only. */
export function vaultMapTable(summaries: readonly FolderSummary[], translate: Translate): string {
	const header = [
		translate("vault-map.column.folder"),
		translate("vault-map.column.role"),
		translate("vault-map.column.notes"),
		translate("vault-map.column.description"),
		translate("vault-map.column.most-linked"),
	];
	const rows = summaries.map((summary) => [
		summary.folder,
		translate(ROLE_NAMES[summary.role]),
		summary.privateNotes === 0
			? String(summary.notes)
			: translate("vault-map.notes-with-private", { count: summary.notes, private: summary.privateNotes }),
		describe(summary.description, translate),
		summary.mostLinked.map((path) => `[[${path.replace(/\.md$/i, "")}\\|${baseName(path)}]]`).join(", "),
	]);
	const line = (cells: readonly string[]) => `| ${cells.map(cell).join(" | ")} |`;
	return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

/** Writes the map into its note: the callout's body replaced, every byte outside it kept; the note created when missing. */
export async function writeVaultMap(
	deps: Pick<MemoryDeps, "vault" | "writer">,
	layout: Pick<WorkspaceLayout, "root">,
	summaries: readonly FolderSummary[],
	translate: Translate,
	actor: AuditActor,
): Promise<WriteOutcome> {
	// The interface language's name first: with a map under each name, the current one is kept up.
	const named = vaultMapPath(layout, translate);
	const path = [named, ...vaultMapPaths(layout)].find((candidate) => deps.writer.isTaken(candidate)) ?? named;
	// A folder's line is cut from its note's first line, and a cut through a link's label
	// (`[[Diet|the #secret…`) can make a tag of what was none: one would hide the whole map.
	const table = escapeExcludedTags(vaultMapTable(summaries, translate), deps.vault.policy);
	const intent = { actor, reason: "Refresh the vault map" };
	if (deps.writer.isTaken(path)) return deps.writer.writeAssistantCallout(path, table, intent);
	const quoted = table.split("\n").map((row) => `> ${row}`);
	const content = [
		`# ${translate("vault-map.title")}`,
		"",
		translate("vault-map.intro"),
		"",
		ASSISTANT_CALLOUT_HEADER,
		...quoted,
		"",
	].join("\n");
	return deps.writer.createNote(path, content, intent);
}

function describe(description: readonly Reason[], translate: Translate): string {
	return description.map((part) => translate(part.key, part.params)).join(" ");
}

/** A table cell: one line, no pipe that would split it. */
function cell(text: string): string {
	// A pipe already escaped is kept as it is; no lookbehind, which Safari before 16.4 cannot parse.
	return text.replace(/\s+/g, " ").replace(/\\?\|/g, (pipe) => (pipe === "|" ? "\\|" : pipe));
}
