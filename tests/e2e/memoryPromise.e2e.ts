import type { PluginState } from "../../src/core/workspace/data/state";
import { onboardedVault, PLUGIN_DATA } from "./harness/onboardedVault";
import { useSandbox } from "./harness/sandboxSession";
import { User } from "./harness/userActions";

const open = useSandbox();

const TODAY = "2026-03-15T10:00:00Z";

/** An onboarded vault, offline, with a day of candidates today, a day without, and an archived day never promoted. */
const VAULT = {
	...onboardedVault({ settings: { heartbeatEnabled: false } }),
	"memory/daily/2026-03-15.md":
		"# 2026-03-15\n\n## Log\n- Outlined chapter 2.\n\n## Candidate long-term memory\n- Mina writes best before noon.\n",
	"memory/daily/2026-03-14.md": "# 2026-03-14\n\n## Log\n- Read two papers.\n",
	"memory/archive/2025/2025-11-02.md":
		"# 2025-11-02\n\n## Log\n- Chose the topic.\n\n## Candidate long-term memory\n- The thesis is on sleep and memory.\n",
};

describe("promoting any day, in the sandbox", () => {
	it("offers today first in the day picker, marks the days whose candidates wait, and promotes an archived day picked by its date", async () => {
		const { page, screenshot, readFromDisk } = await open({ now: TODAY, files: VAULT });
		const user = new User(page);
		const picker = page.locator(".modal.prompt:not(.mod-command-palette)");
		const rows = picker.locator(".suggestion-item");

		await user.runCommand(user.text("command.promote-day"));
		await rows.first().waitFor();
		await expect(rows.first().locator(".suggestion-title").textContent()).resolves.toBe(
			user.text("promote.today", { date: "2026-03-15" }),
		);
		await expect(rows.first().locator(".suggestion-note").textContent()).resolves.toBe(
			user.text("promote.state.unpromoted"),
		);
		const archived = rows.filter({ hasText: "2025-11-02" });
		await expect(archived.locator(".suggestion-note").textContent()).resolves.toBe(
			`${user.text("promote.state.unpromoted")} ${user.text("promote.archived")}`,
		);
		await expect(page.locator(".suggestion-item.assistant-day-unpromoted").count()).resolves.toBe(2);
		await expect(rows.filter({ hasText: "2026-03-14" }).locator(".suggestion-note").textContent()).resolves.toBe(
			user.text("promote.state.nothing"),
		);
		await screenshot("memory-promote-day-picker");

		// Enter takes today.
		await picker.locator(".prompt-input").press("Enter");
		await page
			.locator(".notice", {
				hasText: user.text("notice.promotion.promoted", { date: "2026-03-15", path: "memory.md" }),
			})
			.waitFor();

		// An archived day, found by typing its month.
		await user.runCommand(user.text("command.promote-day"));
		await picker.locator(".prompt-input").fill("2025-11");
		await expect(rows.count()).resolves.toBe(1);
		await picker.locator(".prompt-input").press("Enter");
		await page
			.locator(".notice", {
				hasText: user.text("notice.promotion.promoted", { date: "2025-11-02", path: "memory.md" }),
			})
			.waitFor();

		const memory = await readFromDisk("memory.md");
		expect(memory).toContain("## Promoted from 2026-03-15\n\n- Mina writes best before noon.");
		expect(memory).toContain("## Promoted from 2025-11-02\n\n- The thesis is on sleep and memory.");
		await expect(readFromDisk("memory/archive/2025/2025-11-02.md")).resolves.toContain("<!-- promoted: 2025-11-02 -->");

		// Promoted now, the archived day says so the next time.
		await user.runCommand(user.text("command.promote-day"));
		await expect(rows.filter({ hasText: "2025-11-02" }).locator(".suggestion-note").textContent()).resolves.toBe(
			`${user.text("promote.state.promoted")} ${user.text("promote.archived")}`,
		);
		await expect(page.locator(".suggestion-item.assistant-day-unpromoted").count()).resolves.toBe(0);
	});
});

describe("checkpoint moments, in the sandbox", () => {
	it("offers a checkpoint when the user says they are leaving, offline, filled with what they were doing, and the next chat resumes it", async () => {
		const { page, screenshot, untilOnDisk } = await open({ now: TODAY, files: VAULT });
		const user = new User(page);
		await user.openChat();
		await user.ask("What does Dr. Lin want from the method chapter?");
		await user.waitForAnswer();
		await expect(page.locator(".assistant-chat-checkpoint-offer").count()).resolves.toBe(0);

		await user.ask("先走了，明天见");
		await user.waitForAnswer();
		const offer = page.locator(".assistant-chat-checkpoint-offer");
		await expect(offer.locator("span").textContent()).resolves.toBe(user.text("checkpoint.offer.leaving"));
		await screenshot("memory-checkpoint-offer");
		await user.press(offer, user.text("checkpoint.offer.save"));
		const form = user.modal(user.text("checkpoint.title"));
		await expect(form.locator(".assistant-checkpoint-doing").inputValue()).resolves.toBe(
			"What does Dr. Lin want from the method chapter?",
		);
		await form.locator(".assistant-checkpoint-next").fill("Rewrite the sampling paragraph");
		await user.press(form, user.text("checkpoint.save"));
		await untilOnDisk(
			PLUGIN_DATA,
			(text) =>
				(JSON.parse(text) as { state: PluginState }).state.lastCheckpoint?.nextAction ===
				"Rewrite the sampling paragraph",
		);
		await expect(
			untilOnDisk("memory/daily/2026-03-15.md", (text) => text.includes("Next: Rewrite the sampling paragraph")),
		).resolves.toContain("## Checkpoint");

		await user.runCommand(user.text("command.new-chat"));
		await expect(page.locator(".assistant-chat-resume").textContent()).resolves.toContain(
			"Rewrite the sampling paragraph",
		);
	});
});
