import { localToday } from "../../memory/dailyDates";
import type { Clock } from "../../ports";
import type { AttachmentBlock, ChatMessage, SystemBlock } from "../../model/modelClient";
import { instructionsText } from "./assistantInstructions";
import type { ConversationState } from "./compaction";
import type { ContextReport } from "./contextReport";
import { conversationLayers } from "./conversationLayer";
import { historyBookLayer, type WeeklySummary } from "./historyBookLayer";
import { isHistoryQuestion } from "./historyIntent";
import { hotMemoryLayer } from "./hotMemoryLayer";
import { identityLayer, type IdentityNotes } from "./identityLayer";
import { sentLayer, type ContextSource, type Layer } from "./layer";
import { memoryHintLayer, type DailyNoteRef } from "./memoryHintLayer";
import type { NoteText } from "./noteExcerpt";
import { notesLayer, type NotesInContext } from "./notesLayer";
import { searchResultsLayer } from "./searchResultsLayer";
import { vaultMapLayer } from "./vaultMapLayer";
import { DEFAULT_ASSEMBLY_BUDGETS, type AssemblyBudgets } from "./windowBudgets";

/**
 * Everything a turn's context is made of, read by the caller (the assembly does no I/O): the
 * files as text, the chat so far, and the clock.
 */
export interface ContextInput {
	readonly clock: Clock;
	readonly identity: IdentityNotes;
	/** `memory.md`, or `null` when there is none. */
	readonly longTermMemory: NoteText | null;
	/** The days that have daily memory. */
	readonly dailyNotes: readonly DailyNoteRef[];
	readonly notes: NotesInContext;
	/** The vault map note, or `null` (or absent) when there is none. */
	readonly vaultMap?: NoteText | null;
	/**
	 * The weekly summaries. Only used for a question about the past, so the caller reads them
	 * only when `isHistoryQuestion(userMessage)` and passes `[]` otherwise.
	 */
	readonly weeklySummaries: readonly WeeklySummary[];
	/** Every message of the chat before this turn. */
	readonly history: readonly ChatMessage[];
	/** The compaction state kept with the chat (`FRESH_CONVERSATION` for a new one). */
	readonly conversation: ConversationState;
	readonly userMessage: string;
	/** The files the user attached to the message (images, PDFs), read already. */
	readonly userAttachments?: readonly AttachmentBlock[];
	/** The model's context window, in tokens. */
	readonly contextWindowTokens: number;
	/**
	 * What a search of the notes found for the user's message, when the model cannot call tools
	 * and answers from it; absent (or `null`) for a model with the assistant's tools.
	 */
	readonly searchResults?: string | null;
	/** The notes `searchResults` quotes. */
	readonly searchResultNotes?: readonly string[];
}

export interface AssembledContext {
	readonly system: SystemBlock[];
	readonly messages: ChatMessage[];
	readonly report: ContextReport;
	/** What of `system` came from notes, each as placed. */
	readonly sources: ContextSource[];
}

/**
 * The request of a turn, layer by layer from the most stable to the most particular (identity,
 * hot memory, instructions, the days of memory, the vault map, notes, the history book, the
 * search a model without tools answers from, then the conversation), each within its budget. The identity layer comes first and carries the cache
 * breakpoint: nothing in it depends on the time or the conversation, so the cached prefix stays
 * byte-identical between turns.
 */
export function assembleContext(input: ContextInput, overrides: Partial<AssemblyBudgets> = {}): AssembledContext {
	const budgets: AssemblyBudgets = { ...DEFAULT_ASSEMBLY_BUDGETS, ...overrides };
	const searchResults = input.searchResults ?? null;
	const now = input.clock.now();
	const historyQuestion = isHistoryQuestion(input.userMessage);
	const hotMemory = hotMemoryLayer(input.longTermMemory, budgets);
	const systemLayers: Layer[] = [
		identityLayer(input.identity, budgets),
		hotMemory.layer,
		sentLayer("instructions", null, instructionsText(now, searchResults === null)),
		memoryHintLayer(input.dailyNotes, localToday({ now: () => now }), budgets),
		vaultMapLayer(input.vaultMap ?? null, budgets.vaultMapTokens),
		notesLayer(input.notes, budgets),
		historyBookLayer(input.weeklySummaries, historyQuestion, budgets),
		searchResultsLayer(searchResults, budgets.searchResultsTokens, input.searchResultNotes),
	];
	const system = systemLayers.flatMap((layer): SystemBlock[] => {
		if (layer.text === null) return [];
		return [layer.report.layer === "identity" ? { text: layer.text, cacheBreakpoint: true } : { text: layer.text }];
	});
	const systemTokens = systemLayers.reduce((sum, layer) => sum + layer.report.tokens, 0);
	const conversation = conversationLayers(input, systemTokens, budgets);
	const layers = [...systemLayers.map((layer) => layer.report), ...conversation.layers];
	return {
		system,
		messages: conversation.messages,
		sources: systemLayers.flatMap((layer) => layer.sources ?? []),
		report: {
			layers,
			totalTokens: layers.reduce((sum, layer) => sum + layer.tokens, 0),
			hotMemory: hotMemory.report,
			historyQuestion,
			conversation: conversation.report,
		},
	};
}
