import { notResent, withinAttachmentBudget } from "../../../../src/core/model/requestAttachments";
import type { AttachmentBlock, ChatMessage } from "../../../../src/core/model/modelClient";

const pdf = (name: string, chars: number): AttachmentBlock => ({
	type: "document",
	mediaType: "application/pdf",
	data: "A".repeat(chars),
	name,
});

describe("the images and PDFs of one request", () => {
	const first = pdf("Files/first.pdf", 20);
	const second = pdf("Files/second.pdf", 20);
	const third = pdf("Files/third.pdf", 20);
	const conversation: ChatMessage[] = [
		{ role: "user", content: [first, { type: "text", text: "Read it." }] },
		{ role: "assistant", content: [{ type: "tool_use", id: "t1", name: "memory_get", input: {} }] },
		{
			role: "user",
			content: [{ type: "tool_result", toolUseId: "t1", content: "Source: Files/second.pdf", attachments: [second] }],
		},
		{ role: "assistant", content: [{ type: "text", text: "Done." }] },
		{ role: "user", content: [third, { type: "text", text: "And this one?" }] },
	];

	it("are sent as they are within the budget", () => {
		expect(withinAttachmentBudget(conversation, 60)).toBe(conversation);
	});

	it("keep the newest past the budget, the older named in their place, so a chat of two large PDFs is not stuck on the API's refusal", () => {
		const sent = withinAttachmentBudget(conversation, 45);
		expect(sent[4]).toBe(conversation[4]);
		expect(sent[2].content).toEqual([
			{ type: "tool_result", toolUseId: "t1", content: "Source: Files/second.pdf", attachments: [second] },
		]);
		expect(sent[0].content).toEqual([
			{ type: "text", text: notResent("Files/first.pdf") },
			{ type: "text", text: "Read it." },
		]);
		const tight = withinAttachmentBudget(conversation, 25);
		expect(tight[2].content).toEqual([
			{
				type: "tool_result",
				toolUseId: "t1",
				content: `Source: Files/second.pdf\n${notResent("Files/second.pdf")}`,
				attachments: [],
			},
		]);
		expect(JSON.stringify(tight).split("A".repeat(20)).length - 1).toBe(1);
	});

	it("keep the PDF pages of a request within the API's 100: two PDFs of 60 pages send the newer", () => {
		const paged = (name: string): AttachmentBlock => ({
			type: "document",
			mediaType: "application/pdf",
			data: "A".repeat(20),
			name,
			pages: 60,
		});
		const older = paged("Files/older.pdf");
		const newer = paged("Files/newer.pdf");
		const sent = withinAttachmentBudget([
			{ role: "user", content: [older, { type: "text", text: "Read it." }] },
			{ role: "assistant", content: [{ type: "text", text: "Done." }] },
			{ role: "user", content: [newer, { type: "text", text: "And this?" }] },
		]);
		expect(sent[0].content[0]).toEqual({ type: "text", text: notResent("Files/older.pdf") });
		expect(sent[2].content[0]).toBe(newer);
	});
});
