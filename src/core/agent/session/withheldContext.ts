import type { ChatMessage, ContentBlock, SystemBlock } from "../../model/modelClient";
import type { PreparedRequest } from "../loop";

/** What stands in the request where a note's text was, once that note is private. */
export const WITHHELD_NOTE = "[Withheld: this note is private now.]";

/**
 * The system prompt and the messages of `request` with the text each of its sources placed (the
 * open note, a mentioned note, a selection, a prompt's `{{note}}` and `{{selection}}`, an identity
 * file, hot memory, the vault map, a weekly summary, grounding search results) replaced by
 * `WITHHELD_NOTE` where the source's note `isHidden`, wherever that text stands: a system block,
 * or the text of a user's message. Its `notes` lose those notes, for the receipt. Each note is
 * asked about once. The request is returned as it is when nothing needs withholding.
 */
export function withoutHiddenSources(
	request: PreparedRequest,
	isHidden: (path: string) => boolean,
): Pick<PreparedRequest, "system" | "messages" | "notes"> {
	const sources = request.sources ?? [];
	const hiddenPaths = new Set([...new Set(sources.map((source) => source.path))].filter(isHidden));
	// The longest first: a note's text may hold a shorter one's, which must not break it apart before it is found.
	const hidden = sources
		.filter((source) => hiddenPaths.has(source.path) && source.text !== "")
		.map((source) => source.text)
		.sort((a, b) => b.length - a.length);
	if (hidden.length === 0) return request;
	const notes = request.notes?.filter((path) => !hiddenPaths.has(path));
	const withhold = (text: string) => hidden.reduce((kept, placed) => kept.split(placed).join(WITHHELD_NOTE), text);
	const system = request.system.map((block): SystemBlock => {
		const text = withhold(block.text);
		return text === block.text ? block : { ...block, text };
	});
	const messages = request.messages.map((message): ChatMessage => {
		if (message.role !== "user") return message;
		const content = message.content.map((block): ContentBlock => {
			if (block.type !== "text") return block;
			const text = withhold(block.text);
			return text === block.text ? block : { ...block, text };
		});
		return content.some((block, index) => block !== message.content[index]) ? { ...message, content } : message;
	});
	return { system, messages, notes };
}
