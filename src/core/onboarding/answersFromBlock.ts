import type { OnboardingAnswers, OtherAnswer } from "./answers";
import { answerKeyFor } from "./answerKeys";
import type { JsonValue } from "./lenientJson";
import type { DailyMemoryChoice, TextAnswer } from "./questions";

type JsonObject = { readonly [key: string]: JsonValue };

/**
 * The answers in the JSON of an `onboarding-complete` block, whatever keys the model chose.
 * Each key is matched to an answer (`answerKeyFor`); an object under a key that names no
 * answer is looked into, its keys read with the outer one in front (`"assistant": {"name": …}`
 * is the assistant's name). Values of any shape become text; what matches nothing is kept as
 * "other", under its key. Several keys for one answer are joined, one per line.
 */
export function answersFromBlock(json: JsonObject): OnboardingAnswers {
	const text: Partial<Record<TextAnswer, string[]>> = {};
	const other: OtherAnswer[] = [];
	let inboxFolder: string | null = null;
	let dailyMemory: DailyMemoryChoice | null = null;
	const visit = (object: JsonObject, outer: string) => {
		for (const [key, value] of Object.entries(object)) {
			const answer = answerKeyFor(`${outer}${key}`) ?? (outer === "" ? null : answerKeyFor(key));
			if (answer === null && isObject(value)) {
				visit(value, `${outer}${key} `);
				continue;
			}
			const written = textOf(value);
			if (written === "") continue;
			if (answer === null) other.push({ label: key, text: written });
			else if (answer === "inboxFolder") inboxFolder = folderOf(written) ?? inboxFolder;
			else if (answer === "dailyMemory") dailyMemory = dailyMemoryOf(value) ?? dailyMemory;
			else (text[answer] ??= []).push(written);
		}
	};
	visit(json, "");
	const joined = Object.fromEntries(Object.entries(text).map(([key, parts]) => [key, parts.join("\n")])) as Partial<
		Record<TextAnswer, string>
	>;
	return { text: joined, inboxFolder, dailyMemory, other };
}

/** A value as the user's words: lists one item per line, objects one `key: value` per line. */
function textOf(value: JsonValue): string {
	if (value === null) return "";
	if (Array.isArray(value))
		return value
			.map(textOf)
			.filter((item) => item !== "")
			.join("\n");
	if (isObject(value)) {
		return Object.entries(value)
			.map(([key, inner]) => [key, textOf(inner)] as const)
			.filter(([, inner]) => inner !== "")
			.map(([key, inner]) => `${key}: ${inner.replace(/\n/g, "; ")}`)
			.join("\n");
	}
	return String(value).trim();
}

/** A folder as a model writes it: quoted, in backticks or a link, with slashes around. `null` for more than a line. */
function folderOf(text: string): string | null {
	const folder = text
		.replace(/^\[\[|\]\]$/g, "")
		.replace(/^[`"'“‘]+|[`"'”’]+$/g, "")
		.replace(/^\/+|\/+$/g, "")
		.trim();
	return folder === "" || folder.includes("\n") || folder.length > 200 ? null : folder;
}

/** Where daily memory goes, from the setting's own values, a yes or no to daily notes, or words that say it. */
function dailyMemoryOf(value: JsonValue): DailyMemoryChoice | null {
	if (typeof value === "boolean") return value ? "daily-notes" : "assistant-folder";
	if (typeof value !== "string") return null;
	const words = value.toLowerCase();
	if (/daily[ -]?notes?|my daily|日记/.test(words)) return "daily-notes";
	if (/assistant|memory\/daily|own folder|separate|助理|助手|单独/.test(words)) return "assistant-folder";
	return null;
}

function isObject(value: JsonValue): value is JsonObject {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}
