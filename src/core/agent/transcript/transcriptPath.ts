import { format } from "date-fns";
import { safeTitle, uniqueNotePath } from "../../memory/captureName";

/** A title is the start of the first prompt: enough to recognise the chat in a list of files. */
const TITLE_CHARS = 60;

/**
 * Where a new chat's transcript goes: `<chats folder>/YYYY-MM-DD HHmm <title>.md`, the local
 * time the chat began and a title from its first prompt, with ` 2`, ` 3`... when the name is taken.
 */
export function transcriptPath(chatsFolder: string, created: Date, firstPrompt: string, isTaken: (path: string) => boolean): string {
	return uniqueNotePath(chatsFolder, `${format(created, "yyyy-MM-dd HHmm")} ${chatTitle(firstPrompt)}.md`, isTaken);
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
