// Run by localCalendar.test.ts under a `TZ` of its choice (jest cannot change the zone of its own
// process): reads each instant of argv with the plugin's date helpers and prints what they say.
import { transcriptPath, transcriptStart } from "../../../src/core/agent/transcript/transcriptPath";
import { localDaysAgo, localTime, localTimestamp, localToday } from "../../../src/core/memory/dailyDates";
import { isoWeekOf } from "../../../src/core/memory/isoWeek";

const readings = process.argv.slice(2).map((iso) => {
	const clock = { now: () => new Date(iso) };
	return {
		iso,
		today: localToday(clock),
		yesterday: localDaysAgo(clock, 1),
		time: localTime(clock),
		timestamp: localTimestamp(clock),
		week: isoWeekOf(clock.now()).id,
		transcriptStart: transcriptStart(transcriptPath("Chats", clock.now(), "Hello", () => false))?.toISOString() ?? null,
	};
});
process.stdout.write(JSON.stringify(readings));
