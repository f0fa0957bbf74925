import { DEFAULT_MODEL } from "../../../../src/llm";
import { loadPluginData } from "../../../../src/core/workspace/data/load";
import { CURRENT_SCHEMA_VERSION, migrateToCurrent } from "../../../../src/core/workspace/data/migrations";
import type { PluginData } from "../../../../src/core/workspace/data/pluginData";
import { defaultSettings } from "../../../../src/core/workspace/data/settings";
import { defaultState } from "../../../../src/core/workspace/data/state";

/** One user's data as each version saved it. */
const SAVED_BY_VERSION: Record<number, Record<string, unknown>> = {
	0: {
		assistantFolder: "Assistant",
		dailyMemoryLocation: "daily-notes",
		archiveRetentionDays: 60,
		excludedFolders: ["Private"],
		excludedTags: ["secret"],
		language: "zh",
		onboardingComplete: true,
		lastCheckInDate: "2026-01-30",
		dailyCheckInEnabled: false,
	},
	1: {
		schemaVersion: 1,
		settings: {
			assistantFolder: "Assistant",
			dailyMemoryLocation: "daily-notes",
			archiveRetentionDays: 60,
			excludedFolders: ["Private"],
			excludedTags: ["secret"],
			language: "zh",
		},
		state: {
			onboardingComplete: true,
			lastCheckInDate: "2026-01-30",
			dailyCheckInEnabled: false,
			hookTriggeredSessionId: "session-7",
		},
	},
	2: {
		schemaVersion: 2,
		settings: {
			assistantFolder: "Assistant",
			dailyMemoryLocation: "daily-notes",
			archiveRetentionDays: 60,
			excludedFolders: ["Private"],
			excludedTags: ["secret"],
			language: "zh",
			heartbeatEnabled: false,
		},
		state: { onboardingComplete: true, lastHeartbeatDate: "2026-01-30", lastCheckpoint: null },
	},
};

const EXPECTED: PluginData = {
	schemaVersion: CURRENT_SCHEMA_VERSION,
	settings: {
		...defaultSettings(),
		assistantFolder: "Assistant",
		dailyMemoryLocation: "daily-notes",
		archiveRetentionDays: 60,
		excludedFolders: ["Private"],
		excludedTags: ["secret"],
		language: "zh",
		heartbeatEnabled: false,
		pinnedNotes: [],
		model: DEFAULT_MODEL,
	},
	state: { ...defaultState(), onboardingComplete: true, lastHeartbeatDate: "2026-01-30" },
};

const versions = Array.from({ length: CURRENT_SCHEMA_VERSION + 1 }, (_, version) => version);

describe("data.json migrations", () => {
	it("have a saved example for every version up to the current one", () => {
		expect(Object.keys(SAVED_BY_VERSION).map(Number)).toEqual(versions);
	});

	it.each(versions)("bring data saved by version %i to the current version, losing nothing", (version) => {
		expect(loadPluginData(SAVED_BY_VERSION[version])).toEqual({ data: EXPECTED, problems: [], backupNeeded: false });
	});

	it.each(versions)("run from version %i through every later step, leaving no old name behind", (version) => {
		const migrated = migrateToCurrent(SAVED_BY_VERSION[version] ?? {}, version);
		expect(migrated).toEqual({
			schemaVersion: CURRENT_SCHEMA_VERSION,
			// A field the old data never had stays absent here; loading gives it its default.
			settings: SAVED_BY_VERSION[CURRENT_SCHEMA_VERSION].settings,
			state:
				version === CURRENT_SCHEMA_VERSION
					? SAVED_BY_VERSION[CURRENT_SCHEMA_VERSION].state
					: { onboardingComplete: true, lastHeartbeatDate: "2026-01-30" },
		});
	});

	it("read a first workspace's .assistant/state.json (version 0) with default settings", () => {
		const { data, problems } = loadPluginData({ onboardingComplete: true, lastCheckInDate: "2026-02-01" });
		expect(problems).toEqual([]);
		expect(data.settings).toEqual(defaultSettings());
		expect(data.state).toEqual({ ...defaultState(), onboardingComplete: true, lastHeartbeatDate: "2026-02-01" });
	});

	it("carry a bad value to the field it ends up in, so only that field is reset", () => {
		const { data, problems } = loadPluginData({ onboardingComplete: true, lastCheckInDate: 20260201 });
		expect(problems).toEqual([{ key: "data.problem.invalid-field", params: { field: "state.lastHeartbeatDate" } }]);
		expect(data.state).toEqual({ ...defaultState(), onboardingComplete: true });
	});

	it("keep version 1 data whose state is broken, without inventing a heartbeat setting", () => {
		const { data, problems } = loadPluginData({
			schemaVersion: 1,
			settings: { language: "en", excludedFolders: ["Private"], excludedTags: [] },
			state: "broken",
		});
		expect(data.settings).toEqual({ ...defaultSettings(), language: "en", excludedFolders: ["Private"] });
		expect(problems).toEqual([{ key: "data.problem.invalid-field", params: { field: "state" } }]);
	});
});
