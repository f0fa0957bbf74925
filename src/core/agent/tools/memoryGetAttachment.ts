import { MAX_IMAGE_BYTES, MAX_PDF_BYTES } from "../../model/attachmentFiles";
import { readVaultAttachment, megabytes, type AttachmentRefusal } from "./attachmentRead";
import type { MemoryToolDeps } from "./memoryToolDeps";
import { wholeNote } from "./noteLocation";
import { toolError, toolText, type ToolResult } from "./toolResult";

/** What memory_get's description says of images and PDFs. */
export const ATTACHMENT_DESCRIPTION = `Also reads an image (png, jpg, gif, webp; up to ${megabytes(MAX_IMAGE_BYTES)}) or a PDF (up to ${megabytes(MAX_PDF_BYTES)}) of the vault as the file itself, for a model that can.`;

/**
 * memory_get of an image or a PDF the read guard let through: the file as a block after a line
 * naming it, or why it was not sent. Nothing is read for a model that cannot read it.
 */
export async function memoryGetAttachment(path: string, deps: MemoryToolDeps): Promise<ToolResult> {
	if (deps.readsAttachments !== true)
		return toolError(
			`"${path}" is an image or a PDF, and the model in use cannot read attachments: nothing was sent. Tell the user so; a Claude model can read it.`,
		);
	const read = await readVaultAttachment(path, deps.vault);
	if (read.kind === "refused") return toolError(refusalText(path, read.refusal));
	const what = read.block.type === "image" ? "image" : "PDF document";
	return toolText(`Source: ${path}\n[The ${what} follows (${megabytes(read.sizeBytes)}).]`, {
		locations: [wholeNote(path)],
		attachments: [read.block],
	});
}

function refusalText(path: string, refusal: AttachmentRefusal): string {
	switch (refusal.kind) {
		case "not-found":
			return `no file at "${path}".`;
		case "not-an-attachment":
			return `"${path}" is neither a note (.md) nor an image or PDF; it cannot be read.`;
		case "too-large":
			return `"${path}" is ${megabytes(refusal.sizeBytes)}, over the ${megabytes(refusal.limitBytes)} a file of its type may have to be sent; it was not read.`;
		case "not-its-type":
			return `"${path}" is not the file its name says: its bytes are not those of its type. It was not sent.`;
	}
}
