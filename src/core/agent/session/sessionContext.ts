import {
	assembleContext,
	isHistoryQuestion,
	type ConversationReport,
	type ContextSource,
	type ConversationState,
	type DailyNoteRef,
	type NoteText,
	type WeeklySummary,
} from "../context";
import { DEFAULT_TURN_LIMITS, type PreparedRequest } from "../loop";
import { instructionsTokens } from "../context/assistantInstructions";
import { emptiedToolBlocks, textOnlyMessages } from "../context/conversationTurns";
import { sentNotes } from "../context/sentNotes";
import { toolDefinitionTokens, windowPlan } from "../context/windowBudgets";
import type { AttachmentBlock, ChatMessage, ToolDefinition } from "../../model/modelClient";
import type { AttachmentRef } from "./userAttachments";
import type { MemoryToolDeps } from "../tools";
import { resolveNotePath } from "../tools/notePath";
import { weeklyPages } from "../../memory/historyBook";
import { vaultMapPaths } from "../../organize/vaultMapText";
import type { FileStat } from "../../ports";
import { fileName, parentFolder } from "../../vault/paths";
import { findIdentityFiles } from "../../workspace/identity";
import { withoutHiddenRefs } from "./resumeRefs";
import { withoutHiddenResults } from "./withheldResults";
import { withoutHiddenNamesIn } from "./withheldNames";
import { readForModel } from "../derivedNotes";
import { withoutHiddenNames } from "../../vault/hiddenNames";
import { checkpointMomentBlock, heartbeatBlock, resumeBlock, selectionBlock } from "../context/sessionBlocks";
import type { NoteSelection } from "../../edits/selectionScope";
import type { CheckpointReason } from "./checkpointMoments";
import type { Checkpoint } from "../../workspace/data/state";

/** Claude's context window; the assembly compacts a long conversation to stay within it. */
export const CONTEXT_WINDOW_TOKENS = 200_000;

const MENTION = /\[\[([^\]]+)\]\]/g;

/** The notes the user put in context for one message: the open note (when the toggle is on) and `[[mentions]]`. */
export interface ContextNotes {
	/** The note open in the editor, when the user chose to include it. */
	readonly currentNotePath?: string | null;
	/** Notes picked besides the `[[links]]` typed in the message (a mention suggestion). */
	readonly mentions?: readonly string[];
	/** The checkpoint the user chose to resume from (the resume banner's Resume), for the chat's first turn. */
	readonly resume?: Checkpoint | null;
	/** What the heartbeat said in this chat so far (local time and text), oldest first. */
	readonly heartbeats?: readonly { readonly at: string; readonly text: string }[];
	/** Why this turn is a checkpoint moment, when it is one: the model is told to save a checkpoint in it. */
	readonly checkpointMoment?: CheckpointReason | null;
	/**
	 * What a search of the notes found for the message, for a model that cannot call tools: it
	 * answers from it (the request then offers no tools, and its instructions say so).
	 */
	readonly searchResults?: string | null;
	/** The notes `searchResults` quotes, for the request's receipt. */
	readonly searchResultNotes?: readonly string[];
	/**
	 * Text the user selected in a note for this message ("Edit selection with the assistant",
	 * "Ask about the selection"): the model is shown it, and a change it proposes in this turn may
	 * only touch that range of that note.
	 */
	readonly selection?: NoteSelection;
	/** Files the user attached to the message (dropped, pasted, `[[file.pdf]]`), read by the session for the model. */
	readonly attachments?: readonly AttachmentRef[];
	/**
	 * Text of the message filled from notes (a prompt's `{{note}}` and `{{selection}}`), each with
	 * the note's path: withheld from the turn's later requests once that note turns private.
	 */
	readonly fromNote?: readonly ContextSource[];
}

/** Every link written `[[...]]` in `text`, as written (alias and heading included). */
export function mentionsIn(text: string): string[] {
	return [...text.matchAll(MENTION)].map((match) => match[1]);
}

/** A turn's request, with what the assembly decided about compacting the conversation and the answer's length. */
export interface SessionRequest {
	readonly request: PreparedRequest;
	readonly conversation: ConversationReport;
	/** The longest answer the window leaves room for (the turn's `maxOutputTokens`). */
	readonly maxOutputTokens: number;
}

/** Builds the request for `userMessage` after `conversation`, compacted as `state` says. */
export type PrepareSessionRequest = (
	conversation: readonly ChatMessage[],
	state: ConversationState,
	userMessage: string,
) => Promise<SessionRequest>;

/** How large a turn's context may grow; what is left out takes the defaults. */
export interface ContextSizes {
	/** The model's context window, in tokens (`CONTEXT_WINDOW_TOKENS`). */
	readonly contextWindowTokens?: number;
	/** Hot memory's cap, the user's setting (`DEFAULT_CONTEXT_BUDGETS.hotMemoryTokens`). */
	readonly hotMemoryCapTokens?: number;
	/** The longest answer asked for on a large window (`DEFAULT_TURN_LIMITS.maxOutputTokens`). */
	readonly maxOutputTokens?: number;
}

/**
 * The request of a chat turn: the vault's files read as the context assembly needs them, each
 * through the read guard (`resolveNotePath`, over `checkReadAccess`) so that a private note
 * never reaches the prompt, assembled by `assembleContext` within budgets that fit the model's
 * window with `tools` offered (none when `notes.searchResults` grounds the answer instead).
 */
export function sessionRequestBuilder(
	deps: MemoryToolDeps,
	tools: readonly ToolDefinition[],
	notes: ContextNotes = {},
	sizes: ContextSizes = {},
	attachments: readonly AttachmentBlock[] = [],
): PrepareSessionRequest {
	const searchResults = notes.searchResults ?? null;
	const offered = searchResults === null ? tools : [];
	const contextWindowTokens = sizes.contextWindowTokens ?? CONTEXT_WINDOW_TOKENS;
	const plan = windowPlan({
		contextWindowTokens,
		toolTokens: toolDefinitionTokens(offered),
		maxOutputTokens: sizes.maxOutputTokens ?? DEFAULT_TURN_LIMITS.maxOutputTokens,
		hotMemoryCapTokens: sizes.hotMemoryCapTokens,
		instructionsTokens: instructionsTokens(deps.clock.now(), searchResults === null),
	});
	const readable = (path: string) => {
		const access = resolveNotePath(path, deps);
		return access.kind === "allowed" ? access.path : null;
	};
	const read = async (path: string | null | undefined): Promise<NoteText | null> => {
		const allowed = path === null || path === undefined ? null : readable(path);
		return allowed === null ? null : { path: allowed, text: await readForModel(deps, allowed) };
	};
	return async (conversation, state, userMessage) => {
		// One listing of the vault for the turn, the largest thing read (10k notes and more), looked
		// through once for the three folders the context reads from.
		const [inRoot, inDaily, inWeekly] = filesDirectlyIn(deps.vault.listFiles(), [
			deps.layout.root,
			deps.layout.dailyFolder,
			deps.layout.weeklyFolder,
		]);
		const listing = (files: readonly FileStat[]) => ({
			listFiles: () => [...files],
			filesIn: (folder: string) => files.filter((file) => parentFolder(file.path) === folder),
			listFolders: () => deps.vault.listFolders(),
			configDir: deps.vault.configDir,
		});
		const files = findIdentityFiles(listing(inRoot), deps.layout);
		const currentNote = await read(notes.currentNotePath);
		const selected = notes.selection === undefined ? null : await read(notes.selection.path);
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
		for (const page of isHistoryQuestion(userMessage) ? weeklyPages(listing(inWeekly), deps.layout) : []) {
			const note = await read(page.path);
			if (note !== null) weeklySummaries.push({ ...note, week: page.period });
		}
		const identity = { soul: await read(files.soul), user: await read(files.user), rules: await read(files.rules) };
		const longTermMemory = await read(files.memory);
		const vaultMap = await read(vaultMapPaths(deps.layout).find((path) => inRoot.some((file) => file.path === path)));
		const searched = searchResults === null ? [] : (notes.searchResultNotes ?? []);
		const { system, messages, report, sources } = assembleContext(
			{
				clock: deps.clock,
				identity,
				longTermMemory,
				dailyNotes: datedNotes(inDaily).filter((note) => readable(note.path) !== null),
				notes: { currentNote, mentions },
				vaultMap,
				weeklySummaries,
				history: withoutHiddenNamesIn(
					searchResults === null ? withoutHiddenResults(conversation, deps.vault) : emptiedToolBlocks(conversation),
					deps,
				),
				// The summary of the turns folded away is the model's text of them: derived text too.
				conversation:
					state.summary === null ? state : { ...state, summary: withoutHiddenNames(state.summary, deps.vault) },
				userMessage,
				userAttachments: attachments,
				contextWindowTokens,
				searchResults,
				searchResultNotes: searched,
			},
			plan.budgets,
		);
		// A hidden note's selection is not shown: the read guard gives nothing for it.
		const selection =
			selected === null || notes.selection === undefined
				? null
				: {
						path: selected.path,
						text: selectionBlock(
							selected,
							notes.selection,
							offered.some((tool) => tool.name === "note_edit"),
						).text,
					};
		const extra = [
			...(notes.heartbeats === undefined || notes.heartbeats.length === 0 ? [] : [heartbeatBlock(notes.heartbeats)]),
			...(selection === null ? [] : [{ text: selection.text }]),
			...(notes.resume === undefined || notes.resume === null
				? []
				: [resumeBlock(withoutHiddenRefs(notes.resume, deps.vault))]),
			// A model without tools cannot save a checkpoint: the user is offered one after the turn.
			...(notes.checkpointMoment === undefined || notes.checkpointMoment === null || searchResults !== null
				? []
				: [checkpointMomentBlock(notes.checkpointMoment)]),
		];
		return {
			request: {
				system: [...system, ...extra],
				messages: searchResults === null ? messages : textOnlyMessages(messages),
				tools: offered,
				notes: [
					...sentNotes(report, {
						identity: [identity.soul, identity.user, identity.rules],
						"hot-memory": [longTermMemory],
						"vault-map": [vaultMap],
						"history-book": weeklySummaries,
						notes: [currentNote, ...mentions],
					}),
					...(selected === null ? [] : [selected.path]),
					// A prompt's {{note}} and {{selection}} put a note's text in the user's message.
					...(notes.fromNote ?? []).map((source) => source.path),
					...searched,
				],
				sources: [...sources, ...(selection === null ? [] : [selection]), ...(notes.fromNote ?? [])],
			},
			conversation: report.conversation,
			maxOutputTokens: plan.maxOutputTokens,
		};
	};
}

/** Each of `folders`' own files (not those in its subfolders), in the order given. */
function filesDirectlyIn(files: readonly FileStat[], folders: readonly string[]): FileStat[][] {
	const found = folders.map((): FileStat[] => []);
	for (const file of files) {
		// A file is directly in a folder when its last slash ends the folder's name (no slash: the root's).
		const slash = file.path.lastIndexOf("/");
		for (let index = 0; index < folders.length; index++) {
			const folder = folders[index];
			if (slash === -1 ? folder === "" : slash === folder.length && file.path.startsWith(folder))
				found[index].push(file);
		}
	}
	return found;
}

/** A daily note's name: its date, `yyyy-MM-dd` (the memory hint checks that it is a real day). */
const DAILY_NOTE_NAME = /^(\d{4}-\d{2}-\d{2})\.md$/;

/** The notes of the daily folder named by a date. */
function datedNotes(files: readonly FileStat[]): DailyNoteRef[] {
	return files.flatMap(({ path }) => {
		const date = DAILY_NOTE_NAME.exec(fileName(path))?.[1];
		return date === undefined ? [] : [{ date, path }];
	});
}
