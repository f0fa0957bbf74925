import { textReply, useFakeAnthropic } from "../harness/fakeAnthropic";
import { FAKE_KEY, onboardedVault, PLUGIN_DATA } from "./harness/onboardedVault";
import { useSandbox } from "./harness/sandboxSession";
import { User } from "./harness/userActions";

const open = useSandbox();
const fake = useFakeAnthropic();

const MONDAY = "2026-03-16T10:00:00Z";
const AUDIT = ".obsidian/plugins/assistant-workspace/audit.jsonl";
const INBOX = {
	"Inbox/Nap study recruitment.md":
		"# Nap study recruitment\n\nPosters for the 48 participants of [[Thesis - sleep and memory]].\n",
	"Inbox/Sourdough starter.md": "# Sourdough starter\n\nFeed it twice a day, 1:1 flour and water.\n",
};

describe("progress while a model works, in the sandbox", () => {
	it("organizing the inbox shows its progress at once, counts the seconds, and Cancel stops the model with nothing written", async () => {
		// A model that takes its time: each piece of the answer comes after half a second.
		fake().enqueue(
			...Object.keys(INBOX).map(() =>
				textReply('{"folder": "Projects", "why": "A project of the thesis."}', { delayMs: 500 }),
			),
		);
		const { page, screenshot, readFromDisk } = await open({
			anthropicBaseURL: fake().baseURL,
			now: MONDAY,
			secrets: FAKE_KEY,
			files: { ...onboardedVault({ settings: { heartbeatEnabled: false } }), ...INBOX },
		});
		const user = new User(page);
		await user.runCommand(user.text("command.organize-inbox"));

		const what = user.text("organize.asking-model", { count: 2 });
		const progress = page.locator(".notice", { hasText: what });
		// Shown while the first answer is still on its way, which takes seconds.
		await progress.waitFor({ timeout: 1000 });
		// The seconds tick on (a check under load may see "2 seconds" go by rather than "1 second").
		await progress.filter({ hasText: /\(\d+ seconds?\)/ }).waitFor({ timeout: 3000 });
		await screenshot("progress-organize-inbox");
		await progress.getByRole("button", { name: user.text("progress.cancel"), exact: true }).click();

		await page.locator(".notice", { hasText: user.text("progress.cancelled") }).waitFor();
		await progress.waitFor({ state: "detached" });
		for (let waited = 0; fake().disconnects === 0 && waited < 3000; waited += 100) await page.waitForTimeout(100);
		expect(fake().disconnects).toBe(1);
		expect(fake().messageBodies).toHaveLength(1);
		await expect(page.locator(".modal").count()).resolves.toBe(0);
		for (const [path, text] of Object.entries(INBOX)) await expect(readFromDisk(path)).resolves.toBe(text);
		await expect(readFromDisk("Projects/Sourdough starter.md")).rejects.toThrow();
		await expect(readFromDisk(AUDIT)).rejects.toThrow();
		await screenshot("progress-cancelled");
	});
});

describe("the weekly summary while the model writes it, in the sandbox", () => {
	it("shows its progress at once, and Cancel leaves no summary note and no record in the trail", async () => {
		const day = "memory/daily/2026-03-10.md";
		fake().enqueue(textReply("Booked the sleep lab; chapter 2 is due on Friday.", { delayMs: 500 }));
		const { page, readFromDisk } = await open({
			anthropicBaseURL: fake().baseURL,
			now: MONDAY,
			secrets: FAKE_KEY,
			files: {
				...onboardedVault({ settings: { heartbeatEnabled: false } }),
				[day]: "# 2026-03-10\n\n## Log\n- 09:10 Booked the sleep lab.\n",
			},
		});
		const user = new User(page);
		await user.runCommand(user.text("command.build-weekly-summary"));
		await page.locator(".suggestion-item", { hasText: user.text("weekly.last-week", { week: "2026-W11" }) }).click();

		const progress = page.locator(".notice", { hasText: user.text("weekly.writing", { week: "2026-W11" }) });
		await progress.waitFor({ timeout: 1000 });
		await progress.getByRole("button", { name: user.text("progress.cancel"), exact: true }).click();
		await page.locator(".notice", { hasText: user.text("progress.cancelled") }).waitFor();
		await progress.waitFor({ state: "detached" });
		expect(fake().messageBodies).toHaveLength(1);
		await expect(readFromDisk("memory/weekly/2026-W11.md")).rejects.toThrow();
		await expect(readFromDisk(AUDIT)).rejects.toThrow();
		await expect(page.locator(`.nav-file-title[data-path="memory/weekly/2026-W11.md"]`).count()).resolves.toBe(0);
	});
});

describe("the heartbeat run by hand, in the sandbox", () => {
	it("shows its progress while the model is asked, and Cancel leaves today's memory and the heartbeat's state as they were", async () => {
		// Inside the active hours, and already run today: opening the vault asks nothing; the command does.
		const today = { state: { lastHeartbeatDate: "2026-03-16" } };
		fake().enqueue(textReply("Reminder: the thesis draft is due on Friday.", { delayMs: 500 }));
		const { page, readFromDisk } = await open({
			anthropicBaseURL: fake().baseURL,
			now: MONDAY,
			secrets: FAKE_KEY,
			files: onboardedVault(today),
		});
		const user = new User(page);
		const data = await readFromDisk(PLUGIN_DATA);
		await user.runCommand(user.text("command.run-heartbeat"));

		const progress = page.locator(".notice", { hasText: user.text("progress.heartbeat") });
		await progress.getByRole("button", { name: user.text("progress.cancel"), exact: true }).click();
		await page.locator(".notice", { hasText: user.text("progress.cancelled") }).waitFor();
		await progress.waitFor({ state: "detached" });
		expect(fake().messageBodies).toHaveLength(1);
		await expect(readFromDisk("memory/daily/2026-03-16.md")).rejects.toThrow();
		await expect(readFromDisk(PLUGIN_DATA)).resolves.toBe(data);
		await expect(page.locator(".assistant-chat-message.is-heartbeat").count()).resolves.toBe(0);
	});
});

describe("the assistant's changes, in the sandbox", () => {
	const MEMORY = "# Memory\n\n## Preferences\n- Short answers.\n";
	const TODAY = "memory/daily/2026-03-16.md";

	it("a promotion is on disk in audit.jsonl; Show assistant changes lists it, and Undo puts memory.md back on disk", async () => {
		const { page, screenshot, readFromDisk, untilOnDisk, reload } = await open({
			now: MONDAY,
			files: {
				"memory.md": MEMORY,
				[TODAY]:
					"# 2026-03-16\n\n## Log\n- Read chapter 2.\n\n## Candidate long-term memory\n- Prefers tea to coffee.\n",
			},
		});
		const user = new User(page);
		await user.runCommand(user.text("command.promote-today"));
		await untilOnDisk("memory.md", (text) => text.includes("Prefers tea to coffee."));
		const promoted = (await untilOnDisk(AUDIT, (text) => text.includes('"path":"memory.md"'))).trim().split("\n");
		expect(promoted.map((line) => (JSON.parse(line) as { path: string }).path).sort()).toEqual(["memory.md", TODAY]);

		await user.runCommand(user.text("command.show-assistant-changes"));
		const view = page.locator('.workspace-leaf-content[data-type="assistant-workspace-changes"]');
		await view.locator(".view-header-title", { hasText: user.text("audit.title") }).waitFor();
		const row = view
			.locator(".assistant-audit-row")
			.filter({ has: page.locator(".assistant-audit-note", { hasText: /^memory\.md$/ }) });
		await expect(row.locator(".assistant-audit-actor").textContent()).resolves.toBe(user.text("audit.actor.user"));
		await screenshot("audit-view");
		await row.getByRole("button", { name: user.text("audit.undo"), exact: true }).click();

		await page.locator(".notice", { hasText: user.text("audit.undone") }).waitFor();
		await expect(untilOnDisk("memory.md", (text) => text === MEMORY)).resolves.toBe(MEMORY);
		const restore =
			(await untilOnDisk(AUDIT, (text) => text.includes('"action":"restore"'))).trim().split("\n").at(-1) ?? "";
		expect(JSON.parse(restore)).toMatchObject({ action: "restore", path: "memory.md", actor: "user" });
		await view.locator(".assistant-audit-action", { hasText: user.text("audit.action.restore") }).waitFor();
		await screenshot("audit-undone");

		// Opened again, the vault keeps its trail: the changes view reads it back from disk.
		await reload();
		await user.runCommand(user.text("command.show-assistant-changes"));
		await view.locator(".assistant-audit-row").nth(promoted.length).waitFor();
		await expect(view.locator(".assistant-audit-row").count()).resolves.toBe(promoted.length + 1);
		await expect(readFromDisk("memory.md")).resolves.toBe(MEMORY);
	});
});
