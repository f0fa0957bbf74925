import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { ChatSession, type TurnPorts, type SessionEvent } from "../../../../src/core/agent/session";
import { assistantFolderTarget } from "../../../../src/core/memory/daily";
import { defaultPluginData } from "../../../../src/core/workspace/data/pluginData";
import { t } from "../../../../src/i18n";
import { createModelClient } from "../../../../src/llm";
import { openHeadlessWorkspace, type HeadlessWorkspace } from "../../../../scripts/lib/headless";
import { openHeadlessMemory } from "../../../../scripts/lib/headlessMemory";
import { MEMORY_FLUSH_PROMPT } from "../../../../src/core/agent/context";
import { textReply, toolUseReply, useFakeAnthropic } from "../../../harness/fakeAnthropic";
import { receiptsInMemory } from "../../../harness/receipts";

const { receipts } = receiptsInMemory();

const fake = useFakeAnthropic();
const SECRET = "okapi7731";

const FILES: Record<string, string> = {
	"claude.md": "# Rules\n\nCite notes as wikilinks.\n",
	"Notes/public.md": "# Public\nZebra stripes confuse flies.",
	"Notes/flagged.md": `---\nassistant: private\n---\nZebra ${SECRET}`,
	"Private/diary.md": `# Diary\nZebra ${SECRET}`,
	"memory/daily/2026-03-12.md": "# 2026-03-12\n\n## Log\n\n- Reviewed chapter 1.\n",
	"memory/daily/2026-03-13.md": "---\nassistant: private\n---\n# 2026-03-13\n",
	"memory/daily/2026-03-14.md": "---\ntags: [secret]\n---\n# 2026-03-14\n",
	"memory/daily/notes.md": "# Not a day\n",
	"memory/daily/old/2026-03-11.md": "# 2026-03-11\n",
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
		JSON.stringify({ ...data, settings: { ...data.settings, excludedFolders: ["Private"], excludedTags: ["secret"] } }),
	);
});

afterEach(() => rmSync(vaultDir, { recursive: true, force: true }));

const delay = (callback: () => void, ms: number) => {
	const timer = setTimeout(callback, ms);
	return () => clearTimeout(timer);
};

async function session(
	overrides: Partial<TurnPorts> = {},
): Promise<{ session: ChatSession; headless: HeadlessWorkspace }> {
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
	return { session: new ChatSession(() => ports, headless.clock), headless };
}

async function drain(events: AsyncGenerator<SessionEvent, unknown>): Promise<SessionEvent[]> {
	const seen: SessionEvent[] = [];
	for await (const event of events) seen.push(event);
	return seen;
}

describe("a chat session", () => {
	it("answers a model known to lack tools from a search of the notes, over the real client: no tools sent, no private note, no earlier call", async () => {
		const toolSupport = { toolsOff: true, toolsFailed: () => Promise.resolve() };
		const { session: chat } = await session({ toolSupport });
		fake().enqueue(textReply("They confuse flies [[Notes/public]]."), textReply("Yes."));
		const first = await drain(chat.send("What about zebra stripes?"));
		await drain(chat.send("Really?"));
		expect(first.map((event) => event.type).slice(0, 3)).toEqual(["tools-off", "tool-started", "tool-finished"]);
		const bodies = fake().messageBodies as SentBody[];
		expect(bodies.map((body) => body.tools ?? [])).toEqual([[], []]);
		expect(JSON.stringify(bodies[0])).toContain("Zebra stripes confuse flies.");
		expect(JSON.stringify(bodies)).not.toContain(SECRET);
		expect(JSON.stringify(bodies[1].messages)).not.toContain("tool_use");
		expect(JSON.stringify(bodies[1].messages)).toContain("They confuse flies");
	});

	it("puts the current note and mentions in context only when the read guard allows them", async () => {
		const { session: chat } = await session();
		fake().enqueue(textReply("Noted."), textReply("Noted again."));
		await drain(
			chat.send("What about zebras?", { currentNotePath: "Private/diary.md", mentions: ["Notes/flagged.md"] }),
		);
		await drain(chat.send("And [[public]]?", { currentNotePath: "Notes/flagged.md" }));
		const bodies = fake().messageBodies.map((body) => JSON.stringify(body));
		expect(bodies).toHaveLength(2);
		for (const body of bodies) expect(body).not.toContain(SECRET);
		expect(bodies[1]).toContain("Zebra stripes confuse flies.");
	});

	it("tells the model of the daily notes by date, leaving out those marked private or tagged private", async () => {
		const { session: chat } = await session();
		fake().enqueue(textReply("Noted."));
		await drain(chat.send("What did I do this week?"));
		const hint = /<memory-hint>([\s\S]*?)<\/memory-hint>/.exec(JSON.stringify(fake().messageBodies[0]))?.[1];
		expect(hint).toContain("Daily memory exists for 1 day: 2026-03-12.");
		expect(hint).not.toMatch(/2026-03-1[134]/);
	});

	it("tells the model what the heartbeat said in this chat, so that the user can answer it, and forgets it on a new chat", async () => {
		const { session: chat } = await session();
		chat.heartbeatShown("Your lab booking is at 17:00 today.");
		fake().enqueue(textReply("I will remind you at 16:30."), textReply("Hello."));
		await drain(chat.send("yes, remind me half an hour before"));
		expect(JSON.stringify(fake().messageBodies[0])).toContain(
			"your heartbeat told the user (newest last); the user may be answering it:\\n- 2026-03-15",
		);
		expect(JSON.stringify(fake().messageBodies[0])).toContain("Your lab booking is at 17:00 today.");
		chat.newChat();
		await drain(chat.send("Hi"));
		expect(JSON.stringify(fake().messageBodies[1])).not.toContain("lab booking");
	});

	it("sends the weekly summaries for a question about the past asked in Chinese, and not for a question about now", async () => {
		mkdirSync(join(vaultDir, "memory/weekly"), { recursive: true });
		writeFileSync(
			join(vaultDir, "memory/weekly/2026-W10.md"),
			"# 2026-W10\n\n- Paused screening: the consent form changed.\n",
		);
		const { session: chat } = await session();
		fake().enqueue(textReply("Because the consent form changed."), textReply("Enrolment goes on."));
		await drain(chat.send("我们为什么暂停了筛选？"));
		await drain(chat.send("P001 入组了吗？"));
		const systemOf = (index: number) =>
			(fake().messageBodies[index] as { system: { text: string }[] }).system.map((block) => block.text).join("\n");
		expect(systemOf(0)).toMatch(
			/<history-book>[\s\S]*<week id="2026-W10"[\s\S]*Paused screening: the consent form changed\./,
		);
		expect(systemOf(1)).not.toContain("<history-book>");
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
		const transcript = await headless.vault.read(path ?? "");
		expect(transcript).toContain("Second answer.");
	});

	it("goes on with a saved chat: its messages before the next one, its turns appended to its transcript", async () => {
		const { session: chat, headless } = await session();
		fake().enqueue(textReply("First answer."), textReply("Second answer."));
		await drain(chat.send("First question"));
		const path = chat.transcriptPath ?? "";
		const saved = chat.conversation;
		chat.newChat();
		chat.continueChat(saved, path);
		await drain(chat.send("Second question"));
		expect(chat.transcriptPath).toBe(path);
		expect(JSON.stringify(fake().messageBodies[1])).toContain("First answer.");
		expect(await headless.vault.read(path)).toMatch(/First answer\.[\s\S]*Second question[\s\S]*Second answer\./);
	});
});

interface SentBody {
	readonly messages: readonly {
		readonly role: string;
		readonly content: string | readonly { readonly type: string; readonly text?: string }[];
	}[];
	readonly tools?: readonly { readonly name: string }[];
}

/** The text of the last message of a request: what the model is asked. */
function lastText(body: unknown): string {
	const last = (body as SentBody).messages.at(-1)?.content ?? "";
	return typeof last === "string" ? last : last.map((block) => block.text ?? "").join("");
}

describe("a long chat", () => {
	/** The window less the 12,000 tokens reserved leaves 10,000; the conversation is compacted from 8,000. */
	const WINDOW = 22_000;
	/** About 2,000 tokens: five turns fill the window past the threshold, and the sixth can fold the first. */
	const longMessage = (turn: number) => `Turn ${turn}: ${"planning the chapter ".repeat(400)}`;

	it("flushes memory exactly once, in a request of its own with only memory_append, before the request that compacts", async () => {
		const { session: chat, headless } = await session({ contextWindowTokens: WINDOW });
		const sent: { turn: number; events: SessionEvent[] }[] = [];
		for (let turn = 1; turn <= 8; turn++) {
			if (turn === 6) {
				fake().enqueue(
					toolUseReply("memory_append", { target: "daily", text: "Decided: chapter 3 before chapter 2." }),
					textReply("We are planning the thesis chapters; chapter 3 comes first."),
				);
			}
			fake().enqueue(textReply(`Answer ${turn}.`));
			sent.push({ turn, events: await drain(chat.send(longMessage(turn))) });
		}

		const bodies = fake().messageBodies;
		expect(bodies).toHaveLength(10);
		const flushes = bodies.flatMap((body, index) => (lastText(body) === MEMORY_FLUSH_PROMPT ? [index] : []));
		expect(flushes).toEqual([5]);
		const flush = bodies[5] as SentBody;
		expect(flush.tools?.map((tool) => tool.name)).toEqual(["memory_append"]);
		// The flush sees the whole conversation, the first turn included; the request after it (the sixth turn's) no longer does.
		expect(JSON.stringify(flush)).toContain("Turn 1:");
		const compacted = JSON.stringify(bodies[7]);
		expect(lastText(bodies[7])).toBe(longMessage(6));
		expect(compacted).not.toContain("Turn 1:");
		expect(compacted).toContain("<earlier-conversation");
		expect(compacted).toContain("chapter 3 comes first");
		// Later turns fold further without flushing again: what they fold was flushed.
		for (const body of bodies.slice(8)) expect(JSON.stringify(body)).not.toContain(MEMORY_FLUSH_PROMPT);

		expect(await headless.vault.read("memory/daily/2026-03-15.md")).toContain("Decided: chapter 3 before chapter 2.");
		const sixth = sent[5].events;
		expect(sixth.filter((event) => event.type === "memory-flushed")).toEqual([
			{
				type: "memory-flushed",
				toolCalls: [
					expect.objectContaining({
						name: "memory_append",
						result: expect.objectContaining({ isError: false }) as unknown,
					}),
				],
				dailyNotePath: "memory/daily/2026-03-15.md",
			},
		]);
		// The user sees only the answer; the flush's exchange stays out of the conversation.
		expect(sixth.flatMap((event) => (event.type === "text" ? [event.text] : [])).join("")).toBe("Answer 6.");
		expect(JSON.stringify(chat.conversation)).not.toContain(MEMORY_FLUSH_PROMPT);
	});
});

describe("a chat session's checkpoint moments", () => {
	const systemOf = (index: number) =>
		(fake().messageBodies[index] as { system: { text: string }[] }).system.map((block) => block.text).join("\n");

	it("tells the model to save a checkpoint when the user leaves, and offers none when it did", async () => {
		const { session: chat } = await session();
		fake().enqueue(
			textReply("Chapter 2's methods need the sample size."),
			toolUseReply("checkpoint", { doing: "Methods of chapter 2", next_action: "Compute the sample size" }),
			textReply("Saved a checkpoint; see you tomorrow."),
		);
		await drain(chat.send("Let's work on the methods of chapter 2"));
		expect(systemOf(0)).not.toContain("<checkpoint-moment>\n");
		const events = await drain(chat.send("明天见"));
		expect(systemOf(1)).toMatch(
			/<checkpoint-moment>\nThe user seems to be leaving\. This is a checkpoint moment: [^\n]*call the checkpoint tool in this turn/,
		);
		expect(events.some((event) => event.type === "checkpoint-suggested")).toBe(false);
		expect(readFileSync(join(vaultDir, "memory/daily/2026-03-15.md"), "utf8")).toContain("Doing: Methods of chapter 2");
	});

	it("offers the user a checkpoint when the model saved none at a moment, with what they were doing", async () => {
		const { session: chat } = await session({
			model: createModelClient({ apiKey: "", delay, translate: t, receipts }),
		});
		await drain(chat.send("Zebra stripes and flies"));
		const events = await drain(chat.send("OK, I'm off"));
		expect(events.filter((event) => event.type === "checkpoint-suggested")).toEqual([
			{ type: "checkpoint-suggested", reason: "leaving", draft: { doing: "Zebra stripes and flies" } },
		]);
	});

	it("tells the model on the eleventh turn of a chat without a checkpoint, and not on the tenth", async () => {
		const { session: chat } = await session();
		for (let turn = 1; turn <= 11; turn++) fake().enqueue(textReply(`Answer ${turn}.`));
		for (let turn = 1; turn <= 11; turn++) await drain(chat.send(`Question ${turn}`));
		expect(systemOf(9)).not.toContain("<checkpoint-moment>\n");
		expect(systemOf(10)).toContain("This chat has gone on for more than 10 exchanges since its last checkpoint.");
	});
});
