import type { AttachmentBlock, ChatMessage, ContentBlock } from "../../model/modelClient";
import type { ToolCallRecord, WithholdHidden } from "../loop";
import { attachmentMediaType } from "../../model/attachmentFiles";
import { extensionOf } from "../../vault/paths";
import { UnsafePathError } from "../../vault/unsafePath";
import type { VaultView } from "../../vault/vaultView";
import { withoutHiddenSources } from "./withheldContext";

/** What stands in a tool result of an earlier turn that quoted a note hidden since. */
export const WITHHELD_RESULT = "[Withheld: this result came from a note that is private now.]";
/** What stands in an attachment of an earlier turn whose file is hidden since. */
export const WITHHELD_ATTACHMENT = "[Withheld: this attachment is private now.]";

/**
 * The conversation as it may be sent again: a tool result of an earlier turn that names a note
 * the view hides now (the user marked it private, tagged it, moved it into a private folder since
 * the assistant read it) is replaced by `WITHHELD_RESULT`. Every result that quotes a note names
 * it (`Source: path`, `1. path:line`, `### date (path)`), so a hidden note's path in a result is
 * the sign that its text may be there too. An attachment (an image, a PDF) read from a file hidden
 * since, in a result or in the user's message, is withheld the same way: it is named by its path;
 * one read from the vault whose path no visible file has now (moved into a private folder, thrown
 * away) too.
 * The call that asked for a withheld result loses its input with it: a call may quote the note as
 * well (a proposed edit copies the text it changes into its `find`). The conversation is returned
 * as it is when nothing needs withholding. `hiddenNow` gives the hidden paths to look for: every
 * hidden note and attachment of the vault unless told otherwise.
 */
export function withoutHiddenResults(
	conversation: readonly ChatMessage[],
	vault: VaultView,
	hiddenNow: () => readonly string[] = () => hiddenNotesAndAttachments(vault),
): readonly ChatMessage[] {
	if (
		!conversation.some((message) => message.content.some((block) => block.type !== "text" && block.type !== "tool_use"))
	)
		return conversation;
	const hidden = hiddenNow();
	// A file of the vault thrown away since is hidden nowhere, yet its bytes must go with it.
	if (hidden.length === 0 && !conversation.some(holdsVaultFile)) return conversation;
	const hiddenSet = new Set(hidden);
	const quotesHidden = (text: string) => hidden.some((path) => text.includes(path));
	// A file moved since is hidden at its new path, which no block names: the old one is gone.
	const isWithheld = (file: AttachmentBlock) =>
		hiddenSet.has(file.name) || (file.vaultFile === true && !shownNow(vault, file.name));
	let changed = false;
	const withheld = new Set<string>();
	const checked = conversation.map((message): ChatMessage => {
		const content = message.content.map((block): ContentBlock => {
			if ((block.type === "image" || block.type === "document") && isWithheld(block)) {
				changed = true;
				return { type: "text", text: WITHHELD_ATTACHMENT };
			}
			if (block.type !== "tool_result") return block;
			const attachments = block.attachments ?? [];
			if (!quotesHidden(block.content) && !attachments.some(isWithheld)) return block;
			changed = true;
			withheld.add(block.toolUseId);
			// The data and the attachments go with the text: they come from the same files.
			return {
				type: "tool_result",
				toolUseId: block.toolUseId,
				content: WITHHELD_RESULT,
				...(block.isError === true && { isError: true }),
			};
		});
		return content.some((block, index) => block !== message.content[index]) ? { ...message, content } : message;
	});
	if (!changed) return conversation;
	return checked.map((message): ChatMessage => {
		if (!message.content.some((block) => block.type === "tool_use" && withheld.has(block.id))) return message;
		const content = message.content.map((block): ContentBlock =>
			block.type === "tool_use" && withheld.has(block.id) ? { ...block, input: {} } : block,
		);
		return { ...message, content };
	});
}

/**
 * `withoutHiddenSources` and `withoutHiddenResults` before each request of a turn, over the notes
 * whose text the request carries (`request.sources`) and what tools read: the notes named
 * by the results of this turn (`toolCalls`) and of the turns before it (`namedBefore`), each
 * result naming every note it quotes among its locations (as the chat links them). Each note is
 * looked up by its path in the view as it is now, with no listing of the vault, so it may run
 * before every request. A note hidden since is withheld, and so is one moved since (into a
 * private folder, or away): no visible file has the path the request names, and the listing the
 * turn began with cannot tell.
 */
export function withoutHiddenSinceRead(vault: VaultView, namedBefore: Iterable<string> = []): WithholdHidden {
	return (request, toolCalls) => {
		const { system, messages, notes } = withoutHiddenSources(request, (path) => !shownNow(vault, path));
		const results = withoutHiddenResults(messages, vault, () => {
			const named = new Set([...namedBefore, ...notesNamedBy(toolCalls)]);
			return [...named].filter((path) => !shownNow(vault, path));
		});
		return { system, messages: results, notes };
	};
}

/** The notes the calls' results name (their locations). */
export function notesNamedBy(calls: readonly ToolCallRecord[]): string[] {
	return calls.flatMap((call) => (call.result.locations ?? []).map((place) => place.path));
}

/**
 * Whether the view shows a file at `path` now. A path the host will not even look at (a note
 * replaced by a symbolic link, on disk) shows nothing, rather than failing the turn.
 */
function shownNow(vault: VaultView, path: string): boolean {
	try {
		return vault.stat(path) !== null;
	} catch (error) {
		if (error instanceof UnsafePathError) return false;
		throw error;
	}
}

/** Every note and attachment the view hides, by path: one listing of the vault. */
function hiddenNotesAndAttachments(vault: VaultView): string[] {
	return vault
		.hiddenFiles()
		.map((file) => file.path)
		.filter((path) => extensionOf(path) === "md" || attachmentMediaType(path) !== null);
}

function holdsVaultFile(message: ChatMessage): boolean {
	return message.content.some((block) =>
		block.type === "tool_result"
			? (block.attachments ?? []).some((file) => file.vaultFile === true)
			: (block.type === "image" || block.type === "document") && block.vaultFile === true,
	);
}
