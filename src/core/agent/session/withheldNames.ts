import type { ChatMessage, ContentBlock } from "../../model/modelClient";
import { namesWithheld, type NamesView } from "../hiddenNames";

/**
 * The text of a conversation's earlier turns (the user's words and the answers, a reopened
 * chat's transcript among them) as derived text is sent: read through today's rules
 * (`withoutHiddenNames`). An answer that cited a note made private since no longer names it.
 * The conversation is returned as it is when nothing in it names a hidden note.
 */
export function withoutHiddenNamesIn(conversation: readonly ChatMessage[], vault: NamesView): readonly ChatMessage[] {
	const withheld = namesWithheld(vault);
	let changed = false;
	const checked = conversation.map((message): ChatMessage => {
		const content = message.content.map((block): ContentBlock => {
			if (block.type !== "text") return block;
			const text = withheld(block.text);
			return text === block.text ? block : { ...block, text };
		});
		if (content.every((block, index) => block === message.content[index])) return message;
		changed = true;
		return { ...message, content };
	});
	return changed ? checked : conversation;
}
