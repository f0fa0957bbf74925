import { identityLayer, type IdentityNotes } from "../agent/context/identityLayer";
import type { ContextSource } from "../agent/context/layer";
import { headEnd } from "../text/textCuts";
import { DEFAULT_ASSEMBLY_BUDGETS, type AssemblyBudgets } from "../agent/context/windowBudgets";
import { estimateTokens, textWeight } from "../text/tokenEstimate";
import { excerptOf } from "../agent/tools/excerpt";
import { MAX_TOOL_OUTPUT_CHARS } from "../agent/tools/outputBound";
import { tagged } from "../agent/context/layerTags";
import type { NoteText } from "../agent/context/noteExcerpt";
import { timeAwareness } from "../agent/context/timeAwareness";
import type { SystemBlock } from "../model/modelClient";
import type { Checkpoint } from "../workspace/data/state";
import { HEARTBEAT_OK } from "./reply";

/** A checklist longer than this is cut: it is a list to go through, not a document. */
export const CHECKLIST_MAX_CHARS = 8000;

/**
 * What the heartbeat is, for the model. English like every instruction to the model; the answer
 * is in the user's language, which the identity files tell. The last rule depends on whether the
 * model may look something up.
 */
const HEARTBEAT_RULES = [
	"This is the heartbeat: a check the plugin runs on its own, once a day, when the user opens the vault. The user did not write this message and is not waiting for an answer.",
	"Go through the checklist (the user's HEARTBEAT.md) against your recent memory and the user's last checkpoint, all given in the message, and decide whether anything on it needs the user's attention now: a deadline that is close, a follow-up that is due, something the user asked to be reminded of.",
	`- If nothing does, answer exactly ${HEARTBEAT_OK} and nothing else.`,
	`- If something does, write only that, in a few short sentences, in the user's language, as a note the user reads when they open the vault. No greeting, no account of the check, no list of what needs nothing, and no ${HEARTBEAT_OK}.`,
];
const WITH_TOOLS_RULE =
	"- You may call memory_search or memory_recent once, and only when an item needs a fact that is not in the message. You cannot write in this check: what you say is saved to today's daily memory for you.";
const WITHOUT_TOOLS_RULE =
	"- You cannot call tools in this check: judge from what the message gives. What you say is saved to today's daily memory for you.";

/** The heartbeat's instructions, with the tools it may call or without any. */
function heartbeatRules(now: Date, withTools: boolean): string {
	const rules = [...HEARTBEAT_RULES, withTools ? WITH_TOOLS_RULE : WITHOUT_TOOLS_RULE].join("\n");
	return tagged("heartbeat-instructions", {}, [rules, "", "## Time", timeAwareness(now)].join("\n"));
}

/** What the heartbeat's instructions weigh, for fitting the request in a small window. */
export function heartbeatRulesTokens(now: Date, withTools: boolean): number {
	return estimateTokens(heartbeatRules(now, withTools));
}

/** The vault's text a heartbeat request is made of, read by the caller through the read guard. */
export interface HeartbeatMaterial {
	readonly identity: IdentityNotes;
	readonly checklist: NoteText;
	/** What `memory_recent` answered (long-term memory's head and the last days of daily memory). */
	readonly recentMemory: string;
	/** The notes `recentMemory` was read from, for the request's receipt. */
	readonly recentMemoryNotes: readonly string[];
	/** Where the user left off, saved with "Save checkpoint" or the `checkpoint` tool; `null` when never saved. */
	readonly checkpoint: Checkpoint | null;
}

/**
 * The heartbeat's system prompt: the identity files first (the chat's cached prefix, so the
 * assistant speaks as itself and in the user's language), then the heartbeat's rules and the
 * time. `budgets` fit it to the model's window (`windowPlan`); `withTools` says whether it may
 * call its tools. `sources` are the identity files' parts of it, withheld from the heartbeat's
 * later request once their note turns private.
 */
export function heartbeatSystem(
	identity: IdentityNotes,
	now: Date,
	options: { readonly budgets?: AssemblyBudgets; readonly withTools?: boolean } = {},
): { readonly system: SystemBlock[]; readonly sources: readonly ContextSource[] } {
	const layer = identityLayer(identity, options.budgets ?? DEFAULT_ASSEMBLY_BUDGETS);
	return {
		system: [
			...(layer.text === null ? [] : [{ text: layer.text, cacheBreakpoint: true }]),
			{ text: heartbeatRules(now, options.withTools ?? true) },
		],
		sources: layer.sources ?? [],
	};
}

/** How much of the checklist and of recent memory a heartbeat message holds, in estimated tokens. */
export interface HeartbeatSizes {
	readonly checklistTokens: number;
	readonly recentMemoryTokens: number;
}

/**
 * On a large window: the checklist within its characters, and recent memory whole (its tool
 * bounds it). The limits are those character counts taken as tokens: no text weighs more than a
 * token a character, so they never cut more than the characters already are.
 */
export const HEARTBEAT_SIZES: HeartbeatSizes = {
	checklistTokens: CHECKLIST_MAX_CHARS,
	recentMemoryTokens: MAX_TOOL_OUTPUT_CHARS,
};

/** The sizes a heartbeat message gets within a window's budgets: the notes' share for the checklist, hot memory's and the search's for recent memory. */
export function heartbeatSizesWithin(budgets: AssemblyBudgets): HeartbeatSizes {
	return {
		checklistTokens: Math.min(HEARTBEAT_SIZES.checklistTokens, budgets.notesTokens),
		recentMemoryTokens: Math.min(
			HEARTBEAT_SIZES.recentMemoryTokens,
			budgets.hotMemoryTokens + budgets.searchResultsTokens,
		),
	};
}

/**
 * The heartbeat's message in place of the user's: the checklist, recent memory and the last
 * checkpoint. `sources` are the checklist's part of it and recent memory's, the latter as one for
 * each note it was read from (it is one text): withheld from the heartbeat's later request once
 * any of those notes turns private.
 */
export function heartbeatMessage(
	material: Pick<HeartbeatMaterial, "checklist" | "recentMemory" | "recentMemoryNotes" | "checkpoint">,
	sizes: HeartbeatSizes = HEARTBEAT_SIZES,
): { readonly text: string; readonly sources: readonly ContextSource[] } {
	const checklist = excerptOf(material.checklist.text, CHECKLIST_MAX_CHARS);
	const checklistText = headWithin(
		checklist.text,
		checklist.cutChars > 0,
		sizes.checklistTokens,
		"[Cut here: the rest of the checklist is not shown.]",
	);
	const recentMemory = headWithin(
		material.recentMemory,
		false,
		sizes.recentMemoryTokens,
		"[Cut here: older memory is not shown.]",
	);
	const { checkpoint } = material;
	const text = [
		tagged("heartbeat-checklist", { path: material.checklist.path }, checklistText),
		tagged("recent-memory", {}, recentMemory),
		...(checkpoint === null
			? []
			: [
					tagged(
						"last-checkpoint",
						{ "saved-at": checkpoint.savedAt },
						`Doing: ${checkpoint.doing}\nNext action: ${checkpoint.nextAction}`,
					),
				]),
		"Heartbeat check: go through the checklist now.",
	].join("\n\n");
	const sources = [
		{ path: material.checklist.path, text: checklistText },
		...material.recentMemoryNotes.map((path) => ({ path, text: recentMemory })),
	];
	return { text, sources };
}

/**
 * `head` as it is when nothing was cut yet (`cut`) and it fits `tokens`; else its part within
 * `tokens`, cut at a line, and `notice` on the next line.
 */
function headWithin(head: string, cut: boolean, tokens: number, notice: string): string {
	if (!cut && textWeight(head) <= tokens) return head;
	const kept = head.slice(0, headEnd(head, Math.max(0, tokens - textWeight(notice) - 1))).trimEnd();
	return `${kept}\n${notice}`;
}
