/**
 * @jest-environment ./tests/harness/jsdomWithFetch.cjs
 */
import { setLanguageForTests } from "../../../sandbox/obsidianApi";
import { parseTranscript } from "../../../src/core/agent/transcript";
import { formatDay, localDayOf } from "../../../src/core/calendar/localCalendar";
import { setLanguage } from "../../../src/i18n";
import { en } from "../../../src/i18n/en";
import type { ChatView } from "../../../src/obsidian/chat/chatView";
import { textReply, toolUseReply, useFakeAnthropic } from "../../harness/fakeAnthropic";
import { until } from "../pluginFixture";
import { allInView, inView, openChatOn, resetChatTest, sentMessages } from "./chatFixture";

jest.setTimeout(30_000);

const fake = useFakeAnthropic();

const CHAT = "chats/2026-03-01 0900 Zebra migration.md";

/** A transcript as the chat saves it, its turns written in `language`. */
function transcript(turns: readonly { question: string; answer: string }[], language: "en" | "zh" = "en"): string {
	const labels = language === "en" ? { you: "You", assistant: "Assistant" } : { you: "你", assistant: "助理" };
	const usage = language === "en" ? "*Tokens: 100 in, 20 out · ≈ $0.01*" : "*Token：输入 100，输出 20 · 约 $0.01*";
	const sections = turns.flatMap((turn, index) => [
		"",
		`## ${labels.you} · 2026-03-01 09:${String(index).padStart(2, "0")}`,
		"",
		turn.question,
		"",
		`## ${labels.assistant}`,
		"",
		turn.answer,
		"",
		usage,
	]);
	return [
		"---",
		"created: 2026-03-01T09:00:00+00:00",
		"model: claude-x",
		"tags:",
		"  - assistant-chat",
		"---",
		...sections,
		"",
	].join("\n");
}

const ZEBRAS = [{ question: "When do zebras migrate?", answer: "In July, see [[Zebras]]." }];

beforeEach(resetChatTest);

/** The view's own way in: reopening the transcript at `path`, as the history does on a click. */
async function reopen(view: ChatView, path: string): Promise<void> {
	const file = view.app.vault.getFileByPath(path);
	if (file === null) throw new Error(`no transcript at ${path}`);
	await view.reopen(file);
}

const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe("a reopened chat", () => {
	it("sends its earlier turns once, appends the next turn to its transcript, and retries like a new chat", async () => {
		const { app, view } = await openChatOn(fake(), {
			"Notes/Zebras.md": "# Zebras\n\nThey cross in July.\n",
			[CHAT]: transcript(ZEBRAS),
		});
		await reopen(view, CHAT);

		fake().enqueue(textReply("The calves follow in August."), textReply("Calves walk within hours of birth."));
		await view.send("And the calves?");
		const body = JSON.stringify(fake().messageBodies[0]);
		expect(occurrences(body, "When do zebras migrate?")).toBe(1);
		expect(occurrences(body, "In July, see [[Zebras]].")).toBe(1);
		expect(sentMessages(fake(), 0)).toEqual([
			"When do zebras migrate?",
			"In July, see [[Zebras]].",
			expect.stringContaining("And the calves?"),
		]);
		const saved = parseTranscript(await app.vault.memory.read(CHAT));
		expect(saved.map((turn) => turn.question)).toEqual(["When do zebras migrate?", "And the calves?"]);
		expect(saved[1].answer).toEqual([{ kind: "text", text: "The calves follow in August." }]);

		// Retry sends the same message after the same earlier turns, and saves its answer as a turn of its own.
		allInView(view, ".assistant-chat-retry").at(-1)?.click();
		await until(() => fake().messageBodies.length === 2 && !view.busy, "the retried answer");
		expect(sentMessages(fake(), 1)).toEqual(sentMessages(fake(), 0));
		expect(parseTranscript(await app.vault.memory.read(CHAT)).map((turn) => turn.question)).toEqual([
			"When do zebras migrate?",
			"And the calves?",
			"And the calves?",
		]);
		expect(app.vault.getMarkdownFiles().filter((file) => file.path.startsWith("chats/"))).toHaveLength(1);
	});

	it("retries the last saved turn right after reopening", async () => {
		const { view } = await openChatOn(fake(), {
			[CHAT]: transcript([...ZEBRAS, { question: "And the calves?", answer: "Later." }]),
		});
		await reopen(view, CHAT);
		expect(allInView(view, ".assistant-chat-retry")).toHaveLength(1);
		fake().enqueue(textReply("In August."));
		await view.retry();
		expect(sentMessages(fake(), 0)).toEqual([
			"When do zebras migrate?",
			"In July, see [[Zebras]].",
			expect.stringContaining("And the calves?"),
		]);
	});

	it("reads a transcript written in Chinese and goes on in the interface's language", async () => {
		setLanguageForTests("zh");
		setLanguage("zh");
		const { app, view } = await openChatOn(fake(), {
			[CHAT]: transcript([{ question: "斑马什么时候迁徙？", answer: "七月。" }], "zh"),
		});
		await reopen(view, CHAT);
		fake().enqueue(textReply("小斑马八月跟上。"));
		await view.send("小斑马呢？");
		expect(sentMessages(fake(), 0).slice(0, 2)).toEqual(["斑马什么时候迁徙？", "七月。"]);
		const content = await app.vault.memory.read(CHAT);
		expect(content).toMatch(/## 你 · \d{4}-\d{2}-\d{2} \d{2}:\d{2}\n\n小斑马呢？\n\n## 助理\n\n小斑马八月跟上。/);
		expect(parseTranscript(content).map((turn) => turn.question)).toEqual(["斑马什么时候迁徙？", "小斑马呢？"]);
	});

	it("flushes memory before compacting a long reopened chat, and says so in a quiet line linking today's note", async () => {
		// Eight turns of about 20,000 tokens each: past the point where the conversation is compacted.
		const turns = Array.from({ length: 8 }, (_, index) => ({
			question: `Turn ${index}: ${"planning the thesis chapters ".repeat(2900)}`,
			answer: `Answer ${index}.`,
		}));
		const { app, view } = await openChatOn(fake(), { [CHAT]: transcript(turns) });
		await reopen(view, CHAT);
		fake().enqueue(
			toolUseReply("memory_append", { target: "daily", text: "Decided: chapter 3 before chapter 2." }),
			textReply("We are planning the thesis chapters."),
			textReply("Chapter 3 first, then."),
		);
		await view.send("So, which chapter first?");

		expect(fake().messageBodies).toHaveLength(3);
		expect(JSON.stringify(fake().messageBodies[2])).toContain("<earlier-conversation");
		const today = `memory/daily/${formatDay(localDayOf(new Date()))}.md`;
		expect(await app.vault.memory.read(today)).toContain("Decided: chapter 3 before chapter 2.");
		const line = inView(view, ".assistant-chat-memory-flush");
		expect(line?.textContent).toBe(`${en["chat.memory-flushed"]} ${formatDay(localDayOf(new Date()))}`);
		// Above the answer it came before, which is only the answer to the user.
		expect(line?.nextElementSibling?.querySelector(".assistant-chat-body")?.textContent).toBe("Chapter 3 first, then.");
		line?.querySelector<HTMLElement>("a.internal-link")?.click();
		expect(app.workspace.openedLinks).toEqual([today]);
		expect(parseTranscript(await app.vault.memory.read(CHAT)).at(-1)?.question).toBe("So, which chapter first?");
	});
});
