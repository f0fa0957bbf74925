import type { AttachmentBlock, AttachmentMediaType } from "../../model/modelClient";
import {
	attachmentBlock,
	attachmentMediaType,
	isAttachmentProblem,
	maxAttachmentBytes,
} from "../../model/attachmentFiles";
import type { VaultView } from "../../vault/vaultView";

/** Why a file of the vault was not read for the model. */
export type AttachmentRefusal =
	| { readonly kind: "not-found" }
	| { readonly kind: "not-an-attachment" }
	| { readonly kind: "too-large"; readonly sizeBytes: number; readonly limitBytes: number }
	| { readonly kind: "not-its-type"; readonly mediaType: AttachmentMediaType };

export type AttachmentRead =
	| { readonly kind: "read"; readonly block: AttachmentBlock; readonly sizeBytes: number }
	| { readonly kind: "refused"; readonly refusal: AttachmentRefusal };

/**
 * The image or PDF at `path` (a vault path the read guard has let through) as a block for the
 * model, read through the privacy view. Its size is checked on the file's stat before a byte is
 * read, so that a huge file is never loaded whole, and again on the bytes (the file may have
 * grown in between).
 */
export async function readVaultAttachment(path: string, vault: VaultView): Promise<AttachmentRead> {
	const mediaType = attachmentMediaType(path);
	if (mediaType === null) return refused({ kind: "not-an-attachment" });
	const stat = vault.stat(path);
	if (stat === null) return refused({ kind: "not-found" });
	const limitBytes = maxAttachmentBytes(mediaType);
	if (stat.size > limitBytes) return refused({ kind: "too-large", sizeBytes: stat.size, limitBytes });
	const bytes = await vault.readBinary(stat.path);
	const block = attachmentBlock(stat.path, mediaType, bytes);
	if (!isAttachmentProblem(block))
		return { kind: "read", block: { ...block, vaultFile: true }, sizeBytes: bytes.length };
	return refused(block.kind === "too-large" ? { kind: "too-large", sizeBytes: bytes.length, limitBytes } : block);
}

function refused(refusal: AttachmentRefusal): AttachmentRead {
	return { kind: "refused", refusal };
}

/** A size as the limits are said: `3.75 MB`, with up to two decimals; below a megabyte, `12 KB`. */
export function megabytes(bytes: number): string {
	if (bytes < 1_000_000) return `${Math.max(1, Math.round(bytes / 1000))} KB`;
	return `${Number((bytes / 1_000_000).toFixed(2))} MB`;
}
