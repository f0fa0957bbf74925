import { utf8ByteLength } from "../audit/hash";
import type { AuditedWriter } from "../vault/auditedWriter";
import { joinVaultPath } from "../vault/paths";

/**
 * File names for captured notes, safe on every platform a vault syncs to (Windows, macOS, Linux,
 * iOS, Android) and for Obsidian's links: the chat's `capture_note` and the "Capture to inbox"
 * command name their notes here. Pure: whether a path is taken is the caller's to say.
 */

/**
 * The longest title kept, in UTF-8 bytes: file systems limit a name to 255 bytes (or UTF-16
 * units), and the date prefix, a ` 99` suffix and `.md` must fit beside it.
 */
export const MAX_TITLE_BYTES = 120;

/** The title of a note whose title has nothing that can be kept. */
export const UNTITLED = "Untitled";

/**
 * Characters that no platform or Obsidian link accepts in a name: Windows' `\/:*?"<>|`, and
 * `#^[]|`, which end or break a `[[link]]`; control characters and lone surrogate halves too.
 */
const UNSAFE = /[\\/:*?"<>|#^[\]\p{Cc}\p{Cs}]/gu;
/** Names that Windows reserves for devices, whatever the extension (`CON.md` cannot exist). */
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;
/** Dots and spaces at the ends: a leading dot hides a file, trailing ones are dropped by Windows. */
const EDGE_DOTS_AND_SPACES = /^[.\s]+|[.\s]+$/gu;

/**
 * `title` made safe as a file name: unsafe characters become spaces, runs of spaces one space,
 * dots and spaces trimmed at both ends, cut to `MAX_TITLE_BYTES` at a character boundary, a
 * Windows device name (`CON`, `nul.txt`) given a `_`; `Untitled` when nothing is left.
 */
export function safeTitle(title: string): string {
	const cleaned = trimEdges(title.normalize("NFC").replace(UNSAFE, " ").replace(/\s+/gu, " "));
	const cut = trimEdges(withinBytes(cleaned, MAX_TITLE_BYTES));
	if (cut === "") return UNTITLED;
	// `CON.notes` is reserved too: the part before the first dot is what Windows looks at.
	const stem = cut.split(".", 1)[0];
	return WINDOWS_RESERVED.test(stem) ? `${stem}_${cut.slice(stem.length)}` : cut;
}

/** `YYYY-MM-DD Title.md`, the date first so that captures sort by day in the inbox. */
export function captureFileName(date: string, title: string): string {
	return `${date} ${safeTitle(title)}.md`;
}

/**
 * The path in `folder` for a note named `fileName` that is not taken: the name itself, else the
 * name with ` 2`, ` 3`... before the extension. `isTaken` should compare as the file system
 * does (case-insensitively on macOS and Windows).
 */
export function uniqueNotePath(folder: string, fileName: string, isTaken: (path: string) => boolean): string {
	const extension = fileName.endsWith(".md") ? ".md" : "";
	const stem = fileName.slice(0, fileName.length - extension.length);
	for (let copy = 1; ; copy++) {
		const path = joinVaultPath(folder, `${stem}${copy === 1 ? "" : ` ${copy}`}${extension}`);
		if (!isTaken(path)) return path;
	}
}

/**
 * `uniqueNotePath` against what the vault holds, hidden files and folders included, as the writer
 * that will create the note sees it (`AuditedWriter.isTaken`, case-insensitive).
 */
export function freeNotePath(writer: Pick<AuditedWriter, "isTaken">, folder: string, fileName: string): string {
	return uniqueNotePath(folder, fileName, (candidate) => writer.isTaken(candidate));
}

function trimEdges(text: string): string {
	// A cut may leave a joiner or a variation selector of an emoji it split; it goes with the emoji.
	return text
		.replace(EDGE_DOTS_AND_SPACES, "")
		.replace(/(?:\u200d|\ufe0e|\ufe0f)+$/u, "")
		.replace(EDGE_DOTS_AND_SPACES, "");
}

/** The longest head of `text` of at most `maxBytes` UTF-8 bytes that ends between two code points. */
function withinBytes(text: string, maxBytes: number): string {
	let bytes = 0;
	let end = 0;
	for (const char of text) {
		const size = utf8ByteLength(char);
		if (bytes + size > maxBytes) break;
		bytes += size;
		end += char.length;
	}
	return text.slice(0, end);
}
