import { isDailyDate } from "../../src/core/memory/dailyDates";
import { parseIsoWeek } from "../../src/core/memory/isoWeek";
import { SERVER_CONTEXT_WINDOW_RANGE, SERVER_PRESETS } from "../../src/core/model/modelServer";
import { assertContained, ContainmentError } from "../../src/core/vault/containment";
import { UsageError, type ParsedArgs } from "./args";

/** What a value must look like, said to the user, and the test it must pass. */
interface Check {
	readonly expected: string;
	readonly accepts: (value: string) => boolean;
}

const calendarDate: Check = { expected: "a calendar date written YYYY-MM-DD", accepts: isDailyDate };

/** `2026-11-29`, `2026-11-29T08:00`, `2026-11-29T08:00:00.000Z`, `2026-11-29T08:00:00+01:00`: ISO 8601, nothing looser. */
const INSTANT = /^(\d{4}-\d{2}-\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})?)?$/;

/** Where in the vault a note or folder lies: relative, inside it, outside the configuration folder and the trash. */
function isVaultPath(value: string): boolean {
	try {
		assertContained(value, { configDir: ".obsidian", excludedFolders: [] });
		return true;
	} catch (error) {
		if (error instanceof ContainmentError) return false;
		throw error;
	}
}

/**
 * The options whose values every command checks the same way, before anything is read or
 * written: a value that does not fit is refused in one line that says what was expected.
 */
const CHECKS: Readonly<Record<string, Check>> = {
	date: calendarDate,
	since: calendarDate,
	until: calendarDate,
	week: { expected: "an ISO week such as 2026-W47", accepts: (value) => parseIsoWeek(value) !== null },
	now: {
		expected: "a date and time in ISO 8601, such as 2026-11-29T08:00:00Z",
		accepts: (value) => {
			const match = INSTANT.exec(value);
			return match !== null && isDailyDate(match[1]) && !Number.isNaN(new Date(value).getTime());
		},
	},
	limit: { expected: "a whole number of 1 or more", accepts: (value) => /^[1-9]\d{0,5}$/.test(value) },
	note: { expected: "a note's path inside the vault, such as Projects/Plan.md", accepts: isVaultPath },
	// `""` is the vault root.
	folder: {
		expected: "a folder inside the vault, such as Assistant",
		accepts: (value) => value === "" || isVaultPath(value),
	},
	"base-url": {
		expected: "an http or https address, such as http://127.0.0.1:8080",
		accepts: (value) => URL.canParse(value) && ["http:", "https:"].includes(new URL(value).protocol),
	},
	provider: {
		expected: "anthropic or compatible",
		accepts: (value) => value === "anthropic" || value === "compatible",
	},
	preset: {
		expected: "ollama, lm-studio, llama-cpp or custom",
		accepts: (value) => (SERVER_PRESETS as readonly string[]).includes(value),
	},
	"context-window": {
		expected: `a whole number of tokens from ${SERVER_CONTEXT_WINDOW_RANGE.min} to ${SERVER_CONTEXT_WINDOW_RANGE.max}`,
		accepts: (value) =>
			/^[1-9]\d*$/.test(value) &&
			Number(value) >= SERVER_CONTEXT_WINDOW_RANGE.min &&
			Number(value) <= SERVER_CONTEXT_WINDOW_RANGE.max,
	},
};

/** Throws a `UsageError` for the first option whose value does not fit its check. */
export function checkOptionValues(args: ParsedArgs): void {
	for (const [name, value] of args.options) {
		const check = CHECKS[name];
		if (check !== undefined && !check.accepts(value))
			throw new UsageError(`--${name} is ${check.expected}, not ${JSON.stringify(value)}.`);
	}
}
