import type { AttachmentBlock, ChatMessage, ContentBlock } from "./modelClient";

/**
 * The base64 of every image and PDF one request may carry. The Messages API refuses a request over
 * 32 MB; one PDF may be 27 MB encoded, so two in a conversation would make every later request of
 * it fail, the chat stuck on an error. 30 MB leaves the rest for the text, which the context window
 * keeps far smaller.
 */
export const MAX_REQUEST_ATTACHMENT_CHARS = 30_000_000;

/**
 * The PDF pages one request may carry: the API refuses more. Counted for the PDFs whose pages are
 * known (`pdfPageCount`); a file whose pages are not is left to the API, never dropped on a guess.
 */
export const MAX_REQUEST_PDF_PAGES = 100;

/** What stands in a file left out of a request, for the model to tell the user. */
export function notResent(name: string): string {
	return `[Attached: ${name}. Not sent in this request: it would pass, with the conversation's newer files, the 32 MB or the 100 PDF pages a request may hold.]`;
}

/**
 * The messages with their images and PDFs within `MAX_REQUEST_ATTACHMENT_CHARS` and
 * `MAX_REQUEST_PDF_PAGES`: the newest kept, older ones (and any past the budget) named in their
 * place. The messages are returned as they are when they fit.
 */
export function withinAttachmentBudget(
	messages: readonly ChatMessage[],
	budget: number = MAX_REQUEST_ATTACHMENT_CHARS,
): readonly ChatMessage[] {
	let total = 0;
	let totalPages = 0;
	for (const message of messages)
		for (const block of message.content)
			for (const file of filesOf(block)) {
				total += file.data.length;
				totalPages += pagesOf(file);
			}
	if (total <= budget && totalPages <= MAX_REQUEST_PDF_PAGES) return messages;
	let left = budget;
	let pagesLeft = MAX_REQUEST_PDF_PAGES;
	const fits = (file: AttachmentBlock) => {
		if (file.data.length > left || pagesOf(file) > pagesLeft) return false;
		left -= file.data.length;
		pagesLeft -= pagesOf(file);
		return true;
	};
	const kept = [...messages];
	for (let index = kept.length - 1; index >= 0; index--) {
		const message = kept[index];
		const content = message.content.map((block) => trimmed(block, fits));
		if (content.some((block, at) => block !== message.content[at])) kept[index] = { ...message, content };
	}
	return kept;
}

function pagesOf(file: AttachmentBlock): number {
	return file.type === "document" ? (file.pages ?? 0) : 0;
}

function filesOf(block: ContentBlock): readonly AttachmentBlock[] {
	if (block.type === "image" || block.type === "document") return [block];
	return block.type === "tool_result" ? (block.attachments ?? []) : [];
}

function trimmed(block: ContentBlock, fits: (file: AttachmentBlock) => boolean): ContentBlock {
	if (block.type === "image" || block.type === "document")
		return fits(block) ? block : { type: "text", text: notResent(block.name) };
	if (block.type !== "tool_result" || block.attachments === undefined) return block;
	const left = block.attachments.filter(fits);
	if (left.length === block.attachments.length) return block;
	const dropped = block.attachments.filter((file) => !left.includes(file));
	return {
		...block,
		content: [block.content, ...dropped.map((file) => notResent(file.name))].join("\n"),
		attachments: left,
	};
}
