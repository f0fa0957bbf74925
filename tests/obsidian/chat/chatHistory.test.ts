/**
 * @jest-environment ./tests/harness/jsdomWithFetch.cjs
 */
import type { ChatView } from "../../../src/obsidian/chat/chatView";
import { Notice } from "../../../sandbox/obsidianApi";
import { textReply, useFakeAnthropic } from "../../harness/fakeAnthropic";
import { until } from "../pluginFixture";
import { allInView, openChatOn, resetChatTest, sentMessages, textsOf } from "./chatFixture";

jest.setTimeout(20_000);

const fake = useFakeAnthropic();

const ZEBRAS = "chats/2026-03-01 0900 Zebra migration.md";
const KITCHEN = "chats/2026-03-04 1000 Kitchen budget.md";

/** A transcript as the chat saves it: frontmatter, then one section per turn. */
function transcript(created: string, turns: readonly string[][]): string {
	const frontmatter = ["---", `created: ${created}`, "model: claude-x", "tags:", "  - assistant-chat", "---"];
	return [...frontmatter, ...turns.flatMap((turn) => ["", ...turn]), ""].join("\n");
}

const FILES = {
	"Notes/Zebras.md": "# Zebras\n\nThey cross the Mara river in July.\n",
	[ZEBRAS]: transcript("2026-03-01T09:00:00+00:00", [
		[
			"## You · 2026-03-01 09:00",
			"",
			"When do zebras migrate?",
			"",
			"## Assistant",
			"",
			'- Tool memory_search (query: "zebra migration")',
			"",
			"In July, see [[Zebras]].",
			"",
			"*Tokens: 100 in, 20 out · ≈ $0.01*",
		],
	]),
	[KITCHEN]: transcript("2026-03-04T10:00:00+00:00", [
		[
			"## You · 2026-03-04 10:00",
			"",
			"What was the kitchen budget?",
			"",
			"## Assistant",
			"",
			"Twelve thousand.",
			"",
			"*Tokens: 50 in, 5 out · ≈ $0.01*",
		],
	]),
};

beforeEach(resetChatTest);

const modalItems = () => Array.from(document.querySelectorAll<HTMLElement>(".prompt .suggestion-item"));
const modalTitles = () => textsOf(Array.from(document.querySelectorAll(".prompt .suggestion-title")));

/** Opens the history from the pane's header, as the user does, and waits for its list. */
async function openHistory(view: ChatView, count: number): Promise<void> {
	view.containerEl.querySelector<HTMLElement>('.view-action[data-icon="history"]')?.click();
	await until(() => modalItems().length === count, `${count} chats in the history`);
}

function rowOf(title: string): HTMLElement {
	const row = modalItems().find((item) => item.querySelector(".suggestion-title")?.textContent === title);
	if (row === undefined) throw new Error(`no chat "${title}" in the history`);
	return row;
}

describe("the chat history", () => {
	it("lists past chats newest first by title; reopening one shows its turns and the conversation goes on in its transcript", async () => {
		const { app, view } = await openChatOn(fake(), FILES);
		await openHistory(view, 2);
		expect(modalTitles()).toEqual(["Kitchen budget", "Zebra migration"]);

		rowOf("Zebra migration").click();
		await until(() => allInView(view, ".assistant-chat-message.is-user").length === 1, "the reopened chat");
		expect(document.querySelector(".prompt")).toBeNull();
		expect(textsOf(allInView(view, ".assistant-chat-message.is-user"))).toEqual(["When do zebras migrate?"]);
		expect(textsOf(allInView(view, ".assistant-chat-chip summary"))).toEqual(['Searched memory for "zebra migration"']);
		expect(textsOf(allInView(view, ".assistant-chat-body"))).toEqual(["In July, see Zebras."]);
		expect(textsOf(allInView(view, ".assistant-chat-usage"))).toEqual(["120 tokens"]);

		fake().enqueue(textReply("Still in July."));
		await view.send("And the calves?");
		const sent = sentMessages(fake(), 0);
		expect(sent.slice(0, 2)).toEqual(["When do zebras migrate?", "In July, see [[Zebras]]."]);
		expect(sent[2]).toContain("And the calves?");
		const saved = await app.vault.memory.read(ZEBRAS);
		expect(saved).toMatch(/In July, see \[\[Zebras\]\]\.[\s\S]*And the calves\?[\s\S]*Still in July\./);
		expect(app.vault.getMarkdownFiles().filter((file) => file.path.startsWith("chats/"))).toHaveLength(2);
	});

	it("renames a chat through the file manager, and a reopened chat goes on under its new name", async () => {
		const { app, view } = await openChatOn(fake(), FILES);
		await openHistory(view, 2);
		rowOf("Zebra migration").click();
		await until(() => allInView(view, ".assistant-chat-message.is-user").length === 1, "the reopened chat");

		await openHistory(view, 2);
		rowOf("Zebra migration").querySelector<HTMLElement>(".assistant-chat-history-rename")?.click();
		// Renaming does not choose the row: the history stays open under the rename prompt.
		expect(document.querySelector(".prompt")).not.toBeNull();
		const input = document.querySelector<HTMLInputElement>(".assistant-chat-rename-input");
		if (input === null) throw new Error("no rename prompt");
		expect(input.value).toBe("Zebra migration");
		input.value = "Zebras: the Mara crossing";
		input.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter" }));
		const renamed = "chats/2026-03-01 0900 Zebras the Mara crossing.md";
		await until(() => modalTitles().includes("Zebras the Mara crossing"), "the new title in the list");
		expect(app.calls.count("fileManager.renameFile")).toBe(1);
		expect(app.vault.getFileByPath(ZEBRAS)).toBeNull();
		expect(app.vault.getFileByPath(renamed)).not.toBeNull();

		fake().enqueue(textReply("Still in July."));
		await view.send("And the calves?");
		expect(await app.vault.memory.read(renamed)).toContain("And the calves?");
		expect(app.vault.getMarkdownFiles().filter((file) => file.path.startsWith("chats/"))).toHaveLength(2);
	});

	it("deletes a chat to the trash on a second click the button asks for in words, confirms it in a notice, and the list follows", async () => {
		const { app, view } = await openChatOn(fake(), FILES);
		await openHistory(view, 2);
		const remove = () => rowOf("Kitchen budget").querySelector<HTMLElement>(".assistant-chat-history-delete");
		remove()?.click();
		expect(app.calls.count("fileManager.trashFile")).toBe(0);
		expect(remove()?.getAttribute("aria-label")).toBe("Click again to move this chat to the trash");
		expect(remove()?.textContent).toBe("Click again to delete");
		expect(rowOf("Kitchen budget").querySelector(".assistant-chat-history-rename")?.textContent).toBe("Rename");
		remove()?.click();
		await until(() => modalItems().length === 1, "the list without the deleted chat");
		expect(app.calls.count("fileManager.trashFile")).toBe(1);
		expect(app.vault.memory.trashed.map((file) => file.path)).toEqual([KITCHEN]);
		expect(Notice.messages).toContain("Moved the chat Kitchen budget to the trash.");
		expect(modalTitles()).toEqual(["Zebra migration"]);
		// The pane still shows no chat: deleting chose nothing.
		expect(allInView(view, ".assistant-chat-message")).toHaveLength(0);
	});
});
