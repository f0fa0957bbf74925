import { answer, ScriptedModel } from "../local/scriptedModel";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { ChatSession, type SessionEvent, type TurnPorts } from "../../../../src/core/agent/session";
import type { AttachmentRef } from "../../../../src/core/agent/session/userAttachments";
import { assistantFolderTarget } from "../../../../src/core/memory/daily";
import { MAX_IMAGE_BYTES } from "../../../../src/core/model/attachmentFiles";
import { defaultPluginData } from "../../../../src/core/workspace/data/pluginData";
import { t } from "../../../../src/i18n";
import { createModelClient, OfflineModel } from "../../../../src/llm";
import { DiskVault } from "../../../../headless/vault/diskVault";
import { attachmentsNamed } from "../../../../src/core/agent/tools/attachmentNames";
import { openHeadlessWorkspace } from "../../../../scripts/lib/headless";
import { openHeadlessMemory } from "../../../../scripts/lib/headlessMemory";
import { textReply, toolUseReply, useFakeAnthropic } from "../../../harness/fakeAnthropic";
import { serverClientFor } from "../../../llm/serverFixture";
import { MemoryVault } from "../../../../headless/inMemory/memoryVault";
import { readVaultAttachment } from "../../../../src/core/agent/tools/attachmentRead";
import { viewOf } from "../../../harness/viewOf";
import { receiptsInMemory } from "../../../harness/receipts";

const { receipts } = receiptsInMemory();

const fake = useFakeAnthropic();

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const PDF = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n");
/** A private marker inside the files only hidden notes embed: it must never reach the server, encoded or not. */
const SECRET_PNG = Buffer.concat([PNG, Buffer.from("okapi7731")]);

const FILES: Record<string, string | Buffer> = {
	"claude.md": "# Rules\n\nCite notes as wikilinks.\n",
	"Notes/trip.md": "# Trip\nThe receipt: ![[receipt.png]] and the plan [[itinerary.pdf]].",
	"Files/receipt.png": PNG,
	"Files/itinerary.pdf": PDF,
	"Diary/day.md": "---\nassistant: private\n---\n# Day\n![[xray.png]]",
	"Files/xray.png": SECRET_PNG,
	"Private/scan.png": SECRET_PNG,
	"Files/fake.png": "this is text, not an image",
	"Files/发票.pdf": PDF,
};

let vaultDir: string;

beforeEach(() => {
	vaultDir = mkdtempSync(join(tmpdir(), "aw-attach-"));
	for (const [path, content] of Object.entries(FILES)) {
		mkdirSync(dirname(join(vaultDir, path)), { recursive: true });
		writeFileSync(join(vaultDir, path), content);
	}
	const data = defaultPluginData();
	mkdirSync(join(vaultDir, ".obsidian", "plugins", "assistant-workspace"), { recursive: true });
	writeFileSync(
		join(vaultDir, ".obsidian", "plugins", "assistant-workspace", "data.json"),
		JSON.stringify({ ...data, settings: { ...data.settings, excludedFolders: ["Private"] } }),
	);
});

afterEach(() => rmSync(vaultDir, { recursive: true, force: true }));

const delay = (callback: () => void, ms: number) => {
	const timer = setTimeout(callback, ms);
	return () => clearTimeout(timer);
};

async function session(overrides: Partial<TurnPorts> = {}): Promise<ChatSession> {
	const headless = await openHeadlessWorkspace(vaultDir, { now: "2026-03-15T12:00:00Z" });
	const memory = await openHeadlessMemory(headless);
	const { workspace } = headless;
	const writer = workspace.writer;
	const ports: TurnPorts = {
		model: createModelClient({ apiKey: "test", baseURL: fake().baseURL, delay, translate: t, receipts }),
		modelId: "claude-test",
		tools: { ...memory.deps, writer, actor: "assistant", daily: assistantFolderTarget(workspace.layout) },
		delay,
		transcript: { writer, chatsFolder: workspace.layout.chatsFolder, language: "en" },
		...overrides,
	};
	return new ChatSession(() => ports, headless.clock);
}

async function send(chat: ChatSession, text: string, attachments: AttachmentRef[] = []): Promise<SessionEvent[]> {
	const seen: SessionEvent[] = [];
	for await (const event of chat.send(text, { attachments })) seen.push(event);
	return seen;
}

type Block = Record<string, unknown> & { type: string };
interface Body {
	readonly messages: readonly { readonly role: string; readonly content: readonly Block[] | string }[];
}

const bodies = () => fake().messageBodies as Body[];
const blocksOf = (body: Body): Block[] =>
	body.messages.flatMap((message) => (typeof message.content === "string" ? [] : message.content));
/** Every image and document block of a request, in its messages and inside its tool results. */
function attachmentsIn(body: Body): Block[] {
	return blocksOf(body).flatMap((block) => {
		const inner = block.type === "tool_result" && Array.isArray(block.content) ? (block.content as Block[]) : [block];
		return inner.filter((part) => part.type === "image" || part.type === "document");
	});
}
const base64 = (bytes: Buffer) => bytes.toString("base64");

describe("attachments the model reads", () => {
	it("sends a PDF and an image memory_get reads as document and image blocks in the tool result's content", async () => {
		const chat = await session();
		fake().enqueue(
			toolUseReply("memory_get", { path: "Files/itinerary.pdf" }),
			toolUseReply("memory_get", { path: "[[receipt.png]]" }),
			textReply("The receipt shows 12 euros."),
		);
		await send(chat, "What does my receipt say?");
		const [, second, third] = bodies();
		const result = blocksOf(second).find((block) => block.type === "tool_result");
		expect(result?.content).toEqual([
			{ type: "text", text: expect.stringContaining("Source: Files/itinerary.pdf") as unknown },
			{
				type: "document",
				source: { type: "base64", media_type: "application/pdf", data: base64(PDF) },
				title: "Files/itinerary.pdf",
			},
		]);
		expect(attachmentsIn(third)).toContainEqual({
			type: "image",
			source: { type: "base64", media_type: "image/png", data: base64(PNG) },
		});
	});

	it("sends the files the user attached as blocks before the words of their message, and the transcript names them without their bytes", async () => {
		const chat = await session();
		fake().enqueue(textReply("A receipt and an itinerary."));
		const dropped = { kind: "file", name: "photo.png", mediaType: "image/png", bytes: new Uint8Array(PNG) } as const;
		const events = await send(chat, "What are these?", [{ kind: "vault", path: "Files/itinerary.pdf" }, dropped]);
		expect(events.some((event) => event.type === "attachments-refused")).toBe(false);
		const [body] = bodies();
		const last = body.messages[body.messages.length - 1];
		expect(last.role).toBe("user");
		expect((last.content as Block[]).map((block) => block.type)).toEqual(["document", "image", "text"]);
		expect(attachmentsIn(body).map((block) => (block.source as { data: string }).data)).toEqual([
			base64(PDF),
			base64(PNG),
		]);
		const transcript = readFileSync(join(vaultDir, chat.transcriptPath ?? ""), "utf8");
		expect(transcript).toContain("Attached: Files/itinerary.pdf");
		expect(transcript).toContain("Attached: photo.png");
		expect(transcript).not.toContain(base64(PDF));
	});

	it("keeps a request under the API's 32 MB: a chat of two large PDFs sends the newer, the older named in its place", async () => {
		// The model port itself, not the fake server: 24 MB of base64 over HTTP would make the test slow, and what is
		// asserted is what each request holds (the SDK's blocks are asserted above).
		const model = Object.assign(new ScriptedModel(() => answer("Read.")), { readsAttachments: true });
		const chat = await session({ model });
		// A scan of one page: large, yet few tokens, so the window does not compact it away.
		const large = (name: string) => {
			const bytes = new Uint8Array(12_000_000);
			bytes.set(Buffer.from("%PDF-1.7\n1 0 obj << /Type /Page >> endobj\n"));
			return { kind: "file", name, mediaType: "application/pdf", bytes } as const;
		};
		await send(chat, "Read this.", [large("first.pdf")]);
		await send(chat, "And this.", [large("second.pdf")]);
		const second = model.requests[1].messages.flatMap((message) => message.content);
		expect(second.flatMap((block) => (block.type === "document" ? [block.name] : []))).toEqual(["second.pdf"]);
		expect(JSON.stringify(second)).toContain("[Attached: first.pdf. Not sent in this request");
		expect(JSON.stringify(second).length).toBeLessThan(32_000_000);
		// Two 12 MB files encoded and measured: a second on a quiet machine, several on a busy shared one.
	}, 30_000);

	it("never sends an attachment only a private note embeds, nor one in an excluded folder, asked for by the model or by the user", async () => {
		const chat = await session();
		fake().enqueue(
			toolUseReply("memory_get", { path: "Files/xray.png" }),
			toolUseReply("memory_get", { path: "[[xray.png]]" }),
			toolUseReply("memory_get", { path: "Private/scan.png" }),
			toolUseReply("memory_get", { path: "Files/../Private/scan.png" }),
			textReply("I cannot see them."),
		);
		const events = await send(chat, "Look at my x-ray", [
			{ kind: "vault", path: "Files/xray.png" },
			{ kind: "vault", path: "Private/scan.png" },
		]);
		const refused = events.find((event) => event.type === "attachments-refused");
		expect(refused).toEqual({
			type: "attachments-refused",
			refused: [
				{ name: "Files/xray.png", reason: "private" },
				{ name: "Private/scan.png", reason: "private" },
			],
		});
		for (const body of bodies()) {
			expect(attachmentsIn(body)).toEqual([]);
			expect(JSON.stringify(body)).not.toContain(base64(SECRET_PNG).slice(0, 24));
		}
		const results = blocksOf(bodies()[4]).filter((block) => block.type === "tool_result");
		// The private file, and a path in the excluded folder, are answered as ones that are not there; `..` by its rule.
		expect(results.map((block) => String(block.content).split("\n")[0])).toEqual([
			expect.stringContaining("no note at"),
			expect.stringContaining("no note at"),
			expect.stringContaining('no note at "Private/scan.png"'),
			expect.stringContaining("Access denied: parent."),
		]);
	});

	it("refuses a file over its limit by its size, before reading it, and a .png that is really text", async () => {
		writeFileSync(join(vaultDir, "Files/huge.png"), Buffer.concat([PNG, Buffer.alloc(MAX_IMAGE_BYTES)]));
		const chat = await session();
		fake().enqueue(
			toolUseReply("memory_get", { path: "Files/huge.png" }),
			toolUseReply("memory_get", { path: "Files/fake.png" }),
			textReply("Both failed."),
		);
		const events = await send(chat, "Read them", [
			{ kind: "file", name: "big.png", mediaType: "image/png", bytes: new Uint8Array(MAX_IMAGE_BYTES + 1) },
		]);
		expect(events.find((event) => event.type === "attachments-refused")).toEqual({
			type: "attachments-refused",
			refused: [{ name: "big.png", reason: "too-large", limitBytes: MAX_IMAGE_BYTES }],
		});
		const results = blocksOf(bodies()[2]).filter((block) => block.type === "tool_result");
		expect(results.map((block) => block.content)).toEqual([
			expect.stringMatching(/^Error: "Files\/huge.png" is 3.75 MB, over the 3.75 MB/),
			expect.stringContaining("is not the file its name says"),
		]);
		for (const body of bodies()) expect(attachmentsIn(body)).toEqual([]);
	});

	it("reads no file through a symbolic link", async () => {
		symlinkSync(join(vaultDir, "Private/scan.png"), join(vaultDir, "Files/link.png"));
		const chat = await session();
		fake().enqueue(toolUseReply("memory_get", { path: "Files/link.png" }), textReply("No."));
		await send(chat, "Show the linked image");
		const result = blocksOf(bodies()[1]).find((block) => block.type === "tool_result");
		expect(result?.is_error).toBe(true);
		expect(attachmentsIn(bodies()[1])).toEqual([]);
	});

	it("tells the model of a compatible server that it cannot read attachments, and sends none", async () => {
		const { client } = serverClientFor(fake(), "ollama");
		const chat = await session({ model: client, modelId: "llama3" });
		fake().enqueue(toolUseReply("memory_get", { path: "Files/itinerary.pdf" }), textReply("I cannot read it."));
		const events = await send(chat, "Read my itinerary", [{ kind: "vault", path: "Files/receipt.png" }]);
		expect(events.find((event) => event.type === "attachments-refused")).toEqual({
			type: "attachments-refused",
			refused: [{ name: "Files/receipt.png", reason: "model-cannot-read" }],
		});
		const result = blocksOf(bodies()[1]).find((block) => block.type === "tool_result");
		expect(result?.content).toEqual(expect.stringContaining("the model in use cannot read attachments"));
		for (const body of bodies()) expect(attachmentsIn(body)).toEqual([]);
	});
});

describe("reading a vault attachment", () => {
	it("refuses a 2 GB PDF by its size without reading a byte of it", async () => {
		const vault = new MemoryVault({ files: { "Big/scan.pdf": { content: null, size: 2_000_000_000 } } });
		const readBinary = jest.spyOn(vault, "readBinary");
		const read = await readVaultAttachment("Big/scan.pdf", viewOf(vault));
		expect(read).toEqual({
			kind: "refused",
			refusal: { kind: "too-large", sizeBytes: 2_000_000_000, limitBytes: 20_000_000 },
		});
		expect(readBinary).not.toHaveBeenCalled();
	});
});

describe("the offline model and attachments", () => {
	it("lists the files named like the question as links, and reads none of them", async () => {
		const readBinary = jest.spyOn(DiskVault.prototype, "readBinary");
		const chat = await session({ model: new OfflineModel(t), modelId: "offline" });
		const events = await send(chat, "Where is my receipt from the trip?", [
			{ kind: "vault", path: "Files/receipt.png" },
		]);
		const done = events.find((event) => event.type === "done");
		const text = done?.type === "done" ? done.result.text : "";
		expect(text).toContain(t("offline.answer.attachments"));
		expect(text).toContain("[[Files/receipt.png|receipt.png]]");
		expect(text).not.toContain("xray");
		expect(events.find((event) => event.type === "attachments-refused")).toEqual({
			type: "attachments-refused",
			refused: [{ name: "Files/receipt.png", reason: "model-cannot-read" }],
		});
		// Notes are read as text through their bytes; no image or PDF is.
		const read = readBinary.mock.calls.map(([path]) => path);
		expect(read.filter((path) => !path.endsWith(".md"))).toEqual([]);
		readBinary.mockRestore();
	});

	it("finds a name by a word of the question, in English or within Chinese, never a hidden file", () => {
		const vault = new MemoryVault({
			files: {
				"Files/Receipt 2026-03.png": PNG,
				"Files/发票.pdf": PDF,
				"Files/the plan.pdf": PDF,
				"Private/receipt-secret.png": PNG,
			},
		});
		const view = viewOf(vault, { excludedFolders: ["Private"] });
		expect(attachmentsNamed("the receipt please", view)).toEqual(["Files/Receipt 2026-03.png"]);
		expect(attachmentsNamed("我的发票在哪", view)).toEqual(["Files/发票.pdf"]);
		expect(attachmentsNamed("what is the", view)).toEqual([]);
	});
});
