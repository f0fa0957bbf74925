/**
 * @jest-environment ./tests/harness/jsdomWithFetch.cjs
 */
import { textReply, useFakeAnthropic } from "../../harness/fakeAnthropic";
import { click, field, modalTitled, type } from "../commands/commandFixture";
import { until } from "../pluginFixture";
import { allInView, DATA, inView, openChatOn, resetChatTest } from "./chatFixture";

jest.setTimeout(20_000);

const fake = useFakeAnthropic();

const FILES = { "Projects/Atlas.md": "# Atlas\n\nThe Atlas field study starts in March.\n" };

beforeEach(resetChatTest);

describe("a checkpoint moment in the chat pane, offline", () => {
	it("offers a checkpoint when the user says goodbye, filled with what they were doing, and saves it as confirmed", async () => {
		const { view, app } = await openChatOn(fake(), FILES, { key: null, indexed: true });
		await view.send("Atlas field study");
		expect(inView(view, ".assistant-chat-checkpoint-offer")).toBeNull();
		await view.send("OK, bye!");
		const offer = inView(view, ".assistant-chat-checkpoint-offer");
		expect(offer?.textContent).toContain("Save a checkpoint before you go, so that the next chat picks up from here?");
		click(offer!, "Save checkpoint");
		const modal = await modalTitled("Save checkpoint");
		expect(field(modal, ".assistant-checkpoint-doing").value).toBe("Atlas field study");
		type(field(modal, ".assistant-checkpoint-next"), "Book the March site visit");
		click(modal, "Save");
		await until(
			() => (app.vault.adapter.hidden.get(DATA) ?? "").includes("Book the March site visit"),
			"the checkpoint",
		);
		expect(allInView(view, ".assistant-chat-checkpoint-offer")).toHaveLength(0);
		view.newChat();
		expect(inView(view, ".assistant-chat-resume")?.textContent).toContain("Book the March site visit");
		expect(fake().requests).toHaveLength(0);
	});

	it("lets the moment pass on Not now, with nothing written", async () => {
		const { view, app } = await openChatOn(fake(), FILES, { key: null, indexed: true });
		await view.send("晚安");
		click(inView(view, ".assistant-chat-checkpoint-offer")!, "Not now");
		expect(inView(view, ".assistant-chat-checkpoint-offer")).toBeNull();
		// The transcript is the only note: no daily memory, no checkpoint.
		expect(
			app.vault
				.getFiles()
				.map((file) => file.path)
				.filter((path) => !path.startsWith("chats/")),
		).toEqual(["Projects/Atlas.md"]);
		expect(app.vault.adapter.hidden.get(DATA) ?? "").not.toContain('lastCheckpoint":{');
	});

	it("offers none in a chat with a purpose of its own (the onboarding conversation), where a goodbye ends the setup, not work to resume", async () => {
		const { view } = await openChatOn(fake(), FILES);
		fake().enqueue(textReply("Hi! What should I call you?"), textReply("Nice to meet you. See you soon!"));
		await view.startMode({ ports: (ports) => ports, opening: "Start the onboarding.", answered: () => null });
		await until(() => !view.busy && fake().requests.length === 1, "the first question");
		await view.send("Call me Mei. Bye for now!");
		expect(fake().requests).toHaveLength(2);
		expect(inView(view, ".assistant-chat-checkpoint-offer")).toBeNull();
	});
});
