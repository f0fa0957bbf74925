import type { AttachmentBlock } from "../../model/modelClient";
import { attachmentBlock, attachmentMediaType, isAttachmentProblem } from "../../model/attachmentFiles";
import { readVaultAttachment } from "../tools/attachmentRead";
import type { MemoryToolDeps } from "../tools";
import { resolveNotePath } from "../tools/notePath";

/** A file the user attached to a message: one of the vault, by path, or one dropped or pasted from elsewhere, with its bytes. */
export type AttachmentRef =
	| { readonly kind: "vault"; readonly path: string }
	| { readonly kind: "file"; readonly name: string; readonly mediaType: string; readonly bytes: Uint8Array };

/** Why an attachment was not sent, for the user (who may be told a vault file is private: it is theirs). */
export type AttachmentRefusalReason =
	"model-cannot-read" | "private" | "missing" | "not-an-attachment" | "too-large" | "not-its-type";

export interface RefusedAttachment {
	readonly name: string;
	readonly reason: AttachmentRefusalReason;
	/** The limit the file passed, for `too-large`. */
	readonly limitBytes?: number;
}

export interface UserAttachments {
	readonly blocks: readonly AttachmentBlock[];
	readonly refused: readonly RefusedAttachment[];
}

/**
 * The files the user attached, as blocks for the message: a vault file through the read guard
 * and the privacy view (a private one is refused as the model's own reads are), every one within
 * the size limits and of the type its name says. A model that reads no attachment is sent none;
 * nothing is read for it.
 */
export async function readUserAttachments(
	refs: readonly AttachmentRef[],
	deps: MemoryToolDeps,
	readsAttachments: boolean,
): Promise<UserAttachments> {
	const blocks: AttachmentBlock[] = [];
	const refused: RefusedAttachment[] = [];
	for (const ref of refs) {
		const name = ref.kind === "vault" ? ref.path : ref.name;
		if (!readsAttachments) {
			refused.push({ name, reason: "model-cannot-read" });
			continue;
		}
		const read = ref.kind === "vault" ? await vaultFile(ref.path, deps) : droppedFile(ref);
		if ("type" in read) blocks.push(read);
		else refused.push({ name, ...read });
	}
	return { blocks, refused };
}

type Refusal = Omit<RefusedAttachment, "name">;

async function vaultFile(path: string, deps: MemoryToolDeps): Promise<AttachmentBlock | Refusal> {
	const access = resolveNotePath(path, deps);
	if (access.kind === "denied") return { reason: "private" };
	if (access.kind === "not-found")
		return { reason: deps.vault.hiddenReason(access.path) === null ? "missing" : "private" };
	if (access.kind !== "unreadable" || access.reason !== "not-markdown") return { reason: "not-an-attachment" };
	const read = await readVaultAttachment(access.path, deps.vault);
	if (read.kind === "read") return read.block;
	const { refusal } = read;
	switch (refusal.kind) {
		case "not-found":
			return { reason: "missing" };
		case "too-large":
			return { reason: "too-large", limitBytes: refusal.limitBytes };
		default:
			return { reason: refusal.kind };
	}
}

function droppedFile(ref: Extract<AttachmentRef, { kind: "file" }>): AttachmentBlock | Refusal {
	const mediaType = attachmentMediaType(ref.name);
	// The name's type and the one the host gave must agree: either may be wrong, and the bytes are checked too.
	if (mediaType === null || (ref.mediaType !== "" && ref.mediaType !== mediaType))
		return { reason: "not-an-attachment" };
	const block = attachmentBlock(ref.name, mediaType, ref.bytes);
	if (!isAttachmentProblem(block)) return block;
	return block.kind === "too-large"
		? { reason: "too-large", limitBytes: block.limitBytes }
		: { reason: "not-its-type" };
}
