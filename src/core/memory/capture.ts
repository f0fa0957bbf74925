import type { AuditActor } from "../audit/record";
import type { WriteOutcome } from "../vault/auditedWriter";
import { captureFileName, freeNotePath } from "./captureName";
import { localTimestamp, localToday } from "./dailyDates";
import type { MemoryDeps } from "./memoryDeps";

/**
 * Capture to the inbox: a new note, never a change to an existing one, named from its title
 * (`captureName.ts`) and marked in its frontmatter with when it was captured and from where.
 * The chat's `capture_note` and the "Capture to inbox" command share it.
 */

export interface CaptureRequest {
	readonly title: string;
	readonly text: string;
	readonly tags?: readonly string[];
	/** Where the text comes from: `assistant`, or a `[[link]]` to the note a selection was taken from. */
	readonly source: string;
	/** Whether the note is marked `assistant: private`: text taken from a hidden note stays hidden. */
	readonly private?: boolean;
	readonly actor: AuditActor;
}

/** Creates the captured note in `inboxFolder` (and the folder when missing) at a path no file or folder holds. */
export async function captureToInbox(
	deps: MemoryDeps,
	inboxFolder: string,
	request: CaptureRequest,
): Promise<WriteOutcome> {
	const path = freeNotePath(deps.writer, inboxFolder, captureFileName(localToday(deps.clock), request.title));
	const content = captureContent(request, localTimestamp(deps.clock));
	return deps.writer.createNote(path, content, {
		actor: request.actor,
		reason: `Capture "${request.title}" to the inbox`,
	});
}

/** The note: frontmatter (`captured`, `source`, `tags`, `assistant: private` when asked), a blank line, the text. */
export function captureContent(
	request: Pick<CaptureRequest, "text" | "tags" | "source" | "private">,
	capturedAt: string,
): string {
	const tags = captureTags(request.tags ?? []);
	const frontmatter = [
		"---",
		`captured: ${capturedAt}`,
		`source: ${yamlScalar(request.source)}`,
		...(tags.length === 0 ? [] : ["tags:", ...tags.map((tag) => `  - ${yamlScalar(tag)}`)]),
		...(request.private === true ? ["assistant: private"] : []),
		"---",
	];
	return `${frontmatter.join("\n")}\n\n${request.text.replace(/\s+$/, "")}\n`;
}

/**
 * Tags as Obsidian accepts them: without `#`, spaces as hyphens, only letters, digits, `_`, `-`
 * and `/`, not only digits; each once.
 */
export function captureTags(tags: readonly string[]): string[] {
	const cleaned = tags.map((tag) =>
		tag
			.normalize("NFC")
			.trim()
			.replace(/^#+/, "")
			.replace(/\s+/gu, "-")
			.replace(/[^\p{L}\p{N}\p{M}_\-/]/gu, "")
			.replace(/^[-/]+|\/+$/g, ""),
	);
	return [...new Set(cleaned.filter((tag) => tag !== "" && !/^\d+$/.test(tag)))];
}

/** A YAML scalar: plain when it cannot be read as anything but this string, else double-quoted. */
function yamlScalar(value: string): string {
	const plain = /^[\p{L}_][\p{L}\p{N}\p{M}_\-/]*$/u.test(value) && !/^(true|false|yes|no|on|off|null)$/i.test(value);
	return plain ? value : JSON.stringify(value);
}
