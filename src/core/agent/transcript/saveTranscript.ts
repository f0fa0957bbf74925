import type { Language } from "../../../i18n";
import { localTimestamp } from "../../memory/dailyDates";
import type { AuditedWriter, WriteIntent } from "../../vault/auditedWriter";
import type { TurnResult } from "../loop";
import { addTotals, transcriptFrontmatter } from "./transcriptFrontmatter";
import { transcriptPath } from "./transcriptPath";
import { turnTotals } from "./transcriptTokens";
import { questionOf, turnSection } from "./turnSection";

export interface TranscriptDeps {
	/** The transcripts are hidden from the view: whether a name is taken, only the writer tells. */
	readonly writer: Pick<AuditedWriter, "createNote" | "processChatTranscript" | "isTaken">;
	readonly chatsFolder: string;
	/** The interface language: a turn's headings and labels are written in it. */
	readonly language: Language;
}

export interface TranscriptTurn {
	/** The turn as the loop returned it. */
	readonly result: Pick<TurnResult, "messages" | "usage" | "toolCalls">;
	/** When the user sent the message; the first turn's names the transcript. */
	readonly at: Date;
	/** The model of the chat, recorded when the transcript is created. */
	readonly model: string;
}

const INTENT: WriteIntent = { actor: "assistant", reason: "Save the chat transcript" };

/**
 * Saves a finished turn to the chat's transcript and returns the transcript's path: the first
 * turn (`path` is `null`) creates it, each later one is appended to it and its tokens and cost
 * added to the totals in its properties, written as Obsidian writes properties (the writer lets
 * the assistant rewrite its own transcripts, in the chats folder only). Whatever the user wrote into
 * the transcript in between stays.
 */
export async function saveTranscriptTurn(
	deps: TranscriptDeps,
	path: string | null,
	turn: TranscriptTurn,
): Promise<string> {
	const totals = turnTotals(turn.result.usage);
	const section = turnSection(turn.result, turn.at, deps.language);
	if (path === null) {
		const target = transcriptPath(deps.chatsFolder, turn.at, questionOf(turn.result.messages), (candidate) =>
			deps.writer.isTaken(candidate),
		);
		const properties = { created: localTimestamp({ now: () => turn.at }), model: turn.model, totals };
		const outcome = await deps.writer.createNote(target, transcriptFrontmatter(properties) + section, INTENT);
		return outcome.path;
	}
	const append = (current: string) => current + (current.endsWith("\n") ? "" : "\n") + section;
	const outcome = await deps.writer.processChatTranscript(path, deps.chatsFolder, append, INTENT, (properties) =>
		addTotals(properties, totals),
	);
	return outcome.path;
}
