import { defaultSettings } from "../../src/core/workspace/data/settings";
import { settingFromControl, settingToControl } from "../../src/obsidian/settingControls";

describe("settings edited in the settings tab", () => {
	it("shows lists one entry a line and reads them back without blank lines or stray spaces", () => {
		const settings = { ...defaultSettings(), excludedFolders: ["Private", "Journal/secret"] };
		expect(settingToControl(settings, "excludedFolders")).toBe("Private\nJournal/secret");
		expect(settingFromControl("excludedFolders", "  Private \n\n Work/HR\n")).toEqual({
			excludedFolders: ["Private", "Work/HR"],
		});
	});

	it("reads pinned notes as vault paths, adding the extension the user left out", () => {
		expect(settingFromControl("pinnedNotes", " Projects/Atlas \n\n/memory.md\n")).toEqual({
			pinnedNotes: ["Projects/Atlas.md", "memory.md"],
		});
		expect(settingToControl({ ...defaultSettings(), pinnedNotes: ["a.md", "b/c.md"] }, "pinnedNotes")).toBe(
			"a.md\nb/c.md",
		);
	});

	it("keeps the assistant folder without leading or trailing slashes", () => {
		expect(settingFromControl("assistantFolder", " /Assistant/ ")).toEqual({ assistantFolder: "Assistant" });
	});

	it.each([
		["archiveRetentionDays", 0],
		["archiveRetentionDays", 2.5],
		["archiveRetentionDays", "30"],
		["dailyMemoryLocation", "elsewhere"],
		["language", "fr"],
		["nonexistent", "x"],
	])("ignores %s = %j, which no setting can hold", (key, value) => {
		expect(settingFromControl(key, value)).toBeNull();
	});

	it("accepts every value the controls offer", () => {
		expect(settingFromControl("archiveRetentionDays", 90)).toEqual({ archiveRetentionDays: 90 });
		expect(settingFromControl("dailyMemoryLocation", "daily-notes")).toEqual({ dailyMemoryLocation: "daily-notes" });
		expect(settingFromControl("language", "zh")).toEqual({ language: "zh" });
	});

	it("has no control value for a key that is not a setting", () => {
		expect(settingToControl(defaultSettings(), "toString")).toBeUndefined();
	});
});
