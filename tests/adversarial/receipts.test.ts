/**
 * What left the machine, and where: every request to a model and every answer to an MCP client
 * leaves a receipt naming the destination, the model, the notes and files it carried (paths, no
 * text) and its tokens, in the plugin's own folder, where the assistant cannot read it.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { ChatSession, type SessionEvent, type TurnPorts } from "../../src/core/agent/session";
import { runTool } from "../../src/core/agent/tools";
import { ReceiptLog } from "../../src/core/audit/receiptLog";
import type { Receipt } from "../../src/core/audit/receipt";
import { assistantFolderTarget } from "../../src/core/memory/daily";
import { preparePrompt } from "../../src/core/prompts";
import { defaultPluginData } from "../../src/core/workspace/data/pluginData";
import { t } from "../../src/i18n";
import { createModelClient } from "../../src/llm";
import { openHeadlessWorkspace } from "../../scripts/lib/headless";
import { openHeadlessMemory } from "../../scripts/lib/headlessMemory";
import { MemoryLogFile } from "../../headless/inMemory/memoryLogFile";
import { errorReply, textReply, toolUseReply, useFakeAnthropic } from "../harness/fakeAnthropic";
import { connect, mcpVault, SECRET as MCP_SECRET } from "../headless/mcp/mcpVault";
import { copyOfExampleVault, spawnCli } from "../scripts/runCli";
import { promptReader } from "../harness/promptReader";

jest.setTimeout(60_000);

const fake = useFakeAnthropic();
const SECRET = "okapi7731";
const PUBLIC_TEXT = "Zebra stripes confuse flies";
const RECEIPTS = ".obsidian/plugins/assistant-workspace/receipts.jsonl";

const FILES: Record<string, string> = {
	"claude.md": "# Rules\n\nCite notes as wikilinks.\n",
	"Notes/public.md": `# Public\n${PUBLIC_TEXT}.`,
	"Notes/other.md": "# Other\nHorses have no stripes.",
	"Private/diary.md": `# Diary\nZebra ${SECRET}`,
};

let vaultDir: string;
const dirs: string[] = [];

function vaultWith(files: Record<string, string>): string {
	const dir = copyOfEmpty();
	for (const [path, text] of Object.entries(files)) {
		mkdirSync(dirname(join(dir, path)), { recursive: true });
		writeFileSync(join(dir, path), text);
	}
	const data = defaultPluginData();
	mkdirSync(join(dir, ".obsidian", "plugins", "assistant-workspace"), { recursive: true });
	writeFileSync(
		join(dir, ".obsidian", "plugins", "assistant-workspace", "data.json"),
		JSON.stringify({ ...data, settings: { ...data.settings, excludedFolders: ["Private"] } }),
	);
	return dir;
}

function copyOfEmpty(): string {
	const dir = mkdtempSync(join(tmpdir(), "aw-receipts-"));
	dirs.push(dir);
	return dir;
}

beforeEach(() => {
	vaultDir = vaultWith(FILES);
});
afterEach(() => {
	for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const delay = (callback: () => void, ms: number) => {
	const timer = setTimeout(callback, ms);
	return () => clearTimeout(timer);
};

/** The receipts the host wrote below `vault`, oldest first. */
function receiptsIn(vault: string): Receipt[] {
	const path = join(vault, RECEIPTS);
	if (!existsSync(path)) return [];
	return readFileSync(path, "utf8")
		.split("\n")
		.filter((line) => line !== "")
		.map((line) => JSON.parse(line) as Receipt);
}

/** A chat over the vault on disk, its model built as the command line builds it: receipts in the plugin's folder. */
async function chatOver(vault: string) {
	const headless = await openHeadlessWorkspace(vault, { now: "2026-03-15T12:00:00Z" });
	const memory = await openHeadlessMemory(headless);
	const { workspace } = headless;
	const model = createModelClient({
		apiKey: "sk-ant-receipt-key",
		baseURL: fake().baseURL,
		delay,
		translate: t,
		receipts: headless.receipts,
	});
	const tools = { ...memory.deps, writer: workspace.writer, actor: "assistant" as const };
	const ports: TurnPorts = {
		model,
		modelId: "claude-test",
		tools: { ...tools, daily: assistantFolderTarget(workspace.layout) },
		delay,
		transcript: null,
	};
	const session = new ChatSession(() => ports, headless.clock);
	/** `afterTool` runs once each tool call of the turn finished, before the request that follows it. */
	const send = async (text: string, notes = {}, afterTool: (finished: number) => void = () => undefined) => {
		const events: SessionEvent[] = [];
		for await (const event of session.send(text, notes)) {
			events.push(event);
			if (event.type === "tool-finished") afterTool(events.filter((seen) => seen.type === "tool-finished").length);
		}
		return events;
	};
	return { send, tools, headless };
}

describe("receipts of what was sent", () => {
	it("name the host, the model, exactly the notes a chat turn's requests carried, and their tokens; no text, no key", async () => {
		const chat = await chatOver(vaultDir);
		fake().enqueue(
			toolUseReply("memory_get", { path: "Notes/public.md" }),
			textReply("They confuse flies [[Notes/public]].", { usage: { input_tokens: 812, output_tokens: 31 } }),
		);
		await chat.send("What about zebra stripes? See [[diary]].");
		const host = new URL(fake().baseURL).host;
		const receipts = receiptsIn(vaultDir);
		expect(receipts).toEqual([
			expect.objectContaining({
				kind: "model",
				to: host,
				model: "claude-test",
				feature: "chat",
				paths: ["claude.md"],
				inputTokens: 10,
				outputTokens: 5,
			}),
			expect.objectContaining({
				kind: "model",
				to: host,
				model: "claude-test",
				feature: "chat",
				paths: ["claude.md", "Notes/public.md"],
				inputTokens: 812,
				outputTokens: 31,
			}),
		]);
		const file = readFileSync(join(vaultDir, RECEIPTS), "utf8");
		expect(file).not.toContain(PUBLIC_TEXT);
		expect(file).not.toContain("Cite notes");
		expect(file).not.toContain(SECRET);
		expect(file).not.toContain("Private/diary.md");
		expect(file).not.toContain("sk-ant-receipt-key");
	});

	// A receipt says what left when it left: the note hidden since stays named in the old one (the
	// user must see it left), and is named in no later one, as it is withheld from them.
	it("keep naming a note that left before it was made private, and name it in no later request", async () => {
		const chat = await chatOver(vaultDir);
		fake().enqueue(toolUseReply("memory_get", { path: "Notes/public.md" }), textReply("They confuse flies."));
		await chat.send("What about zebra stripes?");
		writeFileSync(join(vaultDir, "Notes/public.md"), `---\nassistant: private\n---\n# Public\n${PUBLIC_TEXT}.`);
		chat.headless.vault.rescan();
		fake().enqueue(textReply("Anything else?"));
		await chat.send("Thanks.");
		const receipts = receiptsIn(vaultDir);
		expect(receipts.map((receipt) => receipt.paths)).toEqual([
			["claude.md"],
			["claude.md", "Notes/public.md"],
			["claude.md"],
		]);
		expect(JSON.stringify(fake().messageBodies[2])).not.toContain(PUBLIC_TEXT);
	});

	// A request names what it carried as it left: a note withheld from it, made private while the
	// turn worked, is not among them, be it one a tool read or the open note.
	it("name no note a request withheld once it turned private within the turn, and every note it still sent", async () => {
		writeFileSync(join(vaultDir, "Notes/kept.md"), "# Kept\nStripes stay visible.");
		const chat = await chatOver(vaultDir);
		fake().enqueue(
			toolUseReply("memory_get", { path: "Notes/public.md" }),
			toolUseReply("memory_get", { path: "Notes/kept.md" }),
			textReply("Done."),
		);
		await chat.send("Compare my notes.", { currentNotePath: "Notes/other.md" }, (finished) => {
			if (finished !== 2) return;
			for (const path of ["Notes/public.md", "Notes/other.md"])
				writeFileSync(
					join(vaultDir, path),
					`---\nassistant: private\n---\n${readFileSync(join(vaultDir, path), "utf8")}`,
				);
			chat.headless.vault.rescan();
		});
		expect(receiptsIn(vaultDir).map((receipt) => receipt.paths)).toEqual([
			["claude.md", "Notes/other.md"],
			["claude.md", "Notes/other.md", "Notes/public.md"],
			["claude.md", "Notes/kept.md"],
		]);
		const last = JSON.stringify(fake().messageBodies[2]);
		expect(last).not.toContain(PUBLIC_TEXT);
		expect(last).not.toContain("Horses have no stripes");
		expect(last).toContain("Stripes stay visible");
	});

	// A prompt's {{note}} puts the note's text in the user's message, whatever the current-note switch says.
	it("name a note filled into a prompt, and no longer once it turned private within the turn", async () => {
		vaultDir = vaultWith({ ...FILES, "Prompts/review.md": "Review this note:\n\n{{note}}" });
		const chat = await chatOver(vaultDir);
		const entry = { name: "review", path: "Prompts/review.md", commandId: "review" };
		const context = { notePath: "Notes/public.md", selection: "", today: "2026-03-15", rest: "" };
		const prompt = await preparePrompt(chat.tools.vault, entry, context, promptReader(chat.tools.vault));
		if ("refused" in prompt) throw new Error(`The prompt was refused: ${prompt.refused}`);
		fake().enqueue(toolUseReply("memory_get", { path: "Notes/other.md" }), textReply("Done."));
		await chat.send(prompt.text, { fromNote: prompt.fromNote }, () => {
			writeFileSync(join(vaultDir, "Notes/public.md"), `---\nassistant: private\n---\n${FILES["Notes/public.md"]}`);
			chat.headless.vault.rescan();
		});
		expect(JSON.stringify(fake().messageBodies[0])).toContain(PUBLIC_TEXT);
		expect(JSON.stringify(fake().messageBodies[1])).not.toContain(PUBLIC_TEXT);
		expect(receiptsIn(vaultDir).map((receipt) => receipt.paths)).toEqual([
			["claude.md", "Notes/public.md"],
			["claude.md", "Notes/other.md"],
		]);
	});

	// A note sent by two layers, the open note and an identity file, is withheld from both: it is
	// named no more.
	it("name no identity file made private within the turn, sent as the open note too", async () => {
		const chat = await chatOver(vaultDir);
		fake().enqueue(toolUseReply("memory_get", { path: "Notes/public.md" }), textReply("Done."));
		await chat.send("What do my rules say?", { currentNotePath: "claude.md" }, () => {
			writeFileSync(join(vaultDir, "claude.md"), `---\nassistant: private\n---\n${FILES["claude.md"]}`);
			chat.headless.vault.rescan();
		});
		expect(receiptsIn(vaultDir).map((receipt) => receipt.paths)).toEqual([["claude.md"], ["Notes/public.md"]]);
		expect(JSON.stringify(fake().messageBodies[0])).toContain("Cite notes as wikilinks.");
		expect(JSON.stringify(fake().messageBodies[1])).not.toContain("Cite notes as wikilinks.");
	});

	// The server had the request, notes inside, whatever it answered.
	it("record a request the server refused, as failed, with the notes it carried", async () => {
		const chat = await chatOver(vaultDir);
		fake().enqueue(errorReply(400, { message: "bad request" }));
		await chat.send("What about zebra stripes? See [[public]].");
		expect(fake().messageBodies).toHaveLength(1);
		expect(receiptsIn(vaultDir)).toEqual([
			expect.objectContaining({
				kind: "model",
				feature: "chat",
				paths: ["claude.md", "Notes/public.md"],
				inputTokens: 0,
				outputTokens: 0,
				failed: true,
			}),
		]);
	});

	it("are out of the assistant's reach: no tool reads or finds them", async () => {
		const chat = await chatOver(vaultDir);
		fake().enqueue(toolUseReply("memory_get", { path: "Notes/public.md" }), textReply("Done."));
		await chat.send("What about zebra stripes?");
		expect(receiptsIn(vaultDir)).toHaveLength(2);
		const read = await runTool("memory_get", { path: RECEIPTS }, chat.tools);
		expect(read.text).not.toContain("claude-test");
		const found = await runTool("memory_search", { query: "claude-test chat inputTokens" }, chat.tools);
		expect(found.text).not.toContain("receipts");
		expect(found.text).not.toContain("inputTokens");
	});

	it("record a heartbeat run of the command line, with the identity file, the checklist and the memory it carried", async () => {
		const vault = copyOfExampleVault();
		dirs.push(vault);
		writeFileSync(join(vault, "HEARTBEAT.md"), "# Heartbeat\n\n## Checklist\n- [ ] Remind me to call mom on Sundays\n");
		writeFileSync(join(vault, "user.md"), "# User\nA night owl.\n");
		mkdirSync(join(vault, "memory", "daily"), { recursive: true });
		writeFileSync(join(vault, "memory", "daily", "2026-11-28.md"), "# 2026-11-28\n\n## Log\n- Called the plumber.\n");
		fake().enqueue(textReply("Reminder: call mom at 5pm.", { usage: { input_tokens: 1234, output_tokens: 9 } }));
		const run = await spawnCli(
			[
				"heartbeat",
				"--vault",
				vault,
				"--json",
				"--base-url",
				fake().baseURL,
				"--onboarded",
				"--active-hours",
				"8:00-22:00",
				"--now",
				"2026-11-29T10:00:00Z",
				"--model",
				"claude-haiku-5-5",
			],
			{ ANTHROPIC_API_KEY: "test" },
		);
		expect(run.code).toBe(0);
		const [receipt, ...more] = receiptsIn(vault);
		expect(more).toEqual([]);
		expect(receipt).toMatchObject({
			kind: "model",
			to: new URL(fake().baseURL).host,
			model: "claude-haiku-5-5",
			feature: "heartbeat",
			inputTokens: 1234,
			outputTokens: 9,
		});
		expect(receipt.paths).toEqual(["user.md", "HEARTBEAT.md", "memory/daily/2026-11-28.md"]);
		const file = readFileSync(join(vault, RECEIPTS), "utf8");
		for (const text of ["call mom", "night owl", "plumber"]) expect(file).not.toContain(text);
	});

	it("record an MCP client's search: the client, the tool, the notes it was given, and none it was not", async () => {
		const vault = mcpVault();
		const connected = await connect(vault, {}, "claude-code");
		try {
			await connected.client.callTool({ name: "memory_search", arguments: { query: "zebra", limit: 20 } });
			await connected.client.readResource({ uri: "workspace://identity/user" });
		} finally {
			await connected.close();
		}
		const receipts = receiptsIn(vault.root);
		expect(receipts).toEqual([
			expect.objectContaining({ kind: "mcp", to: "mcp:claude-code", feature: "memory_search", inputTokens: 0 }),
			expect.objectContaining({
				kind: "mcp",
				to: "mcp:claude-code",
				feature: "workspace://identity/user",
				paths: ["user.md"],
			}),
		]);
		expect(receipts[0].paths).toEqual(expect.arrayContaining(["Notes/public.md", "memory/daily/2026-03-14.md"]));
		expect(receipts[0].outputTokens).toBeGreaterThan(0);
		const file = readFileSync(join(vault.root, RECEIPTS), "utf8");
		for (const hidden of ["Notes/flagged.md", "Notes/tagged.md", "Private/diary.md", MCP_SECRET, "migration happens"])
			expect(file).not.toContain(hidden);
	});

	it("are bounded: past its size the file keeps its newest receipts, past its age none older", async () => {
		let now = Date.parse("2026-01-01T00:00:00Z");
		const file = new MemoryLogFile();
		const log = new ReceiptLog(file, { now: () => new Date(now) }, { maxSize: 4_000, maxAgeDays: 30 });
		const receipt = (index: number) => ({
			kind: "model" as const,
			to: "api.anthropic.com",
			model: "claude-test",
			feature: "chat",
			paths: [`Notes/note-${index}.md`],
			inputTokens: index,
			outputTokens: 1,
		});
		for (let index = 0; index < 100; index++) {
			await log.record(receipt(index));
			now += 60_000;
		}
		expect(file.text.length).toBeLessThanOrEqual(4_000);
		const kept = await log.read();
		expect(kept.length).toBeGreaterThan(5);
		expect(kept[kept.length - 1].paths).toEqual(["Notes/note-99.md"]);
		expect(kept.map((entry) => entry.inputTokens)).toEqual(
			Array.from({ length: kept.length }, (_, index) => 100 - kept.length + index),
		);

		now += 31 * 24 * 60 * 60 * 1000;
		await log.record(receipt(100));
		expect((await log.read()).map((entry) => entry.inputTokens)).toEqual([100]);
	});
});

describe("receipts of the requests for a server's model list", () => {
	const KEY = "sk-ant-listing-key-5501";

	it("name the host and the model list for each listing, answered or failed, and never the key it carried", async () => {
		const log = new MemoryLogFile();
		const receipts = new ReceiptLog(log, { now: () => new Date("2026-03-15T12:00:00Z") });
		const model = createModelClient({ apiKey: KEY, baseURL: fake().baseURL, delay, translate: t, receipts });
		await model.listModels();
		fake().modelsError = errorReply(401);
		await expect(model.listModels()).rejects.toBeDefined();

		expect(fake().requests.map((request) => request.headers.authorization)).toEqual([`Bearer ${KEY}`, `Bearer ${KEY}`]);
		const host = new URL(fake().baseURL).host;
		const listing = { kind: "model", to: host, feature: "model-list", paths: [], inputTokens: 0, outputTokens: 0 };
		expect(await receipts.read()).toEqual([
			{ time: "2026-03-15T12:00:00.000Z", ...listing },
			{ time: "2026-03-15T12:00:00.000Z", ...listing, failed: true },
		]);
		expect(log.text).not.toContain(KEY);
		expect(log.text).not.toContain("listing-key");
	});
});
