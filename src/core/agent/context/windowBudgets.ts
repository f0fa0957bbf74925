import type { ToolDefinition } from "../../model/modelClient";
import { windowMargin } from "../../text/oneShotFit";
import { estimateTokens } from "../../text/tokenEstimate";
import { DEFAULT_CONTEXT_BUDGETS, type ContextBudgets } from "../../workspace/data/contextBudgets";
import { VAULT_MAP_TOKENS } from "./vaultMapLayer";

/**
 * The context's budgets with the two layers whose size is fixed elsewhere: the vault map's table
 * and the search results a turn without tools is grounded in.
 */
export interface AssemblyBudgets extends ContextBudgets {
	readonly vaultMapTokens: number;
	/** The search results of a turn without tools: the 12,000 characters a tool answers at most. */
	readonly searchResultsTokens: number;
}

export const DEFAULT_ASSEMBLY_BUDGETS: AssemblyBudgets = {
	...DEFAULT_CONTEXT_BUDGETS,
	vaultMapTokens: VAULT_MAP_TOKENS,
	searchResultsTokens: 3000,
};

/** What a request may spend on a model's window: the layers' budgets (the reserve among them) and the answer's length. */
export interface WindowPlan {
	readonly budgets: AssemblyBudgets;
	readonly maxOutputTokens: number;
}

export interface WindowRequest {
	/** The model's context window, in tokens: the prompt and the answer share it. */
	readonly contextWindowTokens: number;
	/** The tool definitions the request offers, estimated: they count against the window like the prompt. */
	readonly toolTokens: number;
	/** The longest answer asked for on a large window (the turn's `maxOutputTokens`). */
	readonly maxOutputTokens: number;
	/** Hot memory's cap, the user's setting. */
	readonly hotMemoryCapTokens?: number;
	/** The instructions layer, sent whole whatever the window. */
	readonly instructionsTokens: number;
}

/**
 * An answer gets a fifth of a small window (1,638 tokens of 8,192: a page), never less than a
 * short reply needs.
 */
const OUTPUT_SHARE = 0.2;
const MIN_OUTPUT_TOKENS = 256;
/**
 * Each layer's share of what the window leaves for the prompt after the instructions, when its
 * default is more than that. Together a half: the other half is the conversation's and the
 * user's message's. On Claude's window every layer keeps its default.
 */
const LAYER_SHARES = {
	identityTokens: 0.12,
	hotMemoryTokens: 0.07,
	memoryHintTokens: 0.02,
	vaultMapTokens: 0.04,
	notesTokens: 0.09,
	historyBookTokens: 0.06,
	searchResultsTokens: 0.1,
} as const;
/** A turn kept verbatim through a compaction is about this long: a small window keeps fewer. */
const TURN_TOKENS = 2500;
/** Below this much room for the prompt besides the instructions, the tools leave too little: the turn is grounded instead. */
const MIN_PROMPT_TOKENS = 2000;

/**
 * The budgets of a request on `contextWindowTokens`, so that the prompt, the tools and the
 * answer fit in it together: the answer and a margin are reserved with the tools, and each
 * layer gets the smaller of its default and its share of what the instructions leave. On a window
 * of Claude's size this is the defaults; on a local model's 8,192 tokens every layer shrinks, the
 * answer to 1,638 tokens.
 */
export function windowPlan(request: WindowRequest): WindowPlan {
	const window = request.contextWindowTokens;
	const maxOutputTokens = Math.min(
		request.maxOutputTokens,
		Math.max(MIN_OUTPUT_TOKENS, Math.floor(window * OUTPUT_SHARE)),
	);
	const reservedTokens = reserveOf(window, request.toolTokens, maxOutputTokens);
	const room = Math.max(0, window - reservedTokens - request.instructionsTokens);
	const defaults: AssemblyBudgets = {
		...DEFAULT_ASSEMBLY_BUDGETS,
		hotMemoryTokens: request.hotMemoryCapTokens ?? DEFAULT_ASSEMBLY_BUDGETS.hotMemoryTokens,
	};
	const layer = (name: keyof typeof LAYER_SHARES) => Math.min(defaults[name], Math.floor(LAYER_SHARES[name] * room));
	const identityTokens = layer("identityTokens");
	const notesTokens = layer("notesTokens");
	const historyBookTokens = layer("historyBookTokens");
	return {
		maxOutputTokens,
		budgets: {
			...defaults,
			identityTokens,
			identityFileTokens: Math.min(defaults.identityFileTokens, identityTokens),
			minExcerptTokens: Math.min(defaults.minExcerptTokens, Math.floor(identityTokens / 3)),
			hotMemoryTokens: layer("hotMemoryTokens"),
			memoryHintTokens: layer("memoryHintTokens"),
			vaultMapTokens: layer("vaultMapTokens"),
			notesTokens,
			currentNoteTokens: Math.min(defaults.currentNoteTokens, notesTokens),
			mentionTokens: Math.min(defaults.mentionTokens, notesTokens),
			historyBookTokens,
			historyWeekTokens: Math.min(defaults.historyWeekTokens, historyBookTokens),
			searchResultsTokens: layer("searchResultsTokens"),
			reservedTokens,
			keepTurns: Math.min(defaults.keepTurns, Math.max(1, Math.floor(room / TURN_TOKENS))),
		},
	};
}

/**
 * Whether tools of `toolTokens` leave room enough for a prompt on this window: a model of a
 * few thousand tokens cannot hold the assistant's tools and still read the question, and answers
 * from a search of the notes instead.
 */
export function toolsFitWindow(request: WindowRequest): boolean {
	const { maxOutputTokens } = windowPlan(request);
	const window = request.contextWindowTokens;
	const reserved = reserveOf(window, request.toolTokens, maxOutputTokens);
	return window - reserved - request.instructionsTokens >= MIN_PROMPT_TOKENS;
}

/** What the window keeps from the prompt: the answer, the tools' definitions and the margin. */
function reserveOf(window: number, toolTokens: number, maxOutputTokens: number): number {
	return maxOutputTokens + toolTokens + windowMargin(window);
}

/** Each list of definitions' weight, worked out once (the JSON of a tool converts its schema). */
const weighed = new WeakMap<readonly ToolDefinition[], number>();

/**
 * What tool definitions weigh in a request, estimated from their JSON (names, descriptions,
 * schemas): at the first turn that needs it, not while the plugin loads.
 */
export function toolDefinitionTokens(tools: readonly ToolDefinition[]): number {
	if (tools.length === 0) return 0;
	let tokens = weighed.get(tools);
	if (tokens === undefined) {
		tokens = estimateTokens(JSON.stringify(tools));
		weighed.set(tools, tokens);
	}
	return tokens;
}
