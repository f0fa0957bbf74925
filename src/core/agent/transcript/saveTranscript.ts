import { localTimestamp } from "../../memory/dailyDates";
import type { NoteStore } from "../../ports";
import type { AuditedWriter, WriteIntent } from "../../vault/auditedWriter";
import type { TurnResult } from "../loop";
import { transcriptFrontmatter, withAddedTokens } from "./transcriptFrontmatter";
import { transcriptPath } from "./transcriptPath";
import { transcriptTokens } from "./transcriptTokens";
import { questionOf, turnSection } from "./turnSection";

export interface TranscriptDeps {
	readonly writer: Pick<AuditedWriter, "createNote" | "processNote">;
	/** To find a name not taken, as the writer judges it. */
	readonly store: Pick<NoteStore, "stat" | "isFolder">;
	readonly chatsFolder: string;
}

export interface TranscriptTurn {
	/** The turn as the loop returned it. */
	readonly result: Pick<TurnResult, "messages" | "usage">;
	/** When the user sent the message; the first turn's names the transcript. */
	readonly at: Date;
	/** The model of the chat, recorded when the transcript is created. */
	readonly model: string;
}

const INTENT: WriteIntent = { actor: "assistant", reason: "Save the chat transcript" };

/**
 * Saves a finished turn to the chat's transcript and returns the transcript's path: the first
 * turn (`path` is `null`) creates it, each later one is appended to it, its tokens added to the
 * totals. A turn only ever adds text, so the writer's rule that nothing is removed holds, and
 * whatever the user wrote into the transcript in between stays.
 */
export async function saveTranscriptTurn(deps: TranscriptDeps, path: string | null, turn: TranscriptTurn): Promise<string> {
	const tokens = transcriptTokens(turn.result.usage.total);
	const section = turnSection(turn.result.messages, turn.result.usage, turn.at);
	if (path === null) {
		const target = transcriptPath(deps.chatsFolder, turn.at, questionOf(turn.result.messages), (candidate) => isTaken(deps, candidate));
		const properties = { created: localTimestamp({ now: () => turn.at }), model: turn.model, tokens };
		const outcome = await deps.writer.createNote(target, transcriptFrontmatter(properties) + section, INTENT);
		return outcome.path;
	}
	const outcome = await deps.writer.processNote(path, (current) => withAddedTokens(current, tokens) + (current.endsWith("\n") ? "" : "\n") + section, INTENT);
	return outcome.path;
}

function isTaken(deps: TranscriptDeps, path: string): boolean {
	return deps.store.stat(path) !== null || deps.store.isFolder(path);
}
