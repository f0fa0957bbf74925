import type { ContextInput } from "../../../../src/core/agent/context";
import { FRESH_CONVERSATION } from "../../../../src/core/agent/context";
import type { ChatMessage } from "../../../../src/core/model/modelClient";

/** "Now" in these tests (they run with TZ=UTC): a Thursday. */
export const NOW = "2026-03-05T14:05:00Z";

export const clockAt = (iso: string) => ({ now: () => new Date(iso) });

/** A context with small identity files and nothing else, to be overridden per test. */
export function contextInput(overrides: Partial<ContextInput> = {}): ContextInput {
	return {
		clock: clockAt(NOW),
		identity: {
			soul: { path: "Assistant/soul.md", text: "# Soul\n\nCalm, precise, brief.\n" },
			user: { path: "Assistant/user.md", text: "# User\n\nMaya, a historian in Lyon.\n" },
			rules: { path: "Assistant/claude.md", text: "# Rules\n\nAnswer in the user's language.\n" },
		},
		longTermMemory: null,
		dailyNotes: [],
		notes: { currentNote: null, mentions: [] },
		weeklySummaries: [],
		history: [],
		conversation: FRESH_CONVERSATION,
		userMessage: "What should I work on today?",
		contextWindowTokens: 200_000,
		...overrides,
	};
}

/** `count` numbered lines of about `width` Latin characters each, so that cuts are easy to check. */
export function numberedLines(label: string, count: number, width = 60): string {
	return (
		Array.from({ length: count }, (_, index) => `${label} line ${index + 1} `.padEnd(width, "x")).join("\n") + "\n"
	);
}

/** One finished turn: the user's words and the assistant's answer. */
export function turn(index: number, words = 50): ChatMessage[] {
	const text = (who: string) => `${who} ${index}: ${"lorem ipsum ".repeat(words)}`;
	return [
		{ role: "user", content: [{ type: "text", text: text("question") }] },
		{ role: "assistant", content: [{ type: "text", text: text("answer") }] },
	];
}

/** A turn in which the assistant called a tool before answering. */
export function toolTurn(index: number): ChatMessage[] {
	return [
		{ role: "user", content: [{ type: "text", text: `question ${index}` }] },
		{
			role: "assistant",
			content: [{ type: "tool_use", id: `call-${index}`, name: "memory_search", input: { query: `topic ${index}` } }],
		},
		{ role: "user", content: [{ type: "tool_result", toolUseId: `call-${index}`, content: `result ${index}` }] },
		{ role: "assistant", content: [{ type: "text", text: `answer ${index}` }] },
	];
}

/**
 * A date whose local time is `offsetMinutes` ahead of UTC, standing for a device in another
 * time zone (the tests run in UTC): the calendar reads local fields through these getters.
 */
export function dateInZone(iso: string, offsetMinutes: number): Date {
	const shift = offsetMinutes * 60_000;
	class ZonedDate extends Date {
		private local(): Date {
			return new Date(this.getTime() + shift);
		}
		override getFullYear(): number {
			return this.local().getUTCFullYear();
		}
		override getMonth(): number {
			return this.local().getUTCMonth();
		}
		override getDate(): number {
			return this.local().getUTCDate();
		}
		override getDay(): number {
			return this.local().getUTCDay();
		}
		override getHours(): number {
			return this.local().getUTCHours();
		}
		override getMinutes(): number {
			return this.local().getUTCMinutes();
		}
		override getSeconds(): number {
			return this.local().getUTCSeconds();
		}
		override getTimezoneOffset(): number {
			return -offsetMinutes;
		}
	}
	return new ZonedDate(iso);
}
