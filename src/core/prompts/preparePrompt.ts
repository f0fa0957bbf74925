import { extensionOf } from "../vault/paths";
import type { VaultView } from "../vault/vaultView";
import { fillPrompt, usesPlaceholder } from "./fillPrompt";
import type { PromptEntry } from "./promptList";
import { parsePromptNote, type PromptNote, type PromptProblem } from "./promptNote";

/**
 * The largest prompt note run, in bytes. A prompt is instructions, a page at most; a note far
 * larger in the prompts folder was put there by mistake (a book, an export), and sending it with
 * every run would fill the model's context and cost the user for nothing.
 */
export const MAX_PROMPT_BYTES = 64 * 1024;

/**
 * The most of the active note or the selection filled in, in characters, once or however often
 * the prompt names them: about 25,000 tokens, which leaves room in Claude's window for the
 * memory, the tools and the answer. A longer text is cut, and the user told.
 */
export const MAX_FILLED_CHARS = 100_000;

/** Where the prompt is run from: the editor the user was in, as they left it. */
export interface PromptContext {
	/** The note open in that editor, `null` without one. */
	readonly notePath: string | null;
	readonly selection: string;
	/** Today in the user's local time. */
	readonly today: string;
	/** What the user wrote after `/name` in the chat. */
	readonly rest: string;
}

/** Something the user should know about a run that still went ahead. */
export type PromptNotice =
	PromptProblem | "no-note" | "note-hidden" | "no-selection" | "note-cut" | "selection-cut" | "repeats-cut";

export interface PreparedPrompt {
	readonly prompt: PromptNote;
	/** The message sent: the filled template, then the user's own words. */
	readonly text: string;
	readonly notices: readonly PromptNotice[];
	/**
	 * The active note's text and selection as filled into `text`, each with the note's path: what
	 * the turn withholds from its later requests once that note turns private.
	 */
	readonly fromNote: readonly { readonly path: string; readonly text: string }[];
}

/** Why a prompt did not run: its note is gone or hidden, too large, or its properties unreadable (so its privacy is unknown). */
export type PromptRefusal = { readonly refused: "missing" | "too-large" | "unreadable" | "empty" };

/**
 * A note's text as it may go to a model: a note the assistant derived (its memory, a daily note, the
 * vault map) read through today's rules, any other as written. The host knows which notes are derived.
 */
export type TextForModel = (path: string, text: string) => string;

/**
 * The prompt `entry` read and filled for `context`, everything through the privacy view: the
 * prompt note itself (a note made private since it was listed is refused), and the active note,
 * whose text and selection are filled only when the assistant may see it, and as `forModel` reads them.
 */
export async function preparePrompt(
	view: VaultView,
	entry: PromptEntry,
	context: PromptContext,
	forModel: TextForModel,
): Promise<PreparedPrompt | PromptRefusal> {
	const stat = view.stat(entry.path);
	if (stat === null) return { refused: "missing" };
	if (stat.size > MAX_PROMPT_BYTES) return { refused: "too-large" };
	let source: string;
	try {
		source = await view.read(entry.path);
	} catch {
		return { refused: "unreadable" };
	}
	const { prompt, problems } = parsePromptNote(entry.name, source, view.getMetadata(entry.path)?.frontmatter);
	const notices: PromptNotice[] = [...problems];
	const usesNote = usesPlaceholder(prompt.template, "note");
	const usesSelection = usesPlaceholder(prompt.template, "selection") && context.selection !== "";
	// The selection is the note's text too: it is filled only from a note the assistant may see.
	const noteText = usesNote || usesSelection ? await visibleText(view, context.notePath, forModel) : null;
	if ((usesNote || usesSelection) && noteText === null)
		notices.push(context.notePath === null ? "no-note" : "note-hidden");
	// A prompt made to work on selected text asks about nothing without it: the user should know.
	if (usesPlaceholder(prompt.template, "selection") && context.selection === "" && context.notePath !== null)
		notices.push("no-selection");
	const note = usesNote && noteText !== null ? cut(noteText, "note-cut", notices) : "";
	const selection =
		usesSelection && noteText !== null && context.notePath !== null
			? cut(forModel(context.notePath, context.selection), "selection-cut", notices)
			: "";
	const filled = fillPrompt(prompt.template, { selection, note, date: context.today }, MAX_FILLED_CHARS);
	if (filled.cut) notices.push("repeats-cut");
	const text = [filled.text.trim(), context.rest.trim()].filter((part) => part !== "").join("\n\n");
	if (text === "") return { refused: "empty" };
	const { notePath } = context;
	// Trimmed: a value at either end of the template loses the blank around it with the template.
	const fromNote =
		notePath === null
			? []
			: [...new Set(filled.fromNote.map((value) => value.trim()))]
					.filter((value) => value !== "")
					.map((value) => ({ path: notePath, text: value }));
	return { prompt, text, notices, fromNote };
}

/**
 * The text of the note open in the editor when the privacy view shows it; `null` for no note, a
 * file that is no note, a hidden note, or one whose properties the view cannot read (its privacy
 * is unknown).
 */
async function visibleText(view: VaultView, path: string | null, forModel: TextForModel): Promise<string | null> {
	if (path === null || extensionOf(path) !== "md") return null;
	let text: string;
	try {
		text = await view.read(path);
	} catch {
		return null;
	}
	return forModel(path, text);
}

function cut(text: string, notice: PromptNotice, notices: PromptNotice[]): string {
	if (text.length <= MAX_FILLED_CHARS) return text;
	notices.push(notice);
	return text.slice(0, MAX_FILLED_CHARS);
}
