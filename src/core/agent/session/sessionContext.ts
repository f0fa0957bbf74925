import { assembleContext, FRESH_CONVERSATION, isHistoryQuestion, type NoteText, type WeeklySummary } from "../context";
import type { PrepareRequest } from "../loop";
import type { ToolDefinition } from "../model";
import type { MemoryToolDeps } from "../tools";
import { resolveNotePath } from "../tools/notePath";
import { isDailyDate } from "../../memory/dailyDates";
import { weeklyPages } from "../../memory/historyBook";
import { baseName, parentFolder } from "../../vault/paths";
import { findIdentityFiles } from "../../workspace/identity";

/** Claude's context window; the assembly compacts a long conversation to stay within it. */
export const CONTEXT_WINDOW_TOKENS = 200_000;

const MENTION = /\[\[([^\]]+)\]\]/g;

/** The notes the user put in context for one message: the open note (when the toggle is on) and `[[mentions]]`. */
export interface ContextNotes {
	/** The note open in the editor, when the user chose to include it. */
	readonly currentNotePath?: string | null;
	/** Notes picked besides the `[[links]]` typed in the message (a mention suggestion). */
	readonly mentions?: readonly string[];
}

/** Every link written `[[...]]` in `text`, as written (alias and heading included). */
export function mentionsIn(text: string): string[] {
	return [...text.matchAll(MENTION)].map((match) => match[1]);
}

/**
 * The request of a chat turn: the vault's files read as the context assembly needs them, each
 * through the read guard (`resolveNotePath`, over `checkReadAccess`) so that a private note
 * never reaches the prompt, assembled by `assembleContext`, with `tools` offered.
 */
export function sessionPrepareRequest(
	deps: MemoryToolDeps,
	tools: readonly ToolDefinition[],
	notes: ContextNotes = {},
	contextWindowTokens = CONTEXT_WINDOW_TOKENS,
): PrepareRequest {
	const readable = (path: string) => {
		const access = resolveNotePath(path, deps);
		return access.kind === "allowed" ? access.path : null;
	};
	const read = async (path: string | null | undefined): Promise<NoteText | null> => {
		const allowed = path === null || path === undefined ? null : readable(path);
		return allowed === null ? null : { path: allowed, text: await deps.store.read(allowed) };
	};
	return async (conversation, userMessage) => {
		const files = findIdentityFiles(deps.store, deps.layout);
		const currentNote = await read(notes.currentNotePath);
		const mentions: NoteText[] = [];
		const seen = new Set<string>(currentNote === null ? [] : [currentNote.path]);
		for (const link of [...(notes.mentions ?? []), ...mentionsIn(userMessage)]) {
			const note = await read(link);
			if (note === null || seen.has(note.path)) continue;
			seen.add(note.path);
			mentions.push(note);
		}
		// Read only for a question about the past, as the assembly asks.
		const weeklySummaries: WeeklySummary[] = [];
		for (const page of isHistoryQuestion(userMessage) ? weeklyPages(deps.store, deps.layout) : []) {
			const note = await read(page.path);
			if (note !== null) weeklySummaries.push({ ...note, week: page.period });
		}
		const { system, messages } = assembleContext({
			clock: deps.clock,
			identity: { soul: await read(files.soul), user: await read(files.user), rules: await read(files.rules) },
			longTermMemory: await read(files.memory),
			dailyNotes: deps.store
				.listFiles()
				.filter((file) => parentFolder(file.path) === deps.layout.dailyFolder && isDailyDate(baseName(file.path)) && readable(file.path) !== null)
				.map((file) => ({ date: baseName(file.path), path: file.path })),
			notes: { currentNote, mentions },
			weeklySummaries,
			history: conversation,
			conversation: FRESH_CONVERSATION,
			userMessage,
			contextWindowTokens,
		});
		return { system, messages, tools };
	};
}
