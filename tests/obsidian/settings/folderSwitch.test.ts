/**
 * @jest-environment jsdom
 */
import { Notice } from "../../../sandbox/obsidianApi";
import { drawRow, resetSettingsTest, settingsTabOn, settle } from "./settingsTabFixture";

beforeEach(resetSettingsTest);

const modal = () => document.body.querySelector<HTMLElement>(".modal");
const modalButton = (text: string) =>
	Array.from(modal()?.querySelectorAll("button") ?? []).find((button) => button.textContent === text);

/** Picks `folder` in the folder field, clicks Switch, and waits for the confirmation. */
async function pickAndSwitch(tab: ReturnType<typeof settingsTabOn>["tab"], folder: string) {
	await tab.setControlValue("assistantFolder", folder);
	const row = drawRow(tab, "Workspace", "Switch folder");
	row.button("Switch")?.click();
	await settle();
	return row;
}

describe("switching the assistant folder", () => {
	it("changes nothing when a folder is only picked, and says what the switch will do", async () => {
		const { tab, settingsStore, saved } = settingsTabOn({ "Notes/a.md": "# A" });
		const row = drawRow(tab, "Workspace", "Switch folder");
		expect(row.button("Switch")?.disabled).toBe(true);
		await tab.setControlValue("assistantFolder", "Assistant/");
		expect(settingsStore.settings.assistantFolder).toBe("");
		expect(saved()).toBeNull();
		expect(tab.getControlValue("assistantFolder")).toBe("Assistant");
		expect(row.setting.descEl.getText()).toBe(
			"Picked: Assistant. Switching first checks the folder and asks what to do there.",
		);
		expect(row.button("Switch")?.disabled).toBe(false);
	});

	it("says an empty folder is empty, and one that does not exist yet will be created", async () => {
		const { app, tab } = settingsTabOn({ "Notes/a.md": "# A" });
		await app.vault.createFolder("Empty");
		await pickAndSwitch(tab, "Empty");
		expect(modal()?.textContent).toContain("Empty is empty.");
		modalButton("Cancel")?.click();
		await settle();
		await pickAndSwitch(tab, "Assistant");
		expect(modal()?.textContent).toContain("Assistant does not exist yet: it will be created.");
		expect(modal()?.textContent).not.toContain("Assistant is empty.");
	});

	it("initializes an empty folder after the user confirms, and only then changes the setting", async () => {
		const { app, tab, settingsStore, saved } = settingsTabOn({ "Notes/a.md": "# A" });
		await pickAndSwitch(tab, "Assistant");
		expect(modal()?.textContent).toContain("Assistant does not exist yet: it will be created.");
		expect(modal()?.textContent).toContain("The setting changes only after this step succeeds.");
		expect(settingsStore.settings.assistantFolder).toBe("");
		modalButton("Initialize and switch")?.click();
		await settle();
		expect(modal()).toBeNull();
		expect(app.vault.getAbstractFileByPath("Assistant/soul.md")).not.toBeNull();
		expect(app.vault.getAbstractFileByPath("Assistant/HEARTBEAT.md")).not.toBeNull();
		expect(saved()?.settings.assistantFolder).toBe("Assistant");
		expect(Notice.messages).toEqual(["The assistant now uses Assistant."]);
	});

	it("offers to adopt an existing workspace or run onboarding again, which resets onboarding and keeps every file", async () => {
		const files = {
			"Me/soul.md": "# Soul\nMine.\n",
			"Me/user.md": "# User\n",
			"Me/claude.md": "# Rules\n",
			"Me/memory.md": "# Memory\n",
		};
		const { app, tab, settingsStore, onboarding, saved } = settingsTabOn(files);
		await settingsStore.updateState({ onboardingComplete: true });
		await pickAndSwitch(tab, "Me");
		expect(modal()?.textContent).toContain("Me already holds an assistant workspace");
		expect(modalButton("Adopt and switch")).toBeDefined();
		modalButton("Adopt and run onboarding")?.click();
		await settle();
		expect(saved()?.settings.assistantFolder).toBe("Me");
		expect(saved()?.state.onboardingComplete).toBe(false);
		expect(onboarding.calls).toEqual(["conversation"]);
		expect(await app.vault.adapter.read("Me/soul.md")).toBe("# Soul\nMine.\n");
	});

	it("leaves everything as it was when the step fails", async () => {
		// A file named like the memory folder stands in the way of memory/daily.
		const { tab, settingsStore, saved } = settingsTabOn({ "Target/memory": "not a folder" });
		await settingsStore.updateSettings({ archiveRetentionDays: 45 });
		await pickAndSwitch(tab, "Target");
		modalButton("Initialize and switch")?.click();
		await settle();
		expect(settingsStore.settings.assistantFolder).toBe("");
		expect(saved()?.settings.assistantFolder).toBe("");
		expect(Notice.messages[0]).toMatch(/^The assistant folder was not changed: Target\/memory/);
	});

	it("does nothing on cancel", async () => {
		const { tab, settingsStore, saved } = settingsTabOn();
		await pickAndSwitch(tab, "Assistant");
		modalButton("Cancel")?.click();
		await settle();
		expect(modal()).toBeNull();
		expect(settingsStore.settings.assistantFolder).toBe("");
		expect(saved()).toBeNull();
	});
});
