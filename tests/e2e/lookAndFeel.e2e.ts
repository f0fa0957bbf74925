import type { Locator, Page } from "playwright-core";
import { textReply, useFakeAnthropic } from "../harness/fakeAnthropic";
import { useSandbox } from "./harness/sandboxSession";
import { User } from "./harness/userActions";

const open = useSandbox();
const fake = useFakeAnthropic();

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
	const found = await locator.boundingBox();
	if (found === null) throw new Error("The element is not shown.");
	return found;
}

/** The element with the keyboard focus: its classes, and whether the browser draws a focus ring for it. */
function focused(page: Page) {
	return page.evaluate(() => {
		const el = document.activeElement;
		if (!(el instanceof HTMLElement)) return null;
		const style = getComputedStyle(el);
		const ring = (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== "none";
		return { cls: el.className, focusVisible: el.matches(":focus-visible"), ring };
	});
}

describe("look and feel, in the sandbox", () => {
	it("streams without moving the composer; Enter sends, Esc stops, Tab shows where the focus is", async () => {
		const long = "A nap after learning protects new memories from interference. ".repeat(30);
		fake().enqueue(textReply(long, { chunkSize: 6, delayMs: 20 }));
		const { page, screenshot } = await open({ anthropicBaseURL: fake().baseURL });
		const user = new User(page);
		await user.enterApiKey("sk-ant-e2e-valid");
		await user.closeModal();
		await user.openChat();

		const input = page.locator(".assistant-chat-input");
		const send = page.locator(".assistant-chat-send");
		// From the text area, Tab goes to the send button, which shows it has the focus.
		await input.focus();
		await page.keyboard.press("Tab");
		await expect(focused(page)).resolves.toMatchObject({
			cls: expect.stringContaining("assistant-chat-send"),
			focusVisible: true,
			ring: true,
		});
		await screenshot("chat-focus-send");
		await page.keyboard.press("Shift+Tab");
		await expect(focused(page)).resolves.toMatchObject({ cls: expect.stringContaining("assistant-chat-input") });

		const composer = page.locator(".assistant-chat-composer");
		const before = { composer: await box(composer), input: await box(input) };
		await page.keyboard.type("Why does a nap help memory? Explain at length.");
		await page.keyboard.press("Enter");
		await page.locator(".assistant-chat-message.is-user").waitFor();
		// While the answer streams in, the composer and its text area stay where they were.
		const body = page.locator(".is-streaming .assistant-chat-body");
		const seen: { text: number; composer: Box; input: Box }[] = [];
		for (let sample = 0; sample < 8; sample++) {
			await page.waitForTimeout(80);
			seen.push({
				text: ((await body.textContent()) ?? "").length,
				composer: await box(composer),
				input: await box(input),
			});
		}
		expect(seen.at(-1)?.text ?? 0).toBeGreaterThan(seen[0].text);
		for (const { composer: during, input: inputDuring } of seen) {
			expect(during).toEqual(before.composer);
			expect(inputDuring).toEqual(before.input);
		}
		await screenshot("chat-streaming");

		// Esc stops the answer, with the focus still in the text area; what was written stays.
		await expect(send.textContent()).resolves.toBe(user.text("chat.stop"));
		await page.keyboard.press("Escape");
		await user.waitForAnswer();
		expect(fake().disconnects).toBe(1);
		const kept = (await user.lastAnswer().locator(".assistant-chat-body").textContent()) ?? "";
		expect(kept.length).toBeGreaterThan(0);
		expect(kept.length).toBeLessThan(long.trim().length);
		await expect(box(composer)).resolves.toEqual(before.composer);
	});

	it("draws the settings tab in the light and the dark theme", async () => {
		const { page, screenshot } = await open();
		const user = new User(page);
		await user.openSettings();
		const heading = page.locator(".mod-settings .setting-item-heading").first();
		const colours = () =>
			heading.evaluate((el) => [
				getComputedStyle(el).color,
				getComputedStyle(el.closest(".modal") ?? el).backgroundColor,
			]);
		const light = await colours();
		await screenshot("settings-light");
		await user.closeModal();
		await user.runCommand("Toggle light and dark theme");
		await user.openSettings();
		await expect(page.locator("body.theme-dark").count()).resolves.toBe(1);
		// The tab follows the theme: its text and its background both change.
		const dark = await colours();
		expect(dark[0]).not.toBe(light[0]);
		expect(dark[1]).not.toBe(light[1]);
		await screenshot("settings-dark");
	});

	it("fits the chat to a phone's width (390×844): no sideways scrolling, the composer on screen", async () => {
		const viewport = { width: 390, height: 844 };
		const { page, screenshot } = await open({ viewport });
		const user = new User(page);
		await user.openChat();
		await user.ask("What does Dr. Lin want from the method chapter?");
		await user.waitForAnswer();
		await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(
			viewport.width,
		);
		const chat = await box(page.locator(".assistant-chat"));
		expect(chat.x + chat.width).toBeLessThanOrEqual(viewport.width);
		const composer = await box(page.locator(".assistant-chat-composer"));
		expect(composer.y + composer.height).toBeLessThanOrEqual(viewport.height);
		const answer = await box(user.lastAnswer());
		expect(answer.x + answer.width).toBeLessThanOrEqual(viewport.width);
		// Each of the answer's buttons keeps its label on one line ("Copy", not "Cop" over "y").
		const buttons = user.lastAnswer().locator(".assistant-chat-actions > button");
		const lines = await buttons.evaluateAll((els) =>
			els.map((el) => {
				const range = document.createRange();
				range.selectNodeContents(el);
				return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
			}),
		);
		expect(lines.length).toBeGreaterThan(0);
		expect(lines.filter((count) => count > 1)).toEqual([]);
		await screenshot("chat-mobile");
	});
});
