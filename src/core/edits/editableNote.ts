import { yearlyFolder } from "../memory/historyBook";
import { foldedPath, isInFolder } from "../vault/paths";
import { mayHideOtherBytes } from "../vault/plainText";
import { checkReadAccess } from "../vault/readAccess";
import { isVerified } from "../vault/verifiedFlag";
import type { VaultView } from "../vault/vaultView";
import { answersToIdentityRole, findIdentityFiles } from "../workspace/identity";
import type { WorkspaceLayout } from "../workspace/layout";
import type { EditRefusal } from "./editProposal";

/**
 * Whether the assistant may propose changes to a note, judged when a change is proposed and
 * again when it is applied (the settings, the note's properties or its place may have changed
 * in between). Only the user's own notes that the assistant may read qualify: never a note the
 * privacy rules hide, one the user marked `verified`, the identity files (`identity_update`
 * changes those, with its own rules), nor the assistant's memory and transcripts.
 */
export type EditableNote =
	| { readonly kind: "editable"; readonly path: string; readonly text: string }
	| { readonly kind: "refused"; readonly path: string; readonly refusal: EditRefusal; readonly detail?: string };

/** The note at `path` as the privacy view reads it, when a proposal may change it. */
export async function editableNote(vault: VaultView, layout: WorkspaceLayout, path: string): Promise<EditableNote> {
	const access = checkReadAccess(path, vault);
	// A note hidden by what it says of itself reads as missing: a refusal would tell that it exists.
	if (access.kind === "denied") return { kind: "refused", path, refusal: "hidden" };
	if (access.kind === "not-found") return { kind: "refused", path, refusal: "missing" };
	if (access.kind === "unreadable")
		return { kind: "refused", path, refusal: "not-editable", detail: "It is not a markdown note." };
	const owned = assistantOwned(access.path, vault, layout);
	if (owned !== null) return { kind: "refused", path: access.path, refusal: owned };
	if (isVerified(access.metadata)) return { kind: "refused", path: access.path, refusal: "verified" };
	const text = await readable(vault, access.path);
	// The view would not read it: its properties changed since the metadata was read, so whether it is private is unknown.
	if (text === null) return { kind: "refused", path: access.path, refusal: "hidden" };
	if (mayHideOtherBytes(text))
		return {
			kind: "refused",
			path: access.path,
			refusal: "not-editable",
			detail: "The file is not plain UTF-8 text, and writing it back would change bytes nobody approved.",
		};
	return { kind: "editable", path: access.path, text };
}

/**
 * `identity` for the identity files in use, `not-editable` for the assistant's other files (long-term
 * memory, the heartbeat checklist, files named as identity files that are not in use, daily,
 * weekly, yearly and archived memory, transcripts), compared as the privacy rules compare paths
 * (case and width folded), since `Soul.md` and `soul.md` are one file on most disks.
 */
function assistantOwned(path: string, vault: VaultView, layout: WorkspaceLayout): EditRefusal | null {
	const folded = foldedPath(path);
	const identity = findIdentityFiles(vault, layout);
	const inUse = [identity.soul, identity.user, identity.rules].flatMap((file) =>
		file === null ? [] : [foldedPath(file)],
	);
	if (inUse.includes(folded)) return "identity";
	if (answersToIdentityRole(folded, { ...layout, root: foldedPath(layout.root) })) return "not-editable";
	const folders = [
		layout.dailyFolder,
		layout.weeklyFolder,
		layout.archiveFolder,
		yearlyFolder(layout),
		layout.chatsFolder,
	];
	return folders.some((folder) => isInFolder(folded, foldedPath(folder))) ? "not-editable" : null;
}

async function readable(vault: VaultView, path: string): Promise<string | null> {
	try {
		return await vault.read(path);
	} catch {
		return null;
	}
}
