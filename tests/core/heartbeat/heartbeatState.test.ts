import { NOTICE_AFTER_FAILURES, retryWait } from "../../../src/core/heartbeat/backoff";
import { stateAfterRun } from "../../../src/core/heartbeat/heartbeatState";
import { isRepeat, spokenRecord } from "../../../src/core/heartbeat/repeats";
import { CURRENT_SCHEMA_VERSION } from "../../../src/core/workspace/data/migrations";
import { loadPluginData } from "../../../src/core/workspace/data/load";
import { defaultSettings } from "../../../src/core/workspace/data/settings";
import { defaultState } from "../../../src/core/workspace/data/state";

const NOW = new Date("2026-11-29T10:00:00Z");
const AT = { now: NOW, today: "2026-11-29" };
const minutes = (n: number) => n * 60_000;

describe("what a run records", () => {
	it("a completed run records today, clears the failures, and remembers a shown message", () => {
		const failedBefore = { heartbeatFailures: 2 };
		expect(stateAfterRun(failedBefore, "silent", AT)).toEqual({
			lastHeartbeatDate: "2026-11-29",
			lastHeartbeatRun: { at: "2026-11-29T10:00:00.000Z", outcome: "silent" },
			heartbeatFailures: 0,
			heartbeatRetryAfter: null,
		});
		const spoke = stateAfterRun(failedBefore, "spoke", AT, "Call mom at 5pm.");
		expect(spoke.lastHeartbeatDate).toBe("2026-11-29");
		expect(spoke.lastHeartbeatSpoken).toEqual(spokenRecord("Call mom at 5pm.", NOW));
	});

	it("a failure records no date, only one more failure and a wait that grows, later the same day", () => {
		let state = { ...defaultState(), onboardingComplete: true };
		const waits: number[] = [];
		for (let failure = 1; failure <= 5; failure++) {
			const change = stateAfterRun(state, failure % 2 === 0 ? "timed-out" : "failed", AT);
			expect(change).not.toHaveProperty("lastHeartbeatDate");
			expect(change.heartbeatFailures).toBe(failure);
			waits.push(Date.parse(change.heartbeatRetryAfter ?? "") - NOW.getTime());
			state = { ...state, ...change };
		}
		expect(waits).toEqual([minutes(15), minutes(30), minutes(60), minutes(120), minutes(120)]);
		expect(state.lastHeartbeatDate).toBeNull();
		expect(retryWait(NOTICE_AFTER_FAILURES)).toBeLessThan(minutes(24 * 60));
	});
});

describe("the same message within 24 hours", () => {
	const said = spokenRecord("**Reminder:** call mom at 5pm. ✅", NOW);

	it("is known again when it reads the same, whatever its markup, spacing or case", () => {
		expect(isRepeat(said, "Reminder:  call Mom at 5pm.", new Date(NOW.getTime() + minutes(60)))).toBe(true);
		expect(isRepeat(said, "Reminder: call mom at 6pm.", new Date(NOW.getTime() + minutes(60)))).toBe(false);
	});

	it("is shown again once 24 hours have passed", () => {
		expect(isRepeat(said, "Reminder: call mom at 5pm.", new Date(NOW.getTime() + minutes(24 * 60) - 1))).toBe(true);
		expect(isRepeat(said, "Reminder: call mom at 5pm.", new Date(NOW.getTime() + minutes(24 * 60)))).toBe(false);
		expect(isRepeat(null, "Reminder: call mom at 5pm.", NOW)).toBe(false);
	});

	it("keeps a hash of the text, not the text", () => {
		expect(said.sha256).toMatch(/^[0-9a-f]{64}$/);
		expect(JSON.stringify(said)).not.toContain("mom");
	});
});

describe("the heartbeat's settings and state in data.json", () => {
	it("an older file without them loads with their defaults, nothing reported, nothing backed up", () => {
		const saved = {
			schemaVersion: CURRENT_SCHEMA_VERSION,
			settings: { assistantFolder: "Assistant", heartbeatEnabled: false, excludedFolders: [], excludedTags: [] },
			state: { onboardingComplete: true, lastHeartbeatDate: "2026-11-28", lastCheckpoint: null },
		};
		const loaded = loadPluginData(saved);
		expect(loaded.problems).toEqual([]);
		expect(loaded.backupNeeded).toBe(false);
		expect(loaded.data.settings).toEqual({
			...defaultSettings(),
			assistantFolder: "Assistant",
			heartbeatEnabled: false,
		});
		expect(loaded.data.settings).toMatchObject({
			heartbeatActiveStart: "08:00",
			heartbeatActiveEnd: "22:00",
			heartbeatAllDay: false,
		});
		expect(loaded.data.state).toEqual({ ...defaultState(), onboardingComplete: true, lastHeartbeatDate: "2026-11-28" });
	});

	it("a version 0 file (a first workspace's daily check-in) loads too", () => {
		const loaded = loadPluginData({
			onboardingComplete: true,
			lastCheckInDate: "2026-11-28",
			dailyCheckInEnabled: true,
		});
		expect(loaded.problems).toEqual([]);
		expect(loaded.data.state.lastHeartbeatDate).toBe("2026-11-28");
		expect(loaded.data.state.heartbeatFailures).toBe(0);
	});

	it("an invalid saved time is reset to its default and reported, never read as midnight", () => {
		const loaded = loadPluginData({
			schemaVersion: CURRENT_SCHEMA_VERSION,
			settings: { heartbeatActiveStart: "25:00", heartbeatActiveEnd: "24:00", excludedFolders: [], excludedTags: [] },
			state: { heartbeatFailures: -1, lastHeartbeatRun: { at: "2026-11-29T10:00:00.000Z", outcome: "spoke" } },
		});
		expect(loaded.data.settings.heartbeatActiveStart).toBe("08:00");
		expect(loaded.data.settings.heartbeatActiveEnd).toBe("24:00");
		expect(loaded.data.state.heartbeatFailures).toBe(0);
		expect(loaded.data.state.lastHeartbeatRun).toEqual({ at: "2026-11-29T10:00:00.000Z", outcome: "spoke" });
		expect(loaded.problems).toEqual([
			{ key: "data.problem.invalid-field", params: { field: "settings.heartbeatActiveStart" } },
			{ key: "data.problem.invalid-field", params: { field: "state.heartbeatFailures" } },
		]);
	});

	it("what a run records is valid state: saved and loaded again, it is unchanged", () => {
		const state = {
			...defaultState(),
			onboardingComplete: true,
			...stateAfterRun(defaultState(), "spoke", AT, "Call mom."),
			...stateAfterRun({ heartbeatFailures: 0 }, "failed", AT),
		};
		const loaded = loadPluginData(
			JSON.parse(JSON.stringify({ schemaVersion: CURRENT_SCHEMA_VERSION, settings: defaultSettings(), state })),
		);
		expect(loaded.problems).toEqual([]);
		expect(loaded.data.state).toEqual(state);
	});
});
