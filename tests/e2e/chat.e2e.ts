import { errorReply, textReply, toolUseReply, useFakeAnthropic } from "../harness/fakeAnthropic";
import { useSandbox } from "./harness/sandboxSession";
import { User } from "./harness/userActions";

const open = useSandbox();
const fake = useFakeAnthropic();

describe("the chat, in the sandbox", () => {
	it("answers offline with no key: a memory search chip, and [[citations]] that open the note", async () => {
		const { page, screenshot } = await open();
		const user = new User(page);
		await user.openChat();
		await expect(page.locator(".assistant-chat-offline").textContent()).resolves.toBe(user.text("chat.offline"));

		await user.ask("What does Dr. Lin want from the method chapter?");
		await user.waitForAnswer();
		const answer = user.lastAnswer();
		const chip = answer.locator(".assistant-chat-chip").first();
		await expect(chip.textContent()).resolves.toContain(
			user.text("chip.memory_search", { query: "What does Dr. Lin want from the method chapter?" }),
		);
		await expect(chip.getAttribute("class")).resolves.not.toContain("is-error");
		await expect(answer.textContent()).resolves.toContain(user.text("offline.answer.matches"));
		await screenshot("chat-offline-light");

		await answer.locator("a.internal-link", { hasText: "Dr. Lin" }).first().click();
		await page.locator(".view-header-title", { hasText: "Dr. Lin" }).waitFor();
		await expect(page.locator(".markdown-preview-view").textContent()).resolves.toContain("Supervisor of");
	});

	it("streams Claude's answer with a tool chip and a clickable citation (light and dark)", async () => {
		const reply =
			"Dr. Lin wants the method chapter to justify the 20-minute nap length, as noted in [[Dr. Lin]]. Drafts go to her as PDF.";
		fake().enqueue(
			toolUseReply("memory_search", { query: "Dr. Lin method chapter" }),
			textReply(reply, { chunkSize: 6, delayMs: 25 }),
		);
		const { page, screenshot, readFromDisk } = await open({ anthropicBaseURL: fake().baseURL });
		const user = new User(page);
		await user.enterApiKey("sk-ant-e2e-valid");
		await user.closeModal();
		await user.openChat();
		await expect(page.locator(".assistant-chat-offline").isVisible()).resolves.toBe(false);

		await user.ask("What does Dr. Lin want from the method chapter?");
		const answer = user.lastAnswer();
		const body = answer.locator(".assistant-chat-body");
		// Seen while it streams: part of the answer, not yet all of it.
		await page.waitForFunction(
			() => (document.querySelector(".is-streaming .assistant-chat-body")?.textContent ?? "").length > 10,
		);
		const partial = (await body.textContent()) ?? "";
		expect(partial.length).toBeLessThan(reply.length - 20);
		await user.waitForAnswer();

		const chip = answer.locator(".assistant-chat-chip").first();
		await expect(chip.textContent()).resolves.toContain(
			user.text("chip.memory_search", { query: "Dr. Lin method chapter" }),
		);
		await expect(chip.getAttribute("class")).resolves.not.toContain("is-error");
		await expect(body.textContent()).resolves.toContain("justify the 20-minute nap length");
		await expect(answer.locator(".assistant-chat-usage").isVisible()).resolves.toBe(true);
		// The real SDK, in the page, sent the key with the browser-access header, and the tool's result in a second request.
		const headers = fake()
			.requests.filter((request) => request.url.startsWith("/v1/messages"))
			.map((request) => request.headers);
		expect(headers).toHaveLength(2);
		expect(headers[0]).toMatchObject({
			authorization: "Bearer sk-ant-e2e-valid",
			"anthropic-dangerous-direct-browser-access": "true",
		});
		// The transcript is a note: in the file list at once, and in the vault folder on disk.
		const transcript = page.locator('.nav-file-title[data-path^="chats/"]');
		await transcript.waitFor();
		await expect(readFromDisk((await transcript.getAttribute("data-path")) ?? "")).resolves.toContain(
			"justify the 20-minute nap length",
		);
		await user.dismissNotices();
		await screenshot("chat-answer-light");
		await user.runCommand("Toggle light and dark theme");
		await expect(page.locator("body.theme-dark").count()).resolves.toBe(1);
		await screenshot("chat-answer-dark");

		await body.locator("a.internal-link", { hasText: "Dr. Lin" }).click();
		await page.locator(".view-header-title", { hasText: "Dr. Lin" }).waitFor();
		await expect(page.locator(".nav-file-title.is-active").textContent()).resolves.toBe("Dr. Lin");
	});

	it("stops an answer mid-stream and keeps what was written", async () => {
		const long = "Spaced repetition schedules reviews at growing intervals. ".repeat(30);
		fake().enqueue(textReply(long, { chunkSize: 4, delayMs: 20 }));
		const { page, screenshot } = await open({ anthropicBaseURL: fake().baseURL });
		const user = new User(page);
		await user.enterApiKey("sk-ant-e2e-valid");
		await user.closeModal();
		await user.openChat();

		await user.ask("Explain spaced repetition at length.");
		const stop = page.locator(".assistant-chat-send", { hasText: user.text("chat.stop") });
		await stop.waitFor();
		await page.waitForFunction(
			() => (document.querySelector(".is-streaming .assistant-chat-body")?.textContent ?? "").length > 40,
		);
		await stop.click();
		await user.waitForAnswer();

		const kept = (await user.lastAnswer().locator(".assistant-chat-body").textContent()) ?? "";
		expect(kept.length).toBeGreaterThan(0);
		expect(kept.length).toBeLessThan(long.trim().length);
		await page.waitForTimeout(300);
		await expect(user.lastAnswer().locator(".assistant-chat-body").textContent()).resolves.toBe(kept);
		expect(fake().disconnects).toBe(1);
		await screenshot("chat-stopped");
	});

	it("shows the error banner, without a retry, when Anthropic rejects the key", async () => {
		fake().modelsError = errorReply(401, { message: "invalid x-api-key" });
		fake().enqueue(errorReply(401, { message: "invalid x-api-key" }));
		const { page, screenshot } = await open({ anthropicBaseURL: fake().baseURL });
		const user = new User(page);
		await user.enterApiKey("sk-ant-wrong");
		await user.closeModal();
		await user.openChat();

		await user.ask("Hello?");
		const banner = page.locator(".assistant-chat-error");
		await banner.waitFor();
		await expect(banner.textContent()).resolves.toContain(user.text("model-error.invalid-key"));
		await expect(banner.locator("button").count()).resolves.toBe(0);
		await screenshot("chat-invalid-key");
	});
});
