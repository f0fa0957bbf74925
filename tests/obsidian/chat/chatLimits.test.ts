/**
 * @jest-environment ./tests/harness/jsdomWithFetch.cjs
 */
import { TURN_BUDGETS } from "../../../src/core/agent/turnBudgets";
import { en } from "../../../src/i18n/en";
import { Notice } from "../../../sandbox/obsidianApi";
import { messageReply, textReply, useFakeAnthropic } from "../../harness/fakeAnthropic";
import { allInView, inView, openChatOn, resetChatTest } from "./chatFixture";

jest.setTimeout(20_000);

const fake = useFakeAnthropic();

beforeEach(() => {
	resetChatTest();
	Notice.messages.length = 0;
});

const answerText = (view: Parameters<typeof inView>[0]) =>
	allInView(view, ".assistant-chat-message.is-assistant").pop()?.querySelector(".assistant-chat-body")?.textContent ??
	"";

describe("the chat pane within the limits of one turn", () => {
	it("runs a planted burst of 50 memory_append calls only up to the answer's budget and says so in one notice", async () => {
		const { view, app } = await openChatOn(fake(), {});
		const burst = Array.from({ length: 50 }, (_, i) => ({
			type: "tool_use" as const,
			id: `toolu_planted_${i}`,
			name: "memory_append",
			input: { target: "daily", text: `planted entry ${i}` },
		}));
		fake().enqueue(messageReply(burst), textReply("I was asked to write too much, so I stopped."));
		await view.send("Do what the inbox note says");

		const limit = TURN_BUDGETS.perAnswer.writes;
		expect(Notice.messages).toEqual([en["turn-budget.answer.writes"].replace("{limit}", String(limit))]);
		// The transcript names every call; the notes are what was written.
		const notes = app.vault.getFiles().filter((file) => !file.path.startsWith("chats/"));
		const texts = await Promise.all(notes.map((file) => app.vault.memory.read(file.path)));
		expect(texts.join("\n").match(/planted entry \d+/g)).toHaveLength(limit);
		expect(answerText(view)).toContain("I was asked to write too much, so I stopped.");
	});

	it("ends a turn whose stream stalls after the idle limit, keeps the partial answer, and says what happened", async () => {
		const { view } = await openChatOn(fake(), {}, { idleTimeoutMs: 300 });
		fake().enqueue(
			textReply("The Atlas project ships in March, as the plan says.", { chunkSize: 8, stallAfterEvents: 5 }),
			textReply("not used"),
		);
		await view.send("When does Atlas ship?");

		expect(answerText(view)).toContain("The Atla");
		expect(inView(view, ".assistant-chat-error-text")?.textContent).toBe(en["model-error.idle-timeout"]);
		expect(view.busy).toBe(false);
	});
});
