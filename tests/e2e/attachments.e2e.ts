import { textReply, useFakeAnthropic } from "../harness/fakeAnthropic";
import { FAKE_KEY, onboardedVault } from "./harness/onboardedVault";
import { useSandbox } from "./harness/sandboxSession";
import { User } from "./harness/userActions";

const open = useSandbox();
const fake = useFakeAnthropic();

/** The first bytes of a PNG file and a little more: what the composer checks a dropped image by. */
const PNG_BYTES = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52];

describe("attachments, in the sandbox", () => {
	it("takes a file dropped from the system as a chip, removable, and sends it as an image block with the message", async () => {
		fake().enqueue(textReply("It is the whiteboard from Tuesday's meeting."));
		const { page, screenshot } = await open({
			anthropicBaseURL: fake().baseURL,
			secrets: FAKE_KEY,
			// Quiet: the heartbeat would ask the model first, at the machine's own time.
			files: onboardedVault({ settings: { heartbeatEnabled: false } }),
		});
		const user = new User(page);
		await user.openChat();
		const composer = page.locator(".assistant-chat-composer");
		const dropFiles = (names: readonly string[]) =>
			composer.evaluate(
				(element, { names, bytes }) => {
					const data = new DataTransfer();
					for (const name of names) data.items.add(new File([new Uint8Array(bytes)], name, { type: "image/png" }));
					element.dispatchEvent(new DragEvent("dragover", { dataTransfer: data, bubbles: true, cancelable: true }));
					element.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
				},
				{ names, bytes: PNG_BYTES },
			);

		await dropFiles(["whiteboard.png", "extra.png"]);
		const chips = composer.locator(".assistant-chat-attachment");
		await expect(chips.allTextContents()).resolves.toEqual(["whiteboard.png", "extra.png"]);
		await page.locator(".assistant-chat-input").fill("What is on this picture?");
		await screenshot("attachment-chip");
		await chips
			.nth(1)
			.getByRole("button", { name: user.text("chat.attach.remove", { name: "extra.png" }) })
			.click();
		await expect(chips.allTextContents()).resolves.toEqual(["whiteboard.png"]);

		await page.locator(".assistant-chat-input").press("Enter");
		await user.waitForAnswer();
		await expect(user.lastAnswer().textContent()).resolves.toContain("whiteboard from Tuesday");
		await expect(chips.count()).resolves.toBe(0);
		// The message in the chat names the file sent with it.
		await expect(
			page.locator(".assistant-chat-message.is-user .assistant-chat-attachment").allTextContents(),
		).resolves.toEqual(["whiteboard.png"]);
		const [body] = fake().messageBodies as { messages: { role: string; content: { type: string }[] }[] }[];
		const last = body.messages[body.messages.length - 1];
		expect(last.content).toEqual([
			{
				type: "image",
				source: { type: "base64", media_type: "image/png", data: Buffer.from(PNG_BYTES).toString("base64") },
			},
			{ type: "text", text: expect.stringContaining("What is on this picture?") as unknown },
		]);
	});
});
