import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { transcriptStart } from "../../../src/core/agent/transcript/transcriptPath";
import { addDays, daysBetween, mondayOfWeek, parseDay, weekNumberOf } from "../../../src/core/calendar/localCalendar";
import { daysBefore, isDailyDate } from "../../../src/core/memory/dailyDates";
import { parseIsoWeek } from "../../../src/core/memory/isoWeek";

const REPO = join(__dirname, "..", "..", "..");

interface Reading {
	readonly iso: string;
	readonly today: string;
	readonly yesterday: string;
	readonly time: string;
	readonly timestamp: string;
	readonly week: string;
	readonly transcriptStart: string | null;
}

/** What the date helpers say of each instant on a device in time zone `zone`. */
function readInZone(zone: string, instants: readonly string[]): Reading[] {
	const output = execFileSync(
		process.execPath,
		[join(REPO, "node_modules", "tsx", "dist", "cli.mjs"), join(__dirname, "readInZone.ts"), ...instants],
		{
			cwd: REPO,
			encoding: "utf8",
			env: { ...process.env, TZ: zone },
		},
	);
	return JSON.parse(output) as Reading[];
}

function day(text: string) {
	const parsed = parseDay(text);
	if (parsed === null) throw new Error(`${text} is no calendar day`);
	return parsed;
}

describe("calendar days", () => {
	it("are real days only: no 30 February, leap days only in leap years", () => {
		expect(isDailyDate("2026-02-30")).toBe(false);
		expect(isDailyDate("2026-02-29")).toBe(false);
		expect(isDailyDate("2024-02-29")).toBe(true);
		expect(isDailyDate("2000-02-29")).toBe(true);
		expect(isDailyDate("1900-02-29")).toBe(false);
		expect(isDailyDate("2026-04-31")).toBe(false);
		expect(isDailyDate("2026-13-01")).toBe(false);
		expect(isDailyDate("2026-00-10")).toBe(false);
		expect(isDailyDate("2026-01-00")).toBe(false);
		expect(isDailyDate("2026-2-3")).toBe(false);
		expect(isDailyDate("2026-12-31")).toBe(true);
	});

	it("count across month ends, leap days and years", () => {
		expect(addDays(day("2024-02-28"), 1)).toEqual(day("2024-02-29"));
		expect(addDays(day("2026-02-28"), 1)).toEqual(day("2026-03-01"));
		expect(addDays(day("2026-01-01"), -1)).toEqual(day("2025-12-31"));
		expect(daysBetween(day("2024-01-01"), day("2025-01-01"))).toBe(366);
		expect(daysBefore("2026-03-09", "2026-03-07")).toBe(2);
		expect(daysBefore("2026-03-07", "2026-03-09")).toBe(-2);
		expect(daysBefore("2026-03-09", "2026-02-30")).toBeNaN();
	});
});

describe("ISO weeks", () => {
	it("belong to the year of their Thursday, with week 53 only in the years that have one", () => {
		expect(parseIsoWeek("2026-W01")?.days[0]).toBe("2025-12-29");
		expect(parseIsoWeek("2026-W53")?.days).toEqual([
			"2026-12-28",
			"2026-12-29",
			"2026-12-30",
			"2026-12-31",
			"2027-01-01",
			"2027-01-02",
			"2027-01-03",
		]);
		expect(parseIsoWeek("2020-W53")?.days[6]).toBe("2021-01-03");
		expect(parseIsoWeek("2025-W53")).toBeNull();
		expect(parseIsoWeek("2026-W54")).toBeNull();
		expect(parseIsoWeek("2026-W00")).toBeNull();
		expect(mondayOfWeek({ year: 2015, week: 53 })).toEqual({ year: 2015, month: 12, day: 28 });
	});

	it("hold the days at the turn of a year on the right side of it", () => {
		const week = (text: string) => weekNumberOf(day(text));
		expect(week("2027-01-03")).toEqual({ year: 2026, week: 53 });
		expect(week("2027-01-04")).toEqual({ year: 2027, week: 1 });
		expect(week("2024-12-30")).toEqual({ year: 2025, week: 1 });
		expect(week("2021-01-03")).toEqual({ year: 2020, week: 53 });
		expect(week("2008-12-29")).toEqual({ year: 2009, week: 1 });
		expect(week("2026-03-05")).toEqual({ year: 2026, week: 10 });
	});
});

describe("a transcript's start time", () => {
	it("is read back from the name, and refused when the name holds no real time", () => {
		expect(transcriptStart("Chats/2026-03-05 1405 Hello.md")?.toISOString()).toBe("2026-03-05T14:05:00.000Z");
		expect(transcriptStart("Chats/2026-02-30 1405 Hello.md")).toBeNull();
		expect(transcriptStart("Chats/2026-03-05 2460 Hello.md")).toBeNull();
		expect(transcriptStart("Chats/Hello.md")).toBeNull();
	});
});

describe("on a device in another time zone", () => {
	it("names days and times by the clock on the wall through a spring-forward day", () => {
		const [before, after, nextNight] = readInZone("America/New_York", [
			"2026-03-08T06:59:00Z",
			"2026-03-08T07:00:00Z",
			"2026-03-09T04:30:00Z",
		]);
		expect(before).toMatchObject({
			today: "2026-03-08",
			time: "01:59",
			timestamp: "2026-03-08T01:59:00-05:00",
			yesterday: "2026-03-07",
		});
		expect(after).toMatchObject({ today: "2026-03-08", time: "03:00", timestamp: "2026-03-08T03:00:00-04:00" });
		// Half past midnight after a 23-hour day: yesterday is still the day of the change.
		expect(nextNight).toMatchObject({
			today: "2026-03-09",
			yesterday: "2026-03-08",
			timestamp: "2026-03-09T00:30:00-04:00",
		});
		expect(before.transcriptStart).toBe("2026-03-08T06:59:00.000Z");
	});

	it("tells the repeated hour of a fall-back day apart by its offset", () => {
		const [first, second, lateNight] = readInZone("America/New_York", [
			"2026-11-01T05:30:00Z",
			"2026-11-01T06:30:00Z",
			"2026-11-02T04:30:00Z",
		]);
		expect(first.timestamp).toBe("2026-11-01T01:30:00-04:00");
		expect(second.timestamp).toBe("2026-11-01T01:30:00-05:00");
		// Half past eleven at night after a 25-hour day: still the 1st, yesterday the 31st.
		expect(lateNight).toMatchObject({ today: "2026-11-01", yesterday: "2026-10-31", time: "23:30" });
	});

	it("writes offsets with minutes, and a day ahead of UTC's", () => {
		const [kolkata] = readInZone("Asia/Kolkata", ["2026-03-05T20:00:00Z"]);
		expect(kolkata).toMatchObject({ today: "2026-03-06", timestamp: "2026-03-06T01:30:00+05:30" });
		const [stJohns] = readInZone("America/St_Johns", ["2026-01-15T12:00:00Z"]);
		expect(stJohns.timestamp).toBe("2026-01-15T08:30:00-03:30");
	});

	it("puts a local Monday in the new ISO year while UTC is still in the old one", () => {
		const [tokyo] = readInZone("Asia/Tokyo", ["2025-12-28T20:00:00Z"]);
		expect(tokyo).toMatchObject({ today: "2025-12-29", week: "2026-W01" });
		const [utc] = readInZone("UTC", ["2025-12-28T20:00:00Z"]);
		expect(utc).toMatchObject({ today: "2025-12-28", week: "2025-W52" });
	});
});
