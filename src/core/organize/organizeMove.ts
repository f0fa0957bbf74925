import type { AuditActor } from "../audit/record";
import { freeNotePath } from "../memory/captureName";
import type { AuditedWriter, WriteOutcome } from "../vault/auditedWriter";
import { fileName, parentFolder } from "../vault/paths";
import { mayHideOtherBytes } from "../vault/plainText";
import type { VaultView } from "../vault/vaultView";
import { notesLinkingTo } from "./noteLinks";
import type { OrganizeVault } from "./organizeVault";

/**
 * The move that organizing proposes, shown before it is made: where the note goes (its own name,
 * numbered when the folder has one like it) and which notes link to it, whose links follow the
 * note (`NoteStore.rename` is `FileManager.renameFile` in Obsidian).
 */
export interface MovePlan {
	readonly from: string;
	/** Equal to `from` when the note is already in the folder: nothing to move. */
	readonly to: string;
	/** The notes whose links to the note will be updated. */
	readonly linkingNotes: readonly string[];
	/** The notes marked verified that the move would change (see `verifiedNotes`): only moved once the user confirms. */
	readonly verifiedNotes: readonly string[];
	/** How many private notes marked verified the move would change: counted, never named, and confirmed like the others. */
	readonly privateVerifiedNotes: number;
}

/** What the user agreed to: the verified notes they were shown, and how many private ones. */
export interface VerifiedConfirmation {
	readonly notes: readonly string[];
	readonly privateNotes: number;
}

export const NOTHING_CONFIRMED: VerifiedConfirmation = { notes: [], privateNotes: 0 };

export function planMove(
	vault: Pick<OrganizeVault, "view" | "verifiedChangedByMove">,
	writer: Pick<AuditedWriter, "isTaken">,
	path: string,
	folder: string,
	linkSources: readonly string[],
): MovePlan {
	if (parentFolder(path) === folder)
		return { from: path, to: path, linkingNotes: [], verifiedNotes: [], privateVerifiedNotes: 0 };
	const to = freeNotePath(writer, folder, fileName(path));
	const verified = vault.verifiedChangedByMove(path);
	return {
		from: path,
		to,
		linkingNotes: notesLinkingTo(vault.view, linkSources, path),
		verifiedNotes: verified.visible,
		privateVerifiedNotes: verified.hidden,
	};
}

/** A move not made: it would change verified notes the user did not confirm. */
export class UnconfirmedVerifiedMoveError extends Error {
	readonly path: string;
	readonly verifiedNotes: readonly string[];
	readonly privateNotes: number;

	constructor(path: string, verifiedNotes: readonly string[], privateNotes: number) {
		super(
			`Not moved: moving ${path} would change verified notes (${[...verifiedNotes, ...(privateNotes > 0 ? [`${privateNotes} private`] : [])].join(", ")}), and that was not confirmed`,
		);
		this.name = "UnconfirmedVerifiedMoveError";
		this.path = path;
		this.verifiedNotes = verifiedNotes;
		this.privateNotes = privateNotes;
	}
}

/**
 * Makes the move through the audited writer (containment, no overwrite, audit record); nothing
 * when there is nothing to move. Refused unless every verified note the move would change is
 * among the notes the user saw and agreed to, and as many private ones as they agreed to.
 */
export async function applyMove(
	writer: AuditedWriter,
	plan: MovePlan,
	actor: AuditActor,
	confirmed: VerifiedConfirmation = NOTHING_CONFIRMED,
): Promise<WriteOutcome | null> {
	if (plan.to === plan.from) return null;
	const unconfirmed = plan.verifiedNotes.filter((note) => !confirmed.notes.includes(note));
	const privateUnconfirmed = plan.privateVerifiedNotes > confirmed.privateNotes ? plan.privateVerifiedNotes : 0;
	if (unconfirmed.length > 0 || privateUnconfirmed > 0)
		throw new UnconfirmedVerifiedMoveError(plan.from, unconfirmed, privateUnconfirmed);
	return writer.moveNote(plan.from, plan.to, { actor, reason: `Organize: move to ${parentFolder(plan.to) || "/"}` });
}

/**
 * The notes of `plan` whose links the move would leave as they are: the ones that are not plain
 * UTF-8 text, whose bytes are never rewritten (see `NoteStore.rename`), told from their text by
 * what lenient decoding leaves of other bytes. For the preview; the move's outcome names the ones
 * it left, read from their bytes.
 */
export async function linksLeftByMove(view: Pick<VaultView, "read">, plan: MovePlan): Promise<string[]> {
	const left: string[] = [];
	for (const note of plan.linkingNotes) if (mayHideOtherBytes(await view.read(note))) left.push(note);
	return left;
}

/** The confirmation of everything `plan` would change (the command line's `--confirm-verified`). */
export function confirmingAll(plans: readonly MovePlan[]): VerifiedConfirmation {
	return {
		notes: [...new Set(plans.flatMap((plan) => plan.verifiedNotes))].sort(),
		privateNotes: Math.max(0, ...plans.map((plan) => plan.privateVerifiedNotes)),
	};
}
