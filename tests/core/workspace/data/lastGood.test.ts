import { loadPluginDataFiles } from "../../../../src/core/workspace/data/load";
import { CURRENT_SCHEMA_VERSION } from "../../../../src/core/workspace/data/migrations";
import type { PluginData } from "../../../../src/core/workspace/data/pluginData";
import { defaultSettings } from "../../../../src/core/workspace/data/settings";
import { defaultState } from "../../../../src/core/workspace/data/state";

/** What the user saved last: two private folders, two private tags, a language and a model. */
const GOOD: PluginData = {
	schemaVersion: CURRENT_SCHEMA_VERSION,
	settings: {
		...defaultSettings(),
		excludedFolders: ["Private", "Health"],
		excludedTags: ["secret", "therapy"],
		language: "zh",
		model: "claude-x",
	},
	state: { ...defaultState(), onboardingComplete: true },
};
const LAST_GOOD = JSON.stringify(GOOD, null, 2);

/** `GOOD` saved with `change` applied to its settings. */
function savedWith(settings: Record<string, unknown>, state: Record<string, unknown> = {}): string {
	return JSON.stringify({ ...GOOD, settings: { ...GOOD.settings, ...settings }, state: { ...GOOD.state, ...state } });
}

describe("the last good copy of data.json", () => {
	it("stands in whole for a file that cannot be read, which is kept as a backup", () => {
		const loaded = loadPluginDataFiles({ data: LAST_GOOD.slice(0, 120), lastGood: LAST_GOOD });
		expect(loaded.data).toEqual(GOOD);
		expect(loaded.backupNeeded).toBe(true);
		expect(loaded.problems.map((problem) => problem.key)).toEqual([
			"data.problem.unreadable",
			"data.problem.last-good-used",
		]);
	});

	it("stands in for a file from a newer version, which is refused as a whole", () => {
		const loaded = loadPluginDataFiles({
			data: JSON.stringify({ ...GOOD, schemaVersion: CURRENT_SCHEMA_VERSION + 1, settings: { excludedFolders: [] } }),
			lastGood: LAST_GOOD,
		});
		expect(loaded.data).toEqual(GOOD);
		expect(loaded.problems.map((problem) => problem.key)).toEqual([
			"data.problem.future-version",
			"data.problem.last-good-used",
		]);
	});

	it("gives an invalid field the last good copy's value and keeps every valid field of the damaged file", () => {
		const loaded = loadPluginDataFiles({
			data: savedWith({ language: 7, model: "claude-y", assistantFolder: "AI" }),
			lastGood: LAST_GOOD,
		});
		expect(loaded.data.settings).toEqual({
			...GOOD.settings,
			language: "zh",
			model: "claude-y",
			assistantFolder: "AI",
		});
		expect(loaded.problems).toEqual([
			{ key: "data.problem.invalid-field-last-good", params: { field: "settings.language" } },
		]);
	});

	it("never gives a broken privacy list the empty default: the last good copy's entries are kept with whatever was still valid", () => {
		const wrongType = loadPluginDataFiles({
			data: savedWith({ excludedFolders: "Private", excludedTags: null }),
			lastGood: LAST_GOOD,
		});
		expect(wrongType.data.settings.excludedFolders).toEqual(["Private", "Health"]);
		expect(wrongType.data.settings.excludedTags).toEqual(["secret", "therapy"]);
		expect(wrongType.data.state.privacyReviewNeeded).toBe(false);

		const badEntries = loadPluginDataFiles({ data: savedWith({ excludedFolders: ["Work", 3] }), lastGood: LAST_GOOD });
		expect(badEntries.data.settings.excludedFolders).toEqual(["Work", "Private", "Health"]);

		const lost = loadPluginDataFiles({ data: JSON.stringify({ ...GOOD, settings: "nonsense" }), lastGood: LAST_GOOD });
		expect(lost.data.settings).toEqual(GOOD.settings);
	});

	it("adds the last good copy's privacy entries to a file damaged elsewhere, whose valid lists may be stale", () => {
		const damaged = loadPluginDataFiles({
			data: savedWith({ excludedFolders: ["Work"], language: 7 }),
			lastGood: LAST_GOOD,
		});
		expect(damaged.data.settings.excludedFolders).toEqual(["Work", "Private", "Health"]);
		// A sound file is the user's own word, even where it hides less than the copy (edited by hand).
		const sound = loadPluginDataFiles({ data: savedWith({ excludedFolders: [] }), lastGood: LAST_GOOD });
		expect(sound.data.settings.excludedFolders).toEqual([]);
	});

	it("keeps the review the last good copy still awaits when the file is damaged, whatever the file's own flag says", () => {
		const awaiting = savedWith({}, { privacyReviewNeeded: true });
		expect(
			loadPluginDataFiles({ data: savedWith({ language: 7 }, { privacyReviewNeeded: false }), lastGood: awaiting }).data
				.state.privacyReviewNeeded,
		).toBe(true);
		// A sound file whose flag the user's confirmation cleared is the user's word.
		expect(
			loadPluginDataFiles({ data: savedWith({}, { privacyReviewNeeded: false }), lastGood: awaiting }).data.state
				.privacyReviewNeeded,
		).toBe(false);
	});

	it("stands in for a data.json that went missing: that is no first run", () => {
		const loaded = loadPluginDataFiles({ data: null, lastGood: LAST_GOOD });
		expect(loaded.data).toEqual(GOOD);
		expect(loaded.problems.map((problem) => problem.key)).toEqual(["data.problem.missing-last-good-used"]);
	});

	it("is not trusted when it is damaged itself: then the privacy settings are unknown and the review is needed", () => {
		const loaded = loadPluginDataFiles({ data: LAST_GOOD.slice(0, 50), lastGood: LAST_GOOD.slice(0, 60) });
		expect(loaded.data.settings.excludedFolders).toEqual([]);
		expect(loaded.data.state.privacyReviewNeeded).toBe(true);
		expect(loadPluginDataFiles({ data: null, lastGood: "{" }).data.state.privacyReviewNeeded).toBe(true);
		expect(
			loadPluginDataFiles({ data: savedWith({ excludedTags: 5 }), lastGood: savedWith({ language: 7 }) }).data.state
				.privacyReviewNeeded,
		).toBe(true);
	});
});

describe("the privacy review, without a last good copy", () => {
	it.each([
		["not JSON", '{"settings": {'],
		["empty", ""],
		["two objects", `${LAST_GOOD}${LAST_GOOD}`],
		["not an object", "[]"],
		["null", "null"],
		["from a newer version", JSON.stringify({ ...GOOD, schemaVersion: 99 })],
		["missing a privacy list", JSON.stringify({ ...GOOD, settings: { language: "zh" } })],
		["with a privacy list of the wrong type", savedWith({ excludedTags: "secret" })],
		["with an unreadable review flag", savedWith({}, { privacyReviewNeeded: "no" })],
		// Its default sends the notes to Anthropic, where the user may have chosen a server on their machine.
		["with a model provider it cannot read", savedWith({ modelProvider: "ollama" })],
	])("is needed when data.json is %s", (_, data) => {
		expect(loadPluginDataFiles({ data, lastGood: null }).data.state.privacyReviewNeeded).toBe(true);
	});

	it("is not needed for a model provider the last good copy gives, nor for a file saved before there was one", () => {
		const local = savedWith({ modelProvider: "compatible" });
		const loaded = loadPluginDataFiles({ data: savedWith({ modelProvider: 7 }), lastGood: local });
		expect(loaded.data.settings.modelProvider).toBe("compatible");
		expect(loaded.data.state.privacyReviewNeeded).toBe(false);
		const { modelProvider: _, ...older } = GOOD.settings;
		const before = loadPluginDataFiles({ data: JSON.stringify({ ...GOOD, settings: older }), lastGood: null }).data;
		expect(before.settings.modelProvider).toBe("anthropic");
		expect(before.state.privacyReviewNeeded).toBe(false);
	});

	it("is not needed for a sound file, nor on a first run, nor for a repaired file", () => {
		expect(loadPluginDataFiles({ data: LAST_GOOD, lastGood: null }).data).toEqual(GOOD);
		expect(loadPluginDataFiles({ data: null, lastGood: null }).data.state.privacyReviewNeeded).toBe(false);
		expect(loadPluginDataFiles({ data: `\uFEFF// mine\n${LAST_GOOD},`, lastGood: null })).toEqual({
			data: GOOD,
			problems: [{ key: "data.problem.repaired", params: {} }],
			backupNeeded: true,
		});
	});

	it("stays needed after a save: the saved flag keeps every model call refused until the user has checked", () => {
		const gated = loadPluginDataFiles({ data: "", lastGood: null }).data;
		const saved = JSON.stringify(gated);
		expect(loadPluginDataFiles({ data: saved, lastGood: saved })).toEqual({
			data: gated,
			problems: [],
			backupNeeded: false,
		});
		expect(gated.state.privacyReviewNeeded).toBe(true);
	});
});
