/**
 * What the command line prints comes from a model, a server's error or a note: text that anyone
 * who wrote into the vault can steer. A terminal obeys the control characters in it: it clears the
 * screen, rewrites lines already printed, sets the window's title, or writes the clipboard (OSC 52)
 * without a word. On a terminal, only newlines and tabs of them are kept.
 */

/** What starts a string (OSC, DCS, SOS, PM, APC), with ESC or as the 8-bit C1 character, and what may be in one. */
const STRING_START = "(?:\\x1b[\\]PX^_]|[\\x90\\x98\\x9d\\x9e\\x9f])";
/** A newline ends a string's text too, for this filter: no clipboard write or title holds one, and a line is never held back. */
const STRING_BODY = "[^\\x07\\x1b\\x9c\\n]*";
const CSI_START = "(?:\\x1b\\[|\\x9b)";

/**
 * Escape sequences, removed whole so that no parameter of one is left as stray text: strings up
 * to their terminator, control sequences (CSI), and the two-character ones (`ESC c` resets the
 * screen).
 */
const ESCAPE_SEQUENCES = new RegExp(
	[`${STRING_START}${STRING_BODY}(?:\\x07|\\x1b\\\\|\\x9c)`, `${CSI_START}[0-?]*[ -/]*[@-~]`, "\\x1b[ -/]*[0-~]"].join(
		"|",
	),
	"g",
);

/** A sequence begun at the end of a piece of text and not finished yet: the next piece may finish it. */
const UNFINISHED_SEQUENCE = new RegExp(`(?:${STRING_START}${STRING_BODY}\\x1b?|${CSI_START}[0-?]*[ -/]*|\\x1b[ -/]*)$`);

/** Every C0 control but tab and newline, DEL, and every C1 control: what is left of a sequence cut short too. */
const CONTROL_CHARACTERS = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;

/** The longest unfinished sequence held back for the next piece; past it, what was held is let through, cleaned. */
const MAX_HELD = 1024;

/** `text` with its escape sequences and control characters removed, newlines and tabs kept. */
export function terminalSafe(text: string): string {
	return text.replace(ESCAPE_SEQUENCES, "").replace(CONTROL_CHARACTERS, "");
}

/**
 * Text streamed in pieces, made terminal-safe piece by piece. A model's answer arrives a few words
 * at a time, and a sequence may be cut between two pieces: its start is held back until the next
 * piece finishes it, so that the whole sequence is removed, not only its first character.
 */
export class TerminalFilter {
	private held = "";

	/** What of `piece` (after what was held back) may be printed now. */
	push(piece: string): string {
		const text = this.held + piece;
		const tail = text.length > MAX_HELD ? text.length - MAX_HELD : 0;
		const unfinished = UNFINISHED_SEQUENCE.exec(text.slice(tail));
		const cut = unfinished === null || unfinished[0].length === 0 ? text.length : tail + unfinished.index;
		this.held = text.slice(cut);
		return terminalSafe(text.slice(0, cut));
	}
}

/**
 * When `stream` is a terminal, everything written to it from now on is written terminal-safe,
 * whoever writes it (an answer as it streams, a diff, an error), as text or as bytes: bytes are
 * read as UTF-8, a character cut between two writes held back until the next one completes it,
 * and a string given with another encoding (`base64`, `hex`) is first turned into the bytes it
 * stands for. Into a pipe or a file the bytes go as they are: the program reading them asked for
 * the model's exact text, and `--json` writes the C0 controls as escapes anyway.
 */
export function guardTerminal(stream: NodeJS.WriteStream): void {
	if (!stream.isTTY) return;
	const filter = new TerminalFilter();
	const decoder = new TextDecoder("utf-8");
	const write = stream.write.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean;
	stream.write = ((chunk: unknown, ...rest: unknown[]) => {
		const text = textOf(chunk, rest[0]);
		if (text === null) return write(chunk, ...rest);
		// The text goes as UTF-8, so the encoding it came with is dropped and only the callback kept.
		const callback = rest.find((arg) => typeof arg === "function");
		return callback === undefined ? write(filter.push(text)) : write(filter.push(text), callback);
	}) as typeof stream.write;

	/** What `chunk` says as text, or null for what is neither text nor bytes. */
	function textOf(chunk: unknown, encoding: unknown): string | null {
		if (typeof chunk === "string") {
			if (typeof encoding !== "string" || /^utf-?8$/i.test(encoding) || !Buffer.isEncoding(encoding)) return chunk;
			return decoder.decode(Buffer.from(chunk, encoding), { stream: true });
		}
		return chunk instanceof Uint8Array ? decoder.decode(chunk, { stream: true }) : null;
	}
}
