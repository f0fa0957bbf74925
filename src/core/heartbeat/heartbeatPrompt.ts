import { DEFAULT_CONTEXT_BUDGETS } from "../workspace/data/contextBudgets";
import { identityLayer, type IdentityNotes } from "../agent/context/identityLayer";
import { tagged } from "../agent/context/layerTags";
import type { NoteText } from "../agent/context/noteExcerpt";
import { timeAwareness } from "../agent/context/timeAwareness";
import type { SystemBlock } from "../model/modelClient";
import type { Checkpoint } from "../workspace/data/state";
import { excerptOf } from "../agent/tools/excerpt";
import { HEARTBEAT_OK } from "./reply";

/** A checklist longer than this is cut: it is a list to go through, not a document. */
export const CHECKLIST_MAX_CHARS = 8000;

/**
 * What the heartbeat is, for the model. English like every instruction to the model; the answer
 * is in the user's language, which the identity files tell.
 */
const HEARTBEAT_RULES = [
	"This is the heartbeat: a check the plugin runs on its own, once a day, when the user opens the vault. The user did not write this message and is not waiting for an answer.",
	"Go through the checklist (the user's HEARTBEAT.md) against your recent memory and the user's last checkpoint, all given in the message, and decide whether anything on it needs the user's attention now: a deadline that is close, a follow-up that is due, something the user asked to be reminded of.",
	`- If nothing does, answer exactly ${HEARTBEAT_OK} and nothing else.`,
	`- If something does, write only that, in a few short sentences, in the user's language, as a note the user reads when they open the vault. No greeting, no account of the check, no list of what needs nothing, and no ${HEARTBEAT_OK}.`,
	"- You may call memory_search or memory_recent once, and only when an item needs a fact that is not in the message. You cannot write in this check: what you say is saved to today's daily memory for you.",
].join("\n");

/** The vault's text a heartbeat request is made of, read by the caller through the read guard. */
export interface HeartbeatMaterial {
	readonly identity: IdentityNotes;
	readonly checklist: NoteText;
	/** What `memory_recent` answered (long-term memory's head and the last days of daily memory). */
	readonly recentMemory: string;
	/** Where the user left off, saved with "Save checkpoint" or the `checkpoint` tool; `null` when never saved. */
	readonly checkpoint: Checkpoint | null;
}

/**
 * The heartbeat's system prompt: the identity files first (the chat's cached prefix, so the
 * assistant speaks as itself and in the user's language), then the heartbeat's rules and the time.
 */
export function heartbeatSystem(identity: IdentityNotes, now: Date): SystemBlock[] {
	const identityText = identityLayer(identity, DEFAULT_CONTEXT_BUDGETS).text;
	return [
		...(identityText === null ? [] : [{ text: identityText, cacheBreakpoint: true }]),
		{ text: tagged("heartbeat-instructions", {}, [HEARTBEAT_RULES, "", "## Time", timeAwareness(now)].join("\n")) },
	];
}

/** The heartbeat's message in place of the user's: the checklist, recent memory and the last checkpoint. */
export function heartbeatMessage(
	material: Pick<HeartbeatMaterial, "checklist" | "recentMemory" | "checkpoint">,
): string {
	const checklist = excerptOf(material.checklist.text, CHECKLIST_MAX_CHARS);
	const checklistText =
		checklist.cutChars === 0
			? checklist.text
			: `${checklist.text}\n[Cut here: the rest of the checklist is not shown.]`;
	const { checkpoint } = material;
	return [
		tagged("heartbeat-checklist", { path: material.checklist.path }, checklistText),
		tagged("recent-memory", {}, material.recentMemory),
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
}
