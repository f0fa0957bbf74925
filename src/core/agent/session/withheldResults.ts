import type { ChatMessage, ContentBlock } from "../../model/modelClient";
import { extensionOf } from "../../vault/paths";
import type { VaultView } from "../../vault/vaultView";

/** What stands in a tool result of an earlier turn that quoted a note hidden since. */
export const WITHHELD_RESULT = "[Withheld: this result came from a note that is private now.]";

/**
 * The conversation as it may be sent again: a tool result of an earlier turn that names a note
 * the view hides now (the user marked it private, tagged it, moved it into a private folder since
 * the assistant read it) is replaced by `WITHHELD_RESULT`. Every result that quotes a note names
 * it (`Source: path`, `1. path:line`, `### date (path)`), so a hidden note's path in a result is
 * the sign that its text may be there too. The call that asked for such a result loses its input
 * with it: a call may quote the note as well (a proposed edit copies the text it changes into its
 * `find`). The conversation is returned as it is when no result needs withholding.
 */
export function withoutHiddenResults(conversation: readonly ChatMessage[], vault: VaultView): readonly ChatMessage[] {
	if (!conversation.some((message) => message.content.some((block) => block.type === "tool_result")))
		return conversation;
	const hidden = vault
		.hiddenFiles()
		.map((file) => file.path)
		.filter((path) => extensionOf(path) === "md");
	if (hidden.length === 0) return conversation;
	const quotesHidden = (text: string) => hidden.some((path) => text.includes(path));
	const withheld = new Set<string>();
	const checked = conversation.map((message): ChatMessage => {
		const content = message.content.map((block): ContentBlock => {
			if (block.type !== "tool_result" || !quotesHidden(block.content)) return block;
			withheld.add(block.toolUseId);
			// The data goes with the text: it quotes the same notes.
			return {
				type: "tool_result",
				toolUseId: block.toolUseId,
				content: WITHHELD_RESULT,
				...(block.isError === true && { isError: true }),
			};
		});
		return content.some((block, index) => block !== message.content[index]) ? { ...message, content } : message;
	});
	if (withheld.size === 0) return conversation;
	return checked.map((message): ChatMessage => {
		if (!message.content.some((block) => block.type === "tool_use" && withheld.has(block.id))) return message;
		const content = message.content.map((block): ContentBlock =>
			block.type === "tool_use" && withheld.has(block.id) ? { ...block, input: {} } : block,
		);
		return { ...message, content };
	});
}
