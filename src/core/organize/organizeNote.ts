import type { AuditedWriter } from "../vault/auditedWriter";
import type { TextModel } from "../model/textModel";
import { isInFolder } from "../vault/paths";
import { classifyNote, type Classification } from "./classifyNote";
import { classifyWithModel } from "./modelClassification";
import { linksLeftByMove, planMove, type MovePlan } from "./organizeMove";
import { visibleNotes, type OrganizeVault } from "./organizeVault";
import { inferTaxonomy, type Taxonomy } from "./taxonomy";

/**
 * "Organize current note" and "Organize inbox", short of moving: for each note, where it belongs
 * and why (rules, then the model when there is one), and the move that would put it there. The
 * user accepts, changes or skips each; `applyMove` makes the moves accepted.
 */

export interface OrganizeSuggestion {
	readonly path: string;
	readonly classification: Classification;
	readonly plan: MovePlan;
	/** The model's failure, when the rules' suggestion stands alone. */
	readonly modelError: unknown;
	/** The notes linking to it whose links a move leaves, not being plain UTF-8 text (see `linksLeftByMove`). */
	readonly linksLeft: readonly string[];
}

/** Where the model may send a note: any folder of the taxonomy but the inbox, the assistant's own and the templates. */
function allowedFolders(taxonomy: Taxonomy): string[] {
	return taxonomy.folders
		.filter((entry) => !["inbox", "memory", "templates"].includes(entry.role))
		.map((entry) => entry.folder);
}

/** How a caller follows a run over many notes: its Cancel, and each note as it is done. */
export interface OrganizeRun {
	readonly signal?: AbortSignal;
	/** Called after each of `paths`, with how many are done, private ones included. */
	readonly onNoteDone?: (done: number) => void;
}

export async function suggestOrganize(
	vault: OrganizeVault,
	writer: Pick<AuditedWriter, "isTaken">,
	paths: readonly string[],
	model: TextModel | null,
	run: OrganizeRun = {},
): Promise<OrganizeSuggestion[]> {
	const { signal } = run;
	const taxonomy = inferTaxonomy(vault);
	const visible = visibleNotes(vault);
	const suggestions: OrganizeSuggestion[] = [];
	for (const [index, path] of paths.entries()) {
		// A private note is not classified, and so never sent to the model.
		if (!visible.includes(path)) {
			run.onNoteDone?.(index + 1);
			continue;
		}
		let classification = classifyNote(vault, taxonomy, path, visible);
		let modelError: unknown = null;
		if (model !== null) {
			try {
				const content = await vault.view.read(path);
				classification = await classifyWithModel(
					model,
					{ path, content },
					taxonomy,
					classification,
					allowedFolders(taxonomy),
					signal,
				);
			} catch (error) {
				if (signal?.aborted === true) throw error;
				modelError = error;
			}
		}
		const plan = planMove(vault, writer, path, classification.folder, visible);
		suggestions.push({ path, classification, plan, modelError, linksLeft: await linksLeftByMove(vault.view, plan) });
		run.onNoteDone?.(index + 1);
	}
	return suggestions;
}

/** The notes directly in the inbox, and in its subfolders, in path order. */
export function inboxNotes(vault: OrganizeVault, inboxFolder: string): string[] {
	return visibleNotes(vault)
		.filter((path) => isInFolder(path, inboxFolder) && path !== inboxFolder)
		.sort();
}
