import type { ChatMessage, ContentBlock, ToolResultBlock } from "../../model/modelClient";
import { isDerivedNote, type ModelReadDeps } from "../derivedNotes";
import { namesWithheld } from "../../vault/hiddenNames";

/**
 * The text of a conversation's earlier turns (the user's words and the answers, a reopened
 * chat's transcript among them) as derived text is sent: read through today's rules
 * (`withoutHiddenNames`). An answer that cited a note made private since no longer names it.
 * A tool result that quoted a derived note (a weekly summary, daily memory) is read so too, from
 * that note's folder, its data beside it with it: the summary it quoted may link a note made
 * private since. The conversation is returned as it is when nothing in it names a hidden note.
 */
export function withoutHiddenNamesIn(
	conversation: readonly ChatMessage[],
	deps: ModelReadDeps,
): readonly ChatMessage[] {
	const readers = new Map<string, (text: string) => string>();
	const readFrom = (sourcePath: string) => {
		let reader = readers.get(sourcePath);
		if (reader === undefined) {
			reader = namesWithheld(deps.vault, sourcePath);
			readers.set(sourcePath, reader);
		}
		return reader;
	};
	let changed = false;
	const checked = conversation.map((message): ChatMessage => {
		const content = message.content.map((block): ContentBlock => {
			if (block.type === "tool_result") return resultReadAgain(block, deps, readFrom);
			if (block.type !== "text") return block;
			const text = readFrom("")(block.text);
			return text === block.text ? block : { ...block, text };
		});
		if (content.every((block, index) => block === message.content[index])) return message;
		changed = true;
		return { ...message, content };
	});
	return changed ? checked : conversation;
}

/** A tool result read again from each derived note it quoted; the same block when nothing changed. */
function resultReadAgain(
	block: ToolResultBlock,
	deps: ModelReadDeps,
	readFrom: (sourcePath: string) => (text: string) => string,
): ToolResultBlock {
	const derived = (block.sources ?? []).filter((path) => isDerivedNote(path, deps));
	if (derived.length === 0) return block;
	// A result quoting several notes is read from each derived one's folder: a relative link hidden from any is withheld.
	const read = (text: string) => derived.reduce((result, path) => readFrom(path)(result), text);
	const content = read(block.content);
	const data = block.data === undefined ? undefined : stringsMapped(block.data, read);
	if (content === block.content && data === block.data) return block;
	return { ...block, content, ...(data !== undefined && { data }) };
}

/** `value` (plain data: objects, arrays, strings) with each string mapped; the same value when none changed. */
function stringsMapped(value: unknown, map: (text: string) => string): unknown {
	if (typeof value === "string") return map(value);
	if (Array.isArray(value)) {
		const items = value.map((item: unknown) => stringsMapped(item, map));
		return items.every((item, index) => item === value[index]) ? value : items;
	}
	if (typeof value !== "object" || value === null) return value;
	const entries = Object.entries(value).map(([key, item]) => [key, stringsMapped(item, map)] as const);
	const same = entries.every(([key, item]) => item === (value as Record<string, unknown>)[key]);
	return same ? value : Object.fromEntries(entries);
}
