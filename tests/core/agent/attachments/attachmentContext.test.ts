import { MemoryVault } from "../../../../headless/inMemory/memoryVault";
import { messageTokens, userMessageOf } from "../../../../src/core/agent/context/conversationTurns";
import {
	WITHHELD_ATTACHMENT,
	WITHHELD_RESULT,
	withoutHiddenResults,
} from "../../../../src/core/agent/session/withheldResults";
import { attachmentTokens, IMAGE_TOKENS } from "../../../../src/core/model/attachmentTokens";
import { attachmentBlock } from "../../../../src/core/model/attachmentFiles";
import { pdfPageCount } from "../../../../src/core/model/pdfPages";
import type { AttachmentBlock, ChatMessage } from "../../../../src/core/model/modelClient";
import { viewOf } from "../../../harness/viewOf";

const image = (name: string): AttachmentBlock => ({
	type: "image",
	mediaType: "image/png",
	data: "iVBORw0KGgo=",
	name,
});
const pdf = (name: string, bytes: number): AttachmentBlock => ({
	type: "document",
	mediaType: "application/pdf",
	data: "A".repeat(Math.ceil(bytes / 3) * 4),
	name,
});

/** The user's message with `sent`, then a `memory_get` whose result carries `read`. */
const lookThenRead = (sent: AttachmentBlock[], read: AttachmentBlock): ChatMessage[] => [
	userMessageOf("Look", sent),
	{ role: "assistant", content: [{ type: "tool_use", id: "t1", name: "memory_get", input: {} }] },
	{
		role: "user",
		content: [{ type: "tool_result", toolUseId: "t1", content: "[The image follows]", attachments: [read] }],
	},
];

describe("attachments in the context", () => {
	it("weigh what the API charges at most: an image its most, a PDF its pages by its size", () => {
		const words = messageTokens(userMessageOf("What is this?"));
		expect(messageTokens(userMessageOf("What is this?", [image("a.png")]))).toBe(words + IMAGE_TOKENS);
		const small = messageTokens(userMessageOf("", [pdf("a.pdf", 10_000)]));
		const large = messageTokens(userMessageOf("", [pdf("b.pdf", 4_000_000)]));
		expect(small).toBeGreaterThanOrEqual(3_000);
		expect(large).toBe(messageTokens(userMessageOf("")) + 100 * 3_000);
	});

	it("are withheld once their file is moved into a private folder, or away: the path they were read at is gone", async () => {
		const vault = new MemoryVault({ files: { "Files/scan.png": "x", "Files/report.png": "x" } });
		const view = viewOf(vault, { excludedFolders: ["Private"] });
		const fromVault = (name: string): AttachmentBlock => ({ ...image(name), vaultFile: true });
		const conversation = lookThenRead(
			[fromVault("Files/report.png"), image("dropped.png")],
			fromVault("Files/scan.png"),
		);
		expect(withoutHiddenResults(conversation, view)).toBe(conversation);
		await vault.rename("Files/scan.png", "Private/scan.png");
		await vault.rename("Files/report.png", "Private/report.png");
		const sent = withoutHiddenResults(conversation, view);
		// A file the user dropped from outside the vault has no path to check: it stays.
		expect(sent[0].content).toEqual([
			{ type: "text", text: WITHHELD_ATTACHMENT },
			image("dropped.png"),
			{ type: "text", text: "Look" },
		]);
		expect(sent[2].content).toEqual([{ type: "tool_result", toolUseId: "t1", content: WITHHELD_RESULT }]);
	});

	it("are withheld once their file is thrown away, though no file of the vault is hidden", async () => {
		const vault = new MemoryVault({ files: { "Files/scan.png": "x" } });
		const view = viewOf(vault);
		const conversation: ChatMessage[] = [userMessageOf("Look", [{ ...image("Files/scan.png"), vaultFile: true }])];
		await vault.trash("Files/scan.png");
		expect(view.hiddenFiles()).toEqual([]);
		expect(withoutHiddenResults(conversation, view)[0].content).toEqual([
			{ type: "text", text: WITHHELD_ATTACHMENT },
			{ type: "text", text: "Look" },
		]);
	});

	it("are withheld once their file is hidden, in a tool result and in the user's message", async () => {
		const vault = new MemoryVault({
			files: { "Files/scan.png": "x", "Files/open.png": "x", "Diary/day.md": "![[scan.png]]" },
		});
		const view = viewOf(vault);
		const conversation = lookThenRead([image("Files/scan.png"), image("Files/open.png")], image("Files/scan.png"));
		expect(withoutHiddenResults(conversation, view)).toBe(conversation);
		await vault.process("Diary/day.md", (text) => `---\nassistant: private\n---\n${text}`);
		const sent = withoutHiddenResults(conversation, view);
		expect(sent[0].content).toEqual([
			{ type: "text", text: WITHHELD_ATTACHMENT },
			image("Files/open.png"),
			{ type: "text", text: "Look" },
		]);
		expect(sent[2].content).toEqual([{ type: "tool_result", toolUseId: "t1", content: WITHHELD_RESULT }]);
	});
});

describe("a PDF's pages", () => {
	const bytes = (text: string) => new Uint8Array([...text].map((char) => char.charCodeAt(0)));

	it("are counted from the page objects it names, not its page tree", () => {
		const pdf =
			"%PDF-1.4\n1 0 obj<</Type /Pages /Count 2>>endobj\n2 0 obj<</Type/Page>>endobj\n3 0 obj<</Type /Page /Parent 1 0 R>>endobj\n";
		expect(pdfPageCount(bytes(pdf))).toBe(2);
		expect(pdfPageCount(bytes("%PDF-1.7\n<</Type /ObjStm /N 40>>stream..."))).toBeNull();
	});

	it("weigh 3,000 tokens each, when the file names them", () => {
		const block = attachmentBlock("a.pdf", "application/pdf", bytes("%PDF-1.4\n<</Type /Page>> <</Type /Page>>"));
		expect(block).toMatchObject({ type: "document", pages: 2 });
		if ("type" in block) expect(attachmentTokens(block)).toBe(6_000);
	});
});
