import type { AttachmentBlock, AttachmentMediaType } from "./modelClient";
import { pdfPageCount } from "./pdfPages";

/**
 * Which files a model that reads attachments is given as they are, and how large they may be.
 * An image may be 3.75 MB: base64 makes it a third larger, and the Messages API takes an image
 * of at most 5 MB encoded. A PDF may be 20 MB: encoded it is under 27 MB, which leaves room in
 * the API's 32 MB request for the rest of the conversation.
 */
export const MAX_IMAGE_BYTES = 3_750_000;
export const MAX_PDF_BYTES = 20_000_000;

const MEDIA_TYPES: Readonly<Record<string, AttachmentMediaType>> = {
	pdf: "application/pdf",
	png: "image/png",
	jpg: "image/jpeg",
	jpeg: "image/jpeg",
	gif: "image/gif",
	webp: "image/webp",
};

/** The media type of a file named `name` by its extension, `null` when it is not an attachment a model reads. */
export function attachmentMediaType(name: string): AttachmentMediaType | null {
	const dot = name.lastIndexOf(".");
	if (dot === -1 || name.lastIndexOf("/") > dot) return null;
	return MEDIA_TYPES[name.slice(dot + 1).toLowerCase()] ?? null;
}

/** The largest file of `mediaType` a model is sent. */
export function maxAttachmentBytes(mediaType: AttachmentMediaType): number {
	return mediaType === "application/pdf" ? MAX_PDF_BYTES : MAX_IMAGE_BYTES;
}

/** Why a file cannot be sent: over its size limit, or its bytes are not of the type its name says. */
export type AttachmentProblem =
	| { readonly kind: "too-large"; readonly limitBytes: number }
	| { readonly kind: "not-its-type"; readonly mediaType: AttachmentMediaType };

/**
 * The block for the file `name` of `mediaType` with `bytes`, or why it cannot be sent. The bytes
 * must begin as that type's files do: a "png" that is really text (or anything renamed) is refused
 * rather than sent for the API to reject, or to read as something it is not.
 */
export function attachmentBlock(
	name: string,
	mediaType: AttachmentMediaType,
	bytes: Uint8Array,
): AttachmentBlock | AttachmentProblem {
	const limitBytes = maxAttachmentBytes(mediaType);
	if (bytes.length > limitBytes) return { kind: "too-large", limitBytes };
	if (!SIGNATURES[mediaType](bytes)) return { kind: "not-its-type", mediaType };
	const data = base64Of(bytes);
	if (mediaType !== "application/pdf") return { type: "image", mediaType, data, name };
	const pages = pdfPageCount(bytes);
	return { type: "document", mediaType, data, name, ...(pages !== null && { pages }) };
}

export function isAttachmentProblem(value: AttachmentBlock | AttachmentProblem): value is AttachmentProblem {
	return "kind" in value;
}

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
	bytes.length >= at + prefix.length && prefix.every((byte, index) => bytes[at + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The first bytes of each type's files. */
const SIGNATURES: Readonly<Record<AttachmentMediaType, (bytes: Uint8Array) => boolean>> = {
	"application/pdf": (bytes) => startsWith(bytes, ascii("%PDF-")),
	"image/png": (bytes) => startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
	"image/jpeg": (bytes) => startsWith(bytes, [0xff, 0xd8, 0xff]),
	"image/gif": (bytes) => startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a")),
	"image/webp": (bytes) => startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8),
};

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** Standard base64 with padding, without `btoa` (which takes a string of bytes, one char per byte: twice the memory). */
function base64Of(bytes: Uint8Array): string {
	const parts: string[] = [];
	// Chunks of a multiple of 3 bytes encode on their own; joined, they are the whole.
	const CHUNK = 3 * 16_384;
	for (let start = 0; start < bytes.length; start += CHUNK) {
		const end = Math.min(start + CHUNK, bytes.length);
		let chunk = "";
		for (let index = start; index < end; index += 3) {
			const a = bytes[index];
			const b = index + 1 < end ? bytes[index + 1] : 0;
			const c = index + 2 < end ? bytes[index + 2] : 0;
			chunk += BASE64[a >> 2] + BASE64[((a & 3) << 4) | (b >> 4)];
			chunk += index + 1 < end ? BASE64[((b & 15) << 2) | (c >> 6)] : "=";
			chunk += index + 2 < end ? BASE64[c & 63] : "=";
		}
		parts.push(chunk);
	}
	return parts.join("");
}
