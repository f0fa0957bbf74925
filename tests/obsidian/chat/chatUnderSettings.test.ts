/**
 * @jest-environment ./tests/harness/jsdomWithFetch.cjs
 */
import { estimateTokens } from "../../../src/core/agent/context";
import { openChat } from "../../../src/obsidian/chat/registerChat";
import { textReply, toolUseReply, useFakeAnthropic } from "../../harness/fakeAnthropic";
import { until } from "../pluginFixture";
import { inView, openChatOn, resetChatTest } from "./chatFixture";

jest.setTimeout(20_000);

const fake = useFakeAnthropic();

beforeEach(resetChatTest);

/** `memory.md` grown past the default cap of 2,000 tokens, but well within 6,000. */
const GROWN_MEMORY = `# Memory\n\n${Array.from({ length: 200 }, (_, n) => `- Day ${n + 1}: worked on the Lyon silk archives, chapter ${n % 7}.\n`).join("")}`;

/** The system prompt of the request sent `index`-th. */
const systemOf = (index: number) =>
	(fake().messageBodies[index] as { system: { text: string }[] }).system.map((block) => block.text).join("\n");

describe("the chat under the user's settings", () => {
	it("captures with capture_note into the inbox folder the settings name", async () => {
		const { view, app } = await openChatOn(fake(), {}, { settings: { inboxFolder: "00 Inbox" } });
		fake().enqueue(
			toolUseReply("capture_note", { title: "Call the archive", text: "Ask about the registers." }),
			textReply("Captured."),
		);
		await view.send("Capture: call the archive about the registers");
		const captured = app.vault.getFiles().filter((file) => !file.path.startsWith("chats/"));
		expect(captured.map((file) => file.path)).toEqual([
			expect.stringMatching(/^00 Inbox\/\d{4}-\d{2}-\d{2} Call the archive\.md$/),
		]);
	});

	it("shows memory.md whole in hot memory under a larger cap, and as a view under the default one", async () => {
		expect(estimateTokens(GROWN_MEMORY)).toBeGreaterThan(2000);
		expect(estimateTokens(GROWN_MEMORY)).toBeLessThan(5500);
		const roomy = await openChatOn(fake(), { "memory.md": GROWN_MEMORY }, { settings: { hotMemoryCapTokens: 6000 } });
		fake().enqueue(textReply("Noted."), textReply("Noted."));
		await roomy.view.send("Hello");
		expect(systemOf(0)).toContain("- Day 1: worked on the Lyon silk archives");
		expect(systemOf(0)).not.toContain("A view of memory.md");

		const tight = await openChatOn(fake(), { "memory.md": GROWN_MEMORY });
		await tight.view.send("Hello");
		expect(systemOf(1)).toContain("A view of memory.md");
		expect(systemOf(1)).not.toContain("- Day 1: worked on the Lyon silk archives");
	});

	it("says once, in one line, that long-term memory is over its cap, and its button opens the consolidation", async () => {
		const { view, plugin } = await openChatOn(fake(), { "memory.md": GROWN_MEMORY }, { key: null });
		const line = () => inView(view, ".assistant-chat-over-cap");
		await until(() => line()?.isShown() === true, "the over-cap line");
		expect(line()?.querySelector("span")?.textContent).toMatch(
			/^Long-term memory is about [\d,]+ tokens, past its cap of 2,000\.$/,
		);

		line()?.querySelector<HTMLButtonElement>(".assistant-chat-over-cap-consolidate")?.click();
		await until(
			() => document.querySelector(".modal .modal-title")?.textContent === "Consolidate memory.md",
			"the consolidation modal",
		);
		expect(line()?.isShown()).toBe(false);

		// Not again this session: not after a turn, nor in a new chat, nor in a pane opened anew.
		await view.send("Anything new?");
		view.newChat();
		await new Promise((resolve) => setTimeout(resolve, 50));
		expect(line()?.isShown()).toBe(false);
		await view.leaf.detach();
		const reopened = await openChat(plugin);
		await new Promise((resolve) => setTimeout(resolve, 50));
		expect(inView(reopened, ".assistant-chat-over-cap")?.isShown()).toBe(false);
	});

	it("says nothing while memory fits the cap the settings set", async () => {
		const { view } = await openChatOn(
			fake(),
			{ "memory.md": GROWN_MEMORY },
			{ key: null, settings: { hotMemoryCapTokens: 6000 } },
		);
		await view.send("Anything new?");
		await new Promise((resolve) => setTimeout(resolve, 50));
		expect(inView(view, ".assistant-chat-over-cap")?.isShown()).toBe(false);
	});
});
