import { onboardedVault } from "./harness/onboardedVault";
import { useSandbox } from "./harness/sandboxSession";
import { User } from "./harness/userActions";

const open = useSandbox();

describe("the offline answer, in the sandbox with no key", () => {
	it("leads with the due date line and its working link, shows the tasks and numbered steps as lists, and no identity file", async () => {
		// The assistant's own files mention the thesis chapter too: they must still take no place in the answer.
		const files = { ...onboardedVault(), "user.md": "# User\n\n论文第二章什么时候交？ Mina asks this a lot.\n" };
		const { page, screenshot } = await open({ files });
		const user = new User(page);
		await user.openChat();

		await user.ask("论文第二章什么时候交？");
		await user.waitForAnswer();
		const answer = user.lastAnswer();
		const lead = answer.locator("blockquote").first();
		await expect(lead.textContent()).resolves.toContain("Chapter 2 draft, due to Dr. Lin on 2026-12-15");
		// The best line comes before every note's passage.
		const text = (await answer.textContent()) ?? "";
		expect(text.indexOf("Chapter 2 draft")).toBeLessThan(text.indexOf("Ethics approval"));
		// The thesis's tasks are real list items with their boxes, one a line.
		const tasks = answer.locator("li.task-list-item");
		await expect(tasks.count()).resolves.toBeGreaterThanOrEqual(4);
		await expect(
			answer
				.locator("li.task-list-item.is-checked", { hasText: "Ethics approval" })
				.locator("input[type=checkbox]")
				.count(),
		).resolves.toBe(1);
		await expect(
			answer.locator("li.task-list-item:not(.is-checked)", { hasText: "Book the sleep lab for January" }).count(),
		).resolves.toBe(1);
		// No `# Heading` shown as text, no link that goes nowhere, no identity file.
		expect(text).not.toMatch(/#\s?Thesis/);
		await expect(answer.locator("a.internal-link.is-unresolved").count()).resolves.toBe(0);
		for (const name of ["user", "soul", "claude", "memory", "HEARTBEAT"])
			await expect(answer.locator(`a.internal-link[data-href^="${name}"]`).count()).resolves.toBe(0);
		expect(text).not.toContain("Mina asks this a lot");
		await lead.scrollIntoViewIfNeeded();
		await screenshot("chat-offline-best-line");

		await lead.locator("a.internal-link", { hasText: "Status" }).click();
		await page.locator(".view-header-title", { hasText: "Thesis - sleep and memory" }).waitFor();

		await user.openChat();
		await user.ask("麻婆豆腐的做法？");
		await user.waitForAnswer();
		const recipe = user.lastAnswer();
		await expect(recipe.locator("ol > li").allTextContents()).resolves.toEqual(
			expect.arrayContaining([
				"豆腐切块，盐水焯一分钟。",
				"炒香牛肉末和豆瓣酱，加水煮开。",
				"放豆腐小火煮三分钟，勾芡两次。",
				"撒花椒粉和葱花。",
			]),
		);
	});
});
