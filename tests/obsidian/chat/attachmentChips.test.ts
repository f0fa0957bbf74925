/**
 * @jest-environment ./tests/harness/jsdomWithFetch.cjs
 */
import { Notice } from "../../../sandbox/obsidianApi";
import { textReply, useFakeAnthropic } from "../../harness/fakeAnthropic";
import { until } from "../pluginFixture";
import { allInView, openChatOn, resetChatTest, textsOf } from "./chatFixture";

jest.setTimeout(20_000);

const fake = useFakeAnthropic();

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
// Made in the test's realm: jsdom's TextEncoder gives an array the vault would not take for bytes.
const PDF = new Uint8Array([..."%PDF-1.7\n%%EOF\n"].map((char) => char.charCodeAt(0)));

const FILES = {
	"Notes/trip.md": "# Trip\nThe plan: [[itinerary.pdf]].",
	"Files/itinerary.pdf": PDF,
	"Files/receipt.png": PNG,
	"Diary/day.md": "---\nassistant: private\n---\n![[xray.png]]",
	"Files/xray.png": PNG,
};

beforeAll(() => {
	Element.prototype.scrollIntoView = () => undefined;
});
beforeEach(() => {
	resetChatTest();
	Notice.messages.length = 0;
});

async function chat() {
	const opened = await openChatOn(fake(), FILES);
	const input = opened.view.contentEl.querySelector<HTMLTextAreaElement>(".assistant-chat-input");
	if (input === null) throw new Error("no composer");
	const type = (text: string) => {
		input.value = text;
		input.dispatchEvent(new Event("input"));
	};
	const send = () =>
		input.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", cancelable: true, bubbles: true }));
	const chips = () => textsOf(allInView(opened.view, ".assistant-chat-attachment-name"));
	return { ...opened, input, type, send, chips };
}

type Body = { messages: { content: { type: string; source?: { media_type: string } }[] | string }[] };
const lastMessageTypes = (index: number) => {
	const body = fake().messageBodies[index] as Body;
	const last = body.messages[body.messages.length - 1].content;
	return typeof last === "string" ? ["text"] : last.map((block) => block.source?.media_type ?? block.type);
};

describe("attachment chips in the composer", () => {
	it("shows a [[mention]] of a PDF as a chip and sends it as a document before the words", async () => {
		const { view, type, send, chips } = await chat();
		type("What does [[itinerary.pdf]] say?");
		expect(chips()).toEqual(["itinerary.pdf"]);
		fake().enqueue(textReply("Lisbon on Monday."));
		send();
		await until(() => fake().messageBodies.length === 1 && !view.busy, "the message sent");
		expect(lastMessageTypes(0)).toEqual(["application/pdf", "text"]);
		expect(chips()).toEqual([]);
	});

	it("takes a mention's chip out of the text with its ×, and the file is not sent", async () => {
		const { view, input, type, send, chips } = await chat();
		type("Compare [[itinerary.pdf]] and [[receipt.png]]");
		expect(chips()).toEqual(["itinerary.pdf", "receipt.png"]);
		allInView(view, ".assistant-chat-attachment-remove")[1].click();
		expect(input.value).toBe("Compare [[itinerary.pdf]] and receipt.png");
		expect(chips()).toEqual(["itinerary.pdf"]);
		fake().enqueue(textReply("Done."));
		send();
		await until(() => fake().messageBodies.length === 1 && !view.busy, "the message sent");
		expect(lastMessageTypes(0)).toEqual(["application/pdf", "text"]);
	});

	it("refuses, once and with a notice, a file only a private note embeds", async () => {
		const { type, chips } = await chat();
		type("Look at [[xray.png]]");
		type("Look at [[xray.png]] now");
		expect(chips()).toEqual([]);
		expect(Notice.messages.filter((message) => message.includes("xray.png"))).toEqual([
			expect.stringContaining("private to the assistant") as unknown as string,
		]);
	});

	it("takes a file pasted from the system, and one dragged from the file explorer", async () => {
		const { app, view, input, chips } = await chat();
		const paste = new Event("paste", { cancelable: true }) as Event & { clipboardData: unknown };
		paste.clipboardData = { files: [new File([PNG], "screenshot.png", { type: "image/png" })] };
		input.dispatchEvent(paste);
		await until(() => chips().length === 1, "the pasted file's chip");
		(app as unknown as { dragManager: unknown }).dragManager = {
			draggable: { type: "file", file: { path: "Files/receipt.png" } },
		};
		const composer = view.contentEl.querySelector(".assistant-chat-composer");
		const drop = new Event("drop", { cancelable: true, bubbles: true }) as Event & { dataTransfer: unknown };
		drop.dataTransfer = { types: [], files: [] };
		composer?.dispatchEvent(drop);
		await until(() => chips().length === 2, "the dropped file's chip");
		expect(chips()).toEqual(["screenshot.png", "receipt.png"]);
		expect(drop.defaultPrevented).toBe(true);
	});
});
