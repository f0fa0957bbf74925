import { backupFileName, loadPluginData, loadPluginDataFiles } from "../../../../src/core/workspace/data/load";
import { CURRENT_SCHEMA_VERSION } from "../../../../src/core/workspace/data/migrations";
import { defaultPluginData } from "../../../../src/core/workspace/data/pluginData";
import { defaultSettings } from "../../../../src/core/workspace/data/settings";
import { defaultState } from "../../../../src/core/workspace/data/state";
import { setLanguage, t } from "../../../../src/i18n";

/** Saved data of the current version; the privacy lists, there in every version, are added unless the settings are not an object. */
const current = (settings: unknown, state: unknown = {}) => ({
	schemaVersion: CURRENT_SCHEMA_VERSION,
	settings:
		typeof settings === "object" && settings !== null
			? { excludedFolders: [], excludedTags: [], ...settings }
			: settings,
	state,
});
/** The defaults, with every model call refused until the user has checked the privacy settings. */
const gated = () => ({ ...defaultPluginData(), state: { ...defaultState(), privacyReviewNeeded: true } });
const invalid = (field: string) => ({ key: "data.problem.invalid-field", params: { field } });
const missing = (field: string) => ({ key: "data.problem.missing-field", params: { field } });

describe("loading the plugin's data", () => {
	afterEach(() => setLanguage("en"));

	it.each([null, undefined])("starts from defaults on a first run (%p), with nothing to report", (raw) => {
		expect(loadPluginData(raw)).toEqual({ data: defaultPluginData(), problems: [], backupNeeded: false });
	});

	it("recovers from a file that is not JSON, keeping it as a backup", () => {
		const result = loadPluginDataFiles({ data: '{"settings": {"assistantFolder": "A"', lastGood: null });
		expect(result).toEqual({
			data: gated(),
			problems: [{ key: "data.problem.unreadable", params: {} }],
			backupNeeded: true,
		});
	});

	it.each([[[]], ["settings"], [42]])("recovers from JSON that is not an object (%p)", (raw) => {
		expect(loadPluginData(raw)).toEqual({
			data: gated(),
			problems: [{ key: "data.problem.not-an-object", params: {} }],
			backupNeeded: true,
		});
	});

	it("refuses data from a newer version instead of reading it as this one", () => {
		const raw = { ...current({ assistantFolder: "Assistant" }, { onboardingComplete: true }), schemaVersion: 3 };
		expect(loadPluginData(raw)).toEqual({
			data: gated(),
			problems: [{ key: "data.problem.future-version", params: { found: 3, supported: CURRENT_SCHEMA_VERSION } }],
			backupNeeded: true,
		});
		setLanguage("en");
		expect(t("data.problem.future-version", { found: 3, supported: 2 })).toBe(
			"The plugin's data was saved by a newer version (format 3; this version reads up to 2). It is not read until you update the plugin.",
		);
	});

	it("keeps every valid setting when some are invalid, and names each one reset", () => {
		const settings = {
			assistantFolder: "Assistant",
			dailyMemoryLocation: "somewhere",
			archiveRetentionDays: 0,
			excludedFolders: ["Private"],
			excludedTags: ["secret"],
			language: "zh",
			heartbeatEnabled: "yes",
			promptsFolder: { path: "Prompts" },
		};
		const result = loadPluginData(current(settings, { onboardingComplete: true, lastHeartbeatDate: "2026-01-31" }));
		expect(result.data.settings).toEqual({
			...defaultSettings(),
			assistantFolder: "Assistant",
			excludedFolders: ["Private"],
			excludedTags: ["secret"],
			language: "zh",
		});
		expect(result.data.state).toEqual({ ...defaultState(), onboardingComplete: true, lastHeartbeatDate: "2026-01-31" });
		expect(result.problems).toEqual([
			invalid("settings.dailyMemoryLocation"),
			invalid("settings.archiveRetentionDays"),
			invalid("settings.promptsFolder"),
			invalid("settings.heartbeatEnabled"),
		]);
		expect(result.backupNeeded).toBe(true);
	});

	it("keeps the valid entries of a list", () => {
		const result = loadPluginData(current({ excludedFolders: ["Private", 7, null, "Journal"] }));
		expect(result.data.settings.excludedFolders).toEqual(["Private", "Journal"]);
		expect(result.problems).toEqual([
			{ key: "data.problem.invalid-entries", params: { field: "settings.excludedFolders" } },
		]);
	});

	it("recovers corrupt state and keeps valid settings", () => {
		const state = {
			onboardingComplete: "true",
			lastHeartbeatDate: "2026-13-45",
			lastCheckpoint: { savedAt: "2026-01-31T09:00:00+01:00", doing: "Chapter 2", nextAction: 3 },
		};
		const result = loadPluginData(current({ assistantFolder: "Assistant", archiveRetentionDays: 90 }, state));
		expect(result.data.state).toEqual(defaultState());
		expect(result.data.settings).toEqual({
			...defaultSettings(),
			assistantFolder: "Assistant",
			archiveRetentionDays: 90,
		});
		expect(result.problems).toEqual([
			invalid("state.onboardingComplete"),
			invalid("state.lastHeartbeatDate"),
			invalid("state.lastCheckpoint"),
		]);
		expect(result.backupNeeded).toBe(true);
	});

	it("keeps a valid checkpoint", () => {
		const checkpoint = { savedAt: "2026-01-31T09:00:00+01:00", doing: "Chapter 2", nextAction: "Check the figures" };
		expect(loadPluginData(current({}, { lastCheckpoint: checkpoint })).data.state.lastCheckpoint).toEqual(checkpoint);
	});

	it("replaces a whole section that is not an object, and keeps the other", () => {
		const result = loadPluginData(current("nonsense", { onboardingComplete: true }));
		expect(result.data.settings).toEqual(defaultSettings());
		expect(result.data.state.onboardingComplete).toBe(true);
		expect(result.problems).toEqual([
			invalid("settings"),
			missing("settings.excludedFolders"),
			missing("settings.excludedTags"),
		]);
		expect(result.data.state.privacyReviewNeeded).toBe(true);
	});

	it("gives fields added since the data was saved their defaults, without a problem or a backup", () => {
		const result = loadPluginData(current({ assistantFolder: "Assistant" }, { onboardingComplete: true }));
		expect(result.data.settings).toEqual({ ...defaultSettings(), assistantFolder: "Assistant" });
		expect(result.problems).toEqual([]);
		expect(result.backupNeeded).toBe(false);
	});

	it("drops fields it does not know", () => {
		const result = loadPluginData(current({ assistantFolder: "A", colour: "red" }, { hookTriggeredSessionId: "x" }));
		expect(result.data.settings).not.toHaveProperty("colour");
		expect(result.data.state).not.toHaveProperty("hookTriggeredSessionId");
	});

	it.each([
		["2", '"2"'],
		[null, "null"],
		[1.5, "1.5"],
	])("reads a file with an invalid version (%p) as the current shape, keeping what fits", (version, shown) => {
		const result = loadPluginData({ ...current({ assistantFolder: "Assistant" }), schemaVersion: version });
		expect(result.data.settings.assistantFolder).toBe("Assistant");
		expect(result.data.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
		expect(result.problems).toEqual([{ key: "data.problem.bad-version", params: { found: shown } }]);
		expect(result.backupNeeded).toBe(true);
	});

	it("hands out defaults that no other load shares", () => {
		const first = loadPluginData(null).data;
		first.settings.excludedFolders.push("Private");
		expect(loadPluginData(null).data.settings.excludedFolders).toEqual([]);
	});

	it("reports problems as interface strings in both languages", () => {
		const { problems } = loadPluginData(current({ language: "fr" }));
		const [problem] = problems;
		if (!problem) throw new Error("expected a problem");
		expect(t(problem.key, problem.params)).toBe(
			"The saved value of settings.language was invalid and was reset to its default.",
		);
		setLanguage("zh");
		expect(t(problem.key, problem.params)).toBe("settings.language 的保存值无效，已恢复为默认值。");
	});

	it("names the backup with a UTC time stamp that every file system accepts", () => {
		expect(backupFileName(new Date(Date.UTC(2026, 0, 31, 8, 15, 0, 123)))).toBe(
			"data.json.corrupt-2026-01-31T08-15-00Z.bak",
		);
	});
});
