import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { ChatSession, type ChatPorts, type SessionEvent } from "../../../../src/core/agent/session";
import { assistantFolderTarget } from "../../../../src/core/memory/daily";
import { AuditedWriter } from "../../../../src/core/vault/auditedWriter";
import { defaultPluginData } from "../../../../src/core/workspace/data/pluginData";
import { t } from "../../../../src/i18n";
import { createModelClient } from "../../../../src/llm";
import { openHeadlessWorkspace, type HeadlessWorkspace } from "../../../../scripts/lib/headless";
import { openHeadlessMemory } from "../../../../scripts/lib/headlessMemory";
import { textReply, useFakeAnthropic } from "../../../harness/fakeAnthropic";

const fake = useFakeAnthropic();
const SECRET = "okapi7731";

const FILES: Record<string, string> = {
	"claude.md": "# Rules\n\nCite notes as wikilinks.\n",
	"Notes/public.md": "# Public\nZebra stripes confuse flies.",
	"Notes/flagged.md": `---\nassistant: private\n---\nZebra ${SECRET}`,
	"Private/diary.md": `# Diary\nZebra ${SECRET}`,
};

let vaultDir: string;

beforeEach(() => {
	vaultDir = mkdtempSync(join(tmpdir(), "aw-session-"));
	for (const [path, text] of Object.entries(FILES)) {
		mkdirSync(dirname(join(vaultDir, path)), { recursive: true });
		writeFileSync(join(vaultDir, path), text);
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

async function session(): Promise<{ session: ChatSession; headless: HeadlessWorkspace }> {
	const headless = await openHeadlessWorkspace(vaultDir, { now: "2026-03-15T12:00:00Z" });
	const memory = await openHeadlessMemory(headless);
	const { disk, workspace, settings, clock } = headless;
	const writer = new AuditedWriter({ store: disk.vault, audit: workspace.audit, clock, excludedFolders: settings.excludedFolders });
	const ports: ChatPorts = {
		model: createModelClient({ apiKey: "test", baseURL: fake().baseURL, delay, translate: t }),
		modelId: "claude-test",
		tools: { ...memory.deps, store: disk.vault, writer, actor: "assistant", daily: assistantFolderTarget(workspace.layout) },
		delay,
		transcript: { writer, store: disk.vault, chatsFolder: workspace.layout.chatsFolder },
	};
	return { session: new ChatSession(() => ports, clock), headless };
}

async function drain(events: AsyncGenerator<SessionEvent, unknown>): Promise<SessionEvent[]> {
	const seen: SessionEvent[] = [];
	for await (const event of events) seen.push(event);
	return seen;
}

describe("a chat session", () => {
	it("puts the current note and mentions in context only when the read guard allows them", async () => {
		const { session: chat } = await session();
		fake().enqueue(textReply("Noted."), textReply("Noted again."));
		await drain(chat.send("What about zebras?", { currentNotePath: "Private/diary.md", mentions: ["Notes/flagged.md"] }));
		await drain(chat.send("And [[public]]?", { currentNotePath: "Notes/flagged.md" }));
		const bodies = fake().messageBodies.map((body) => JSON.stringify(body));
		expect(bodies).toHaveLength(2);
		for (const body of bodies) expect(body).not.toContain(SECRET);
		expect(bodies[1]).toContain("Zebra stripes confuse flies.");
	});

	it("keeps the conversation between turns in one transcript, and starts afresh on a new chat", async () => {
		const { session: chat, headless } = await session();
		fake().enqueue(textReply("First answer."), textReply("Second answer."), textReply("Fresh answer."));
		const first = await drain(chat.send("First question"));
		const path = chat.transcriptPath;
		expect(first.at(-1)).toEqual({ type: "saved", path });
		await drain(chat.send("Second question"));
		expect(chat.transcriptPath).toBe(path);
		expect(JSON.stringify(fake().messageBodies[1])).toContain("First answer.");
		expect(chat.conversation).toHaveLength(4);
		chat.newChat();
		expect(chat.conversation).toHaveLength(0);
		await drain(chat.send("Another question"));
		expect(JSON.stringify(fake().messageBodies[2])).not.toContain("First answer.");
		expect(chat.transcriptPath).not.toBe(path);
		const transcript = await headless.disk.vault.read(path ?? "");
		expect(transcript).toContain("Second answer.");
	});
});
