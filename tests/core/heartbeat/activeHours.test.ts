import { checkActiveHours, isWithinActiveHours, type ActiveWindow } from "../../../src/core/heartbeat/activeHours";
import { formatTimeOfDay, parseTimeOfDay } from "../../../src/core/workspace/data/timeOfDay";
import { setLanguage, t } from "../../../src/i18n";

/** A moment on the local clock (tests run in UTC, but the rules read local time either way). */
const at = (hours: number, minutes: number, seconds = 0) => new Date(2026, 10, 29, hours, minutes, seconds);

function window(start: string, end: string): ActiveWindow {
	const checked = checkActiveHours({ heartbeatAllDay: false, heartbeatActiveStart: start, heartbeatActiveEnd: end });
	if (!checked.ok) throw new Error(`${start}–${end} was refused: ${checked.problem.key}`);
	return checked.window;
}

describe("times of day", () => {
	it.each([
		["00:00", 0],
		["08:00", 480],
		["8:00", 480],
		["23:59", 1439],
		[" 22:30 ", 1350],
		["８：００", 480],
	])("reads %p as %i minutes after midnight", (text, minutes) => {
		expect(parseTimeOfDay(text, "start")).toEqual({ ok: true, minutes });
		expect(parseTimeOfDay(text, "end")).toEqual({ ok: true, minutes });
	});

	it.each([
		"",
		"24:01",
		"25:00",
		"12:60",
		"12",
		"12:5",
		"1200",
		"12:00:00",
		"-1:00",
		"noon",
		"7pm",
		"7:00 pm",
		"99:99",
		"00:00x",
	])("refuses %p with a message, instead of reading it as midnight", (text) => {
		for (const role of ["start", "end"] as const) {
			expect(parseTimeOfDay(text, role)).toEqual({
				ok: false,
				problem: { key: "heartbeat.hours.invalid-time", params: { value: text.trim() } },
			});
		}
		setLanguage("en");
		expect(t("heartbeat.hours.invalid-time", { value: text })).toContain("HH:MM");
	});

	it("takes 24:00 as the end of the day, and only as an end", () => {
		expect(parseTimeOfDay("24:00", "end")).toEqual({ ok: true, minutes: 1440 });
		expect(parseTimeOfDay("24:00", "start")).toEqual({
			ok: false,
			problem: { key: "heartbeat.hours.midnight-start", params: { value: "24:00" } },
		});
	});

	it("writes minutes back as HH:MM, 24:00 included", () => {
		expect([0, 480, 1439, 1440].map(formatTimeOfDay)).toEqual(["00:00", "08:00", "23:59", "24:00"]);
	});
});

describe("active hours", () => {
	it.each<[string, string, [number, number, number][], [number, number, number][]]>([
		[
			"08:00",
			"22:00",
			[
				[8, 0, 0],
				[8, 0, 1],
				[12, 0, 0],
				[21, 59, 0],
				[21, 59, 59],
			],
			[
				[7, 59, 0],
				[7, 59, 59],
				[22, 0, 0],
				[22, 0, 1],
				[23, 59, 59],
				[0, 0, 0],
			],
		],
		[
			"22:00",
			"08:00",
			[
				[22, 0, 0],
				[23, 59, 59],
				[0, 0, 0],
				[3, 0, 0],
				[7, 59, 59],
			],
			[
				[21, 59, 59],
				[8, 0, 0],
				[8, 0, 1],
				[12, 0, 0],
			],
		],
		[
			"23:00",
			"01:00",
			[
				[23, 0, 0],
				[0, 0, 0],
				[0, 59, 59],
			],
			[
				[22, 59, 59],
				[1, 0, 0],
				[12, 0, 0],
			],
		],
		[
			"09:00",
			"24:00",
			[
				[9, 0, 0],
				[23, 59, 59],
			],
			[
				[8, 59, 59],
				[0, 0, 0],
			],
		],
		[
			"00:00",
			"08:00",
			[
				[0, 0, 0],
				[7, 59, 59],
			],
			[
				[8, 0, 0],
				[23, 59, 59],
			],
		],
	])("%s–%s: start inclusive, end exclusive, on both sides of each boundary", (start, end, inside, outside) => {
		const hours = window(start, end);
		for (const [h, m, s] of inside) expect([h, m, s, isWithinActiveHours(hours, at(h, m, s))]).toEqual([h, m, s, true]);
		for (const [h, m, s] of outside)
			expect([h, m, s, isWithinActiveHours(hours, at(h, m, s))]).toEqual([h, m, s, false]);
	});

	it("00:00–24:00 and the all-day switch cover every minute of the day", () => {
		const fullDay = window("00:00", "24:00");
		const allDay = checkActiveHours({
			heartbeatAllDay: true,
			heartbeatActiveStart: "08:00",
			heartbeatActiveEnd: "22:00",
		});
		if (!allDay.ok) throw new Error("all day was refused");
		for (let minute = 0; minute < 1440; minute++) {
			const now = at(Math.floor(minute / 60), minute % 60);
			expect(isWithinActiveHours(fullDay, now) && isWithinActiveHours(allDay.window, now)).toBe(true);
		}
	});

	it("on every hourly pair, A–B and B–A split the day: each minute in exactly one, A–B as long as it says", () => {
		for (let start = 0; start < 24; start++) {
			for (let end = 0; end < 24; end++) {
				if (start === end) continue;
				const ab = window(formatTimeOfDay(start * 60), formatTimeOfDay(end * 60));
				const ba = window(formatTimeOfDay(end * 60), formatTimeOfDay(start * 60));
				let insideAb = 0;
				for (let minute = 0; minute < 1440; minute++) {
					const now = at(Math.floor(minute / 60), minute % 60);
					const inAb = isWithinActiveHours(ab, now);
					if (inAb === isWithinActiveHours(ba, now))
						throw new Error(`${start}:00–${end}:00 and back disagree at minute ${minute}`);
					if (inAb) insideAb++;
				}
				expect(insideAb).toBe(((((end - start) * 60) % 1440) + 1440) % 1440);
			}
		}
	});

	it("refuses a window that starts where it ends, pointing to the all-day switch", () => {
		expect(
			checkActiveHours({ heartbeatAllDay: false, heartbeatActiveStart: "08:00", heartbeatActiveEnd: "8:00" }),
		).toEqual({
			ok: false,
			problem: { key: "heartbeat.hours.empty-window", params: { value: "08:00" } },
		});
		setLanguage("en");
		expect(t("heartbeat.hours.empty-window", { value: "08:00" })).toContain("all day");
	});

	it("refuses an invalid start or end with its message", () => {
		const bad = checkActiveHours({
			heartbeatAllDay: false,
			heartbeatActiveStart: "25:00",
			heartbeatActiveEnd: "22:00",
		});
		expect(bad).toEqual({ ok: false, problem: { key: "heartbeat.hours.invalid-time", params: { value: "25:00" } } });
		const badEnd = checkActiveHours({
			heartbeatAllDay: false,
			heartbeatActiveStart: "08:00",
			heartbeatActiveEnd: "late",
		});
		expect(badEnd).toEqual({ ok: false, problem: { key: "heartbeat.hours.invalid-time", params: { value: "late" } } });
	});

	it("with all day on, does not look at half-typed times", () => {
		expect(checkActiveHours({ heartbeatAllDay: true, heartbeatActiveStart: "8:", heartbeatActiveEnd: "" })).toEqual({
			ok: true,
			window: { allDay: true },
		});
	});
});
