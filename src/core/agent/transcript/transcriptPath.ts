import { formatDay, localDayOf, localTimeOfDay, parseDay } from "../../calendar/localCalendar";
import { safeTitle, uniqueNotePath } from "../../memory/captureName";
import { baseName, parentFolder } from "../../vault/paths";

/** The local time a chat began, at the start of its transcript's name: `2026-03-05 1405`. */
const NAMED_START = /^(\d{4}-\d{2}-\d{2} \d{4}) (.+)$/;
const START = /^(\d{4}-\d{2}-\d{2}) (\d{2})(\d{2})$/;

/** A title is the start of the first prompt: enough to recognise the chat in a list of files. */
const TITLE_CHARS = 60;

/**
 * Where a new chat's transcript goes: `<chats folder>/YYYY-MM-DD HHmm <title>.md`, the local
 * time the chat began and a title from its first prompt, with ` 2`, ` 3`... when the name is taken.
 */
export function transcriptPath(
	chatsFolder: string,
	created: Date,
	firstPrompt: string,
	isTaken: (path: string) => boolean,
): string {
	return uniqueNotePath(chatsFolder, `${startOf(created)} ${chatTitle(firstPrompt)}.md`, isTaken);
}

/** The prompt's first line, cut at a word when it is long, made safe as a file name. */
export function chatTitle(prompt: string): string {
	const firstLine = prompt.trim().split("\n", 1)[0];
	const chars = [...firstLine];
	if (chars.length <= TITLE_CHARS) return safeTitle(firstLine);
	const head = chars.slice(0, TITLE_CHARS).join("");
	const lastSpace = head.lastIndexOf(" ");
	// Without a space in the second half (Chinese, a long word), the cut falls between characters.
	return safeTitle(lastSpace > TITLE_CHARS / 2 ? head.slice(0, lastSpace) : head);
}

/** A chat's title, from its transcript's path: the name without the time the chat began. */
export function transcriptTitle(path: string): string {
	const name = baseName(path);
	return NAMED_START.exec(name)?.[2] ?? name;
}

/** When the chat began, from its transcript's name; `null` for a name without that time (renamed by hand). */
export function transcriptStart(path: string): Date | null {
	const start = START.exec(NAMED_START.exec(baseName(path))?.[1] ?? "");
	const day = start === null ? null : parseDay(start[1]);
	if (start === null || day === null) return null;
	const [hours, minutes] = [Number(start[2]), Number(start[3])];
	return hours < 24 && minutes < 60 ? new Date(day.year, day.month - 1, day.day, hours, minutes) : null;
}

function startOf(created: Date): string {
	return `${formatDay(localDayOf(created))} ${localTimeOfDay(created).replace(":", "")}`;
}

/**
 * Where a transcript goes when the user gives its chat `title`: the same folder, and the time
 * the chat began kept at the start of the name so that chats still sort by it. `path` itself is
 * not taken: a title that does not change the name gives `path` back.
 */
export function retitledTranscriptPath(path: string, title: string, isTaken: (path: string) => boolean): string {
	const start = NAMED_START.exec(baseName(path))?.[1];
	const name = `${start === undefined ? "" : `${start} `}${safeTitle(title)}.md`;
	return uniqueNotePath(parentFolder(path), name, (candidate) => candidate !== path && isTaken(candidate));
}
