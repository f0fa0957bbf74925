import { sha256Hex } from "../audit/hash";
import { plainText } from "./plainText";

/** The same message is not shown twice within this long. */
export const REPEAT_WINDOW_MS = 24 * 60 * 60 * 1000;

/** What the state keeps of the last message shown: enough to know it again, not the text itself. */
export interface SpokenRecord {
	readonly sha256: string;
	/** When it was shown, ISO 8601 in UTC. */
	readonly at: string;
}

/** The record of `text` shown at `now`. */
export function spokenRecord(text: string, now: Date): SpokenRecord {
	return { sha256: fingerprint(text), at: now.toISOString() };
}

/** Whether `text` reads the same as the last message, shown less than 24 hours before `now`. */
export function isRepeat(last: SpokenRecord | null, text: string, now: Date): boolean {
	if (last === null) return false;
	const elapsed = now.getTime() - Date.parse(last.at);
	return elapsed >= 0 && elapsed < REPEAT_WINDOW_MS && last.sha256 === fingerprint(text);
}

/** Texts that read the same (`plainText`), punctuation aside, have the same fingerprint. */
function fingerprint(text: string): string {
	return sha256Hex(
		plainText(text)
			.replace(/\p{P}+/gu, " ")
			.replace(/\s+/g, " ")
			.trim(),
	);
}
