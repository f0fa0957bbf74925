import { heartbeatDecision } from "../../../src/core/heartbeat/decision";
import type { HeartbeatSettings, HeartbeatState } from "../../../src/core/heartbeat/heartbeatState";
import { defaultSettings } from "../../../src/core/workspace/data/settings";
import { defaultState } from "../../../src/core/workspace/data/state";

const CHECKLIST = "# Heartbeat\n- [ ] Remind me of the thesis deadline\n";
/** 10:00 local on 2026-11-29 (tests run in UTC). */
const NOW = new Date(2026, 10, 29, 10, 0);

const ready: HeartbeatState = { ...defaultState(), onboardingComplete: true, lastHeartbeatDate: "2026-11-28" };
const settings: HeartbeatSettings = {
	...defaultSettings(),
	heartbeatEnabled: true,
	heartbeatActiveStart: "08:00",
	heartbeatActiveEnd: "22:00",
};

describe("whether the heartbeat runs", () => {
	it("runs once onboarded, enabled, not yet today, inside the active hours, not busy, with a checklist", () => {
		expect(heartbeatDecision(ready, settings, NOW, CHECKLIST, false)).toEqual({ run: true });
	});

	it.each<[string, Partial<HeartbeatState>, Partial<HeartbeatSettings>, Date, string, boolean]>([
		["not-onboarded", { onboardingComplete: false }, {}, NOW, CHECKLIST, false],
		["disabled", {}, { heartbeatEnabled: false }, NOW, CHECKLIST, false],
		["already-today", { lastHeartbeatDate: "2026-11-29" }, {}, NOW, CHECKLIST, false],
		["retry-later", { heartbeatRetryAfter: new Date(2026, 10, 29, 10, 15).toISOString() }, {}, NOW, CHECKLIST, false],
		["outside-active-hours", {}, {}, new Date(2026, 10, 29, 22, 0), CHECKLIST, false],
		["outside-active-hours", {}, { heartbeatActiveStart: "10:00", heartbeatActiveEnd: "10:00" }, NOW, CHECKLIST, false],
		["busy", {}, {}, NOW, CHECKLIST, true],
		["empty-checklist", {}, {}, NOW, "# Heartbeat\n<!-- - [ ] an example -->\n- [ ]\n", false],
	])("does not run: %s", (reason, state, changed, now, checklist, busy) => {
		expect(heartbeatDecision({ ...ready, ...state }, { ...settings, ...changed }, now, checklist, busy)).toEqual({
			run: false,
			reason,
		});
	});

	it("gives the first reason in the order a person would ask", () => {
		const nothing: HeartbeatState = { ...defaultState(), lastHeartbeatDate: "2026-11-29" };
		expect(heartbeatDecision(nothing, { ...settings, heartbeatEnabled: false }, NOW, "", true)).toEqual({
			run: false,
			reason: "not-onboarded",
		});
		expect(
			heartbeatDecision(
				{ ...nothing, onboardingComplete: true },
				{ ...settings, heartbeatEnabled: false },
				NOW,
				"",
				true,
			),
		).toEqual({
			run: false,
			reason: "disabled",
		});
		expect(
			heartbeatDecision({ ...nothing, onboardingComplete: true }, settings, new Date(2026, 10, 29, 23, 0), "", true),
		).toEqual({
			run: false,
			reason: "already-today",
		});
		expect(heartbeatDecision(ready, settings, new Date(2026, 10, 29, 23, 0), "", true)).toEqual({
			run: false,
			reason: "outside-active-hours",
		});
		expect(heartbeatDecision(ready, settings, NOW, "", true)).toEqual({ run: false, reason: "busy" });
	});

	it("retries after a failure once the wait is over, the same day", () => {
		const failed = {
			...ready,
			heartbeatFailures: 1,
			heartbeatRetryAfter: new Date(2026, 10, 29, 10, 15).toISOString(),
		};
		expect(heartbeatDecision(failed, settings, new Date(2026, 10, 29, 10, 14, 59), CHECKLIST, false)).toEqual({
			run: false,
			reason: "retry-later",
		});
		expect(heartbeatDecision(failed, settings, new Date(2026, 10, 29, 10, 15), CHECKLIST, false)).toEqual({
			run: true,
		});
	});

	it("runs again the next local day, from midnight, when the active hours allow it", () => {
		const done = { ...ready, lastHeartbeatDate: "2026-11-29" };
		const allDay = { ...settings, heartbeatAllDay: true };
		expect(heartbeatDecision(done, allDay, new Date(2026, 10, 29, 23, 59, 59), CHECKLIST, false)).toEqual({
			run: false,
			reason: "already-today",
		});
		expect(heartbeatDecision(done, allDay, new Date(2026, 10, 30, 0, 0), CHECKLIST, false)).toEqual({ run: true });
	});

	describe("Run heartbeat now (force)", () => {
		const force = { force: true };

		it("skips the once-a-day rule and the wait after a failure", () => {
			expect(
				heartbeatDecision({ ...ready, lastHeartbeatDate: "2026-11-29" }, settings, NOW, CHECKLIST, false, force),
			).toEqual({ run: true });
			const waiting = { ...ready, heartbeatRetryAfter: new Date(2026, 10, 29, 11, 0).toISOString() };
			expect(heartbeatDecision(waiting, settings, NOW, CHECKLIST, false, force)).toEqual({ run: true });
		});

		it.each<[string, Partial<HeartbeatState>, Partial<HeartbeatSettings>, Date, string, boolean]>([
			["not-onboarded", { onboardingComplete: false }, {}, NOW, CHECKLIST, false],
			["disabled", {}, { heartbeatEnabled: false }, NOW, CHECKLIST, false],
			["outside-active-hours", {}, {}, new Date(2026, 10, 29, 7, 0), CHECKLIST, false],
			["busy", {}, {}, NOW, CHECKLIST, true],
			["empty-checklist", {}, {}, NOW, "## Checklist\n- [ ]\n", false],
		])("keeps every other rule: %s", (reason, state, changed, now, checklist, busy) => {
			const today = { ...ready, lastHeartbeatDate: "2026-11-29", ...state };
			expect(heartbeatDecision(today, { ...settings, ...changed }, now, checklist, busy, force)).toEqual({
				run: false,
				reason,
			});
		});
	});
});
