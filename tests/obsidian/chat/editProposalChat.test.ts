/**
 * @jest-environment ./tests/harness/jsdomWithFetch.cjs
 */
import { Notice, type App } from "../../../sandbox/obsidianApi";
import type { ChatView } from "../../../src/obsidian/chat/chatView";
import { textReply, toolUseReply, useFakeAnthropic } from "../../harness/fakeAnthropic";
import { until } from "../pluginFixture";
import { allInView, inView, openChatOn, resetChatTest, sentMessages } from "./chatFixture";

jest.setTimeout(30_000);

const fake = useFakeAnthropic();

const PATH = "Notes/Trip.md";
const TRIP = "# Trip\n\nDay one: Paris.\n\nDay two: Lyon.\n";
const EDITS = [
	{ find: "Day one: Paris.", replace: "Day one: Paris, the Louvre." },
	{ find: "Day two: Lyon.", replace: "Day two: Lyon, by train." },
];

beforeEach(resetChatTest);

const read = (app: App) => app.vault.read(app.vault.getFileByPath(PATH)!);

/** The chat after the model proposed `EDITS` to the trip note. */
async function proposed() {
	fake().enqueue(
		toolUseReply("note_edit", { path: PATH, edits: EDITS, reason: "Add the sights and the train." }),
		textReply("I proposed two changes; nothing is written until you apply them."),
	);
	const chat = await openChatOn(fake(), { [PATH]: TRIP });
	await chat.view.send("Add detail to my trip note.");
	const card = inView(chat.view, ".assistant-edit-card");
	if (card === null) throw new Error("no card");
	const press = (selector: string) => card.querySelector<HTMLButtonElement>(selector)?.click();
	const status = () => card.querySelector(".assistant-edit-card-status")?.textContent ?? "";
	return { ...chat, card, press, status };
}

/** The view's own way in: reopening its transcript, as the history does on a click. */
async function reopen(view: ChatView): Promise<void> {
	const transcript = view.app.vault.getFiles().find((file) => file.path.startsWith("chats/"));
	if (transcript === undefined) throw new Error("no transcript");
	await view.reopen(transcript);
}

describe("a proposed edit in the chat", () => {
	it("writes nothing until applied, then exactly the accepted hunk; Undo puts the note back", async () => {
		const { app, card, press, status } = await proposed();
		expect(card.querySelectorAll(".assistant-edit-hunk")).toHaveLength(2);
		expect(await read(app)).toBe(TRIP);
		card.querySelector<HTMLButtonElement>('.assistant-edit-hunk[data-hunk="1"] .assistant-edit-accept')?.click();
		press(".assistant-edit-apply");
		await until(() => status().startsWith("Applied"), "the edit to be applied");
		expect(status()).toBe("Applied 1 change to Trip.");
		expect(await read(app)).toBe(TRIP.replace(EDITS[1].find, EDITS[1].replace));
		press(".assistant-chat-undo");
		await until(() => card.classList.contains("is-undone"), "the undo");
		expect(await read(app)).toBe(TRIP);
	});

	it("refuses a proposal the note has moved on from, and Ask again sends the assistant back to the note", async () => {
		const { app, view, card, press, status } = await proposed();
		await app.vault.modify(app.vault.getFileByPath(PATH)!, `${TRIP}\nDay three: Nice.\n`);
		press(".assistant-edit-accept-all");
		press(".assistant-edit-apply");
		await until(() => card.classList.contains("is-stale"), "the stale state");
		expect(status()).toBe("The note Trip changed since this was proposed, so nothing was written.");
		expect(await read(app)).toBe(`${TRIP}\nDay three: Nice.\n`);
		fake().enqueue(textReply("I will read it again."));
		press(".assistant-edit-ask-again");
		await until(() => fake().messageBodies.length === 3, "the question asked again");
		expect(sentMessages(fake(), 2).at(-1)).toContain(`Read ${PATH} again as it is now`);
		await until(() => !view.busy, "the answer");
	});

	it("says to wait when Ask again is pressed while an answer is running, and sends nothing", async () => {
		const { app, view, card, press } = await proposed();
		await app.vault.modify(app.vault.getFileByPath(PATH)!, `${TRIP}\nDay three: Nice.\n`);
		press(".assistant-edit-accept-all");
		press(".assistant-edit-apply");
		await until(() => card.classList.contains("is-stale"), "the stale state");
		fake().enqueue(textReply("A slow answer, word by word.", { chunkSize: 1, delayMs: 20 }));
		void view.send("Meanwhile, another question.");
		await until(() => view.busy, "the answer to start");
		press(".assistant-edit-ask-again");
		expect(Notice.messages).toContain("The chat is still answering: ask again once the answer is done.");
		expect(card.querySelector<HTMLButtonElement>(".assistant-edit-ask-again")?.disabled).toBe(false);
		await until(() => !view.busy, "the answer");
		expect(fake().messageBodies).toHaveLength(3);
	});

	// A selection attached in the composer waits for the message the user writes there: the chat's
	// own message (Ask again) neither takes it nor is confined to it.
	it("asks again without the selection the user attached for their next message", async () => {
		const { app, view, card, press } = await proposed();
		await app.vault.modify(app.vault.getFileByPath(PATH)!, `${TRIP}\nDay three: Nice.\n`);
		press(".assistant-edit-accept-all");
		press(".assistant-edit-apply");
		await until(() => card.classList.contains("is-stale"), "the stale state");
		const from = TRIP.indexOf("Day two");
		view.attachSelection(
			{ path: PATH, from, to: from + "Day two: Lyon.".length, text: "Day two: Lyon.", lines: { first: 5, last: 5 } },
			"ask",
		);
		fake().enqueue(textReply("I will read it again."));
		press(".assistant-edit-ask-again");
		await until(() => fake().messageBodies.length === 3, "the question asked again");
		expect(JSON.stringify(fake().messageBodies[2])).not.toContain("<selected-text>");
		await until(() => !view.busy, "the answer");
		expect(inView(view, ".assistant-chat-selection")).not.toBeNull();
	});

	it("shows a proposal of a reopened chat as no longer applicable, with Ask again", async () => {
		const { view } = await proposed();
		await reopen(view);
		const cards = allInView(view, ".assistant-edit-card");
		expect(cards).toHaveLength(1);
		expect(cards[0].classList.contains("is-expired")).toBe(true);
		expect(cards[0].querySelector(".assistant-edit-card-note")?.textContent).toBe("Trip");
		expect(cards[0].querySelector(".assistant-edit-apply")).toBeNull();
		expect(cards[0].querySelector(".assistant-edit-ask-again")).not.toBeNull();
	});
});
