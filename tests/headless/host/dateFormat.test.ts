import moment = require("moment");
import { dayOf, formatDay, UnsupportedFormatError } from "../../../headless/host/dateFormat";

/** Formats people give the Daily notes plugin, and every token the headless host formats. */
const FORMATS = [
	"YYYY-MM-DD",
	"YYYY/MM/YYYY-MM-DD",
	"YYYY/YYYY-MM/YYYY-MM-DD dddd",
	"DD.MM.YY",
	"D MMM YYYY",
	"dddd, MMMM Do, YYYY",
	"ddd D/M",
	"dd Do",
	"gggg-[W]ww-e",
	"GGGG-[W]WW-E",
	"gg GG w W",
	"YYYY [Week] W [of the year], [Day] DDD DDDD",
	"[Q]Q YYYY",
	"Y-MM",
	"YYYY-MM-DD HH:mm:ss h hh a A H m s",
	"[[YYYY]] \\\\YYYY",
	"YYYY年MM月DD日",
	"YYYY-MM-DD_T",
];

/** Every day of nine years, week-year edges and leap days among them. */
function* days(): Generator<string> {
	for (let time = Date.UTC(2019, 0, 1); time <= Date.UTC(2027, 11, 31); time += 86_400_000)
		yield new Date(time).toISOString().slice(0, 10);
}

test.each(FORMATS)("%s gives what moment 2.29.4 in English gives, every day", (format) => {
	moment.locale("en");
	const differing: string[] = [];
	for (const date of days()) {
		const expected = moment(date, "YYYY-MM-DD").format(format);
		const actual = formatDay(dayOf(date), format);
		if (actual !== expected) differing.push(`${date}: ${actual} instead of ${expected}`);
	}
	expect(differing.slice(0, 5)).toEqual([]);
});

test("a time of day formats as moment's", () => {
	const when = { year: 2026, month: 3, day: 5, hours: 15, minutes: 7, seconds: 9 };
	expect(formatDay(when, "HH:mm h:mm a")).toBe(moment("2026-03-05 15:07:09").format("HH:mm h:mm a"));
});

test.each(["Mo", "X", "Z", "k", "SSS", "YYYYY", "Hmm", "DDDo"])(
	"the moment token %s is refused, not given as moment would not",
	(format) => {
		expect(() => formatDay(dayOf("2026-03-05"), `YYYY ${format}`)).toThrow(UnsupportedFormatError);
	},
);
