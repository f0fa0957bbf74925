/**
 * @jest-environment ./tests/harness/jsdomWithFetch.cjs
 */
import { Menu } from "../../../sandbox/obsidianApi";
import { openChatInNewTab } from "../../../src/obsidian/chat/registerChat";
import { textReply, useFakeAnthropic } from "../../harness/fakeAnthropic";
import { allInView, openChatOn, resetChatTest, textsOf } from "./chatFixture";

jest.setTimeout(20_000);

const fake = useFakeAnthropic();

beforeEach(resetChatTest);

describe("a chat in a new tab", () => {
	it("is a chat of its own: the sidebar's conversation is neither shown nor sent there, and the sidebar keeps its own", async () => {
		fake().enqueue(textReply("Zebras in July."), textReply("Kayaks on the Wye."));
		const { app, view: sidebar, plugin } = await openChatOn(fake(), {});
		await sidebar.send("When do zebras migrate?");

		const tab = await openChatInNewTab(plugin);
		expect(tab).not.toBe(sidebar);
		expect(app.workspace.getLeavesOfType("assistant-workspace-chat")).toHaveLength(2);
		expect(allInView(tab, ".assistant-chat-message")).toHaveLength(0);
		await tab.send("Where shall we paddle?");

		expect(textsOf(allInView(tab, ".assistant-chat-message.is-user"))).toEqual(["Where shall we paddle?"]);
		expect(textsOf(allInView(sidebar, ".assistant-chat-message.is-user"))).toEqual(["When do zebras migrate?"]);
		expect(JSON.stringify(fake().messageBodies[1])).not.toContain("zebras");
	});

	it("is offered in the chat pane's menu", async () => {
		const { app, view } = await openChatOn(fake(), {});
		const menu = new Menu();
		view.onPaneMenu(menu as unknown as Parameters<typeof view.onPaneMenu>[0], "more-options");
		const item = menu.items.find((entry) => entry.title === "New chat in a new tab");
		expect(item).toBeDefined();
		item?.callback?.(new MouseEvent("click"));
		await new Promise((resolve) => setTimeout(resolve, 50));
		expect(app.workspace.getLeavesOfType("assistant-workspace-chat")).toHaveLength(2);
	});
});
