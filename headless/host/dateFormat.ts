/**
 * Moment's `format` for a calendar day, as Obsidian formats daily note names and templates, for
 * the headless host, which has no Obsidian (and bundles no moment). The English locale: names of
 * days and months, ordinals and the locale week (`w`, `gggg`: weeks from Sunday, week 1 holding
 * January 1st) are those of an Obsidian in English. A token moment knows and this does not throws
 * `UnsupportedFormatError` rather than give a name Obsidian would not: the caller then writes
 * where it knows for sure.
 */

export class UnsupportedFormatError extends Error {}

/** Moment's formatting tokens (`formattingTokens` in moment 2.29.4), so a format splits as moment splits it. */
const TOKENS =
	/(\[[^[]*\])|(\\)?([Hh]mm(ss)?|Mo|MM?M?M?|Do|DDDo|DD?D?D?|ddd?d?|do?|w[o|w]?|W[o|W]?|Qo?|N{1,5}|YYYYYY|YYYYY|YYYY|YY|y{2,4}|yo?|gg(ggg?)?|GG(GGG?)?|e|E|a|A|hh?|HH?|kk?|mm?|ss?|S{1,9}|x|X|zz?|ZZ?|.)/g;

const MONTHS = [
	"January",
	"February",
	"March",
	"April",
	"May",
	"June",
	"July",
	"August",
	"September",
	"October",
	"November",
	"December",
];
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** A day and a time of day, as moment holds a local date (its fields, with no zone). */
export interface DayAndTime {
	readonly year: number;
	/** 1 to 12. */
	readonly month: number;
	readonly day: number;
	readonly hours?: number;
	readonly minutes?: number;
	readonly seconds?: number;
}

/** A `YYYY-MM-DD` date at midnight, as `moment(date, "YYYY-MM-DD")` reads it. */
export function dayOf(date: string): DayAndTime {
	const [year, month, day] = date.split("-").map(Number);
	return { year, month, day };
}

export function formatDay(when: DayAndTime, format: string): string {
	return format.replace(TOKENS, (whole, bracketed: string | undefined, escaped: string | undefined, token: string) => {
		if (bracketed !== undefined) return bracketed.slice(1, -1);
		const value = escaped === undefined ? tokenValue(when, token) : undefined;
		if (value !== undefined) return value;
		if (escaped === undefined && UNSUPPORTED.test(token))
			throw new UnsupportedFormatError(`The date format's "${token}" is not one the headless host formats.`);
		// Anything else (an escaped token, a dash, a letter that is no token) stays, less its backslashes, as in moment.
		return whole.replace(/\\/g, "");
	});
}

/** Moment's tokens left out: ordinals of other fields, eras, 1–24 hours, fractions, timestamps, zones. */
const UNSUPPORTED = /^(Mo|DDDo|do|wo|Wo|Qo|N+|YYYYY+|y+|yo|kk?|S+|x|X|zz?|ZZ?|[Hh]mm(ss)?)$/;

function tokenValue(when: DayAndTime, token: string): string | undefined {
	const { year, month, day } = when;
	const hours = when.hours ?? 0;
	const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
	switch (token) {
		case "YYYY":
			return pad(year, 4);
		case "YY":
			return pad(year % 100, 2);
		case "Y":
			return pad(year, 4);
		case "M":
			return String(month);
		case "MM":
			return pad(month, 2);
		case "MMM":
			return MONTHS[month - 1].slice(0, 3);
		case "MMMM":
			return MONTHS[month - 1];
		case "Q":
			return String(Math.ceil(month / 3));
		case "D":
			return String(day);
		case "DD":
			return pad(day, 2);
		case "Do":
			return ordinal(day);
		case "DDD":
			return String(dayOfYear(year, month, day));
		case "DDDD":
			return pad(dayOfYear(year, month, day), 3);
		case "d":
		case "e":
			return String(weekday);
		case "E":
			return String(weekday === 0 ? 7 : weekday);
		case "dd":
			return WEEKDAYS[weekday].slice(0, 2);
		case "ddd":
			return WEEKDAYS[weekday].slice(0, 3);
		case "dddd":
			return WEEKDAYS[weekday];
		case "w":
			return String(weekOf(when, LOCALE_WEEK).week);
		case "ww":
			return pad(weekOf(when, LOCALE_WEEK).week, 2);
		case "W":
			return String(weekOf(when, ISO_WEEK).week);
		case "WW":
			return pad(weekOf(when, ISO_WEEK).week, 2);
		case "gg":
			return pad(weekOf(when, LOCALE_WEEK).year % 100, 2);
		case "gggg":
			return pad(weekOf(when, LOCALE_WEEK).year, 4);
		case "GG":
			return pad(weekOf(when, ISO_WEEK).year % 100, 2);
		case "GGGG":
			return pad(weekOf(when, ISO_WEEK).year, 4);
		case "H":
			return String(hours);
		case "HH":
			return pad(hours, 2);
		case "h":
			return String(hours % 12 || 12);
		case "hh":
			return pad(hours % 12 || 12, 2);
		case "m":
			return String(when.minutes ?? 0);
		case "mm":
			return pad(when.minutes ?? 0, 2);
		case "s":
			return String(when.seconds ?? 0);
		case "ss":
			return pad(when.seconds ?? 0, 2);
		case "a":
			return hours < 12 ? "am" : "pm";
		case "A":
			return hours < 12 ? "AM" : "PM";
		default:
			return undefined;
	}
}

function pad(value: number, width: number): string {
	return String(value).padStart(width, "0");
}

function ordinal(day: number): string {
	const tens = Math.floor((day % 100) / 10);
	const suffix = tens === 1 ? "th" : (["th", "st", "nd", "rd"][day % 10] ?? "th");
	return `${day}${suffix}`;
}

function dayOfYear(year: number, month: number, day: number): number {
	return Math.round((Date.UTC(year, month - 1, day) - Date.UTC(year, 0, 1)) / 86_400_000) + 1;
}

/** A week rule as moment's locales give it: the first day of the week, and the day of January that is always in week 1. */
interface WeekRule {
	readonly dow: number;
	readonly doy: number;
}

const ISO_WEEK: WeekRule = { dow: 1, doy: 4 };
/** Moment's English locale. */
const LOCALE_WEEK: WeekRule = { dow: 0, doy: 6 };

/** Moment's `weekOfYear`: the week and the year it belongs to. */
function weekOf({ year, month, day }: DayAndTime, rule: WeekRule): { week: number; year: number } {
	const week = Math.floor((dayOfYear(year, month, day) - firstWeekOffset(year, rule) - 1) / 7) + 1;
	if (week < 1) return { week: week + weeksInYear(year - 1, rule), year: year - 1 };
	if (week > weeksInYear(year, rule)) return { week: week - weeksInYear(year, rule), year: year + 1 };
	return { week, year };
}

function firstWeekOffset(year: number, { dow, doy }: WeekRule): number {
	const firstWeekDay = 7 + dow - doy;
	const weekdayOfIt = (7 + new Date(Date.UTC(year, 0, firstWeekDay)).getUTCDay() - dow) % 7;
	return -weekdayOfIt + firstWeekDay - 1;
}

function weeksInYear(year: number, rule: WeekRule): number {
	const days = dayOfYear(year, 12, 31);
	return (days - firstWeekOffset(year, rule) + firstWeekOffset(year + 1, rule)) / 7;
}
