import { INTERRUPTION_MARKERS } from "../loop";
import type { ChatMessage } from "../../model/modelClient";
import type { SavedTurn } from "./parseTranscript";

/**
 * The conversation a reopened chat continues from: each saved turn as the user's words and the
 * answer's text. The tool calls and their results are not in the transcript; what the answer
 * said of them is. A turn without a question is left out; an answer without text (stopped
 * before it began) says so, as the loop does, so that the messages still alternate.
 */
export function savedConversation(turns: readonly SavedTurn[]): ChatMessage[] {
	return turns
		.filter((turn) => turn.question !== "")
		.flatMap((turn): ChatMessage[] => {
			const text = turn.answer.flatMap((part) => (part.kind === "text" ? [part.text] : [])).join("\n\n");
			return [
				{ role: "user", content: [{ type: "text", text: turn.question }] },
				{ role: "assistant", content: [{ type: "text", text: text === "" ? INTERRUPTION_MARKERS.empty : text }] },
			];
		});
}
