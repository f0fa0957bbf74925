/**
 * Chats saved as notes in the assistant's `chats` folder, never indexed or retrieved, so the model
 * never reads its own past answers back as facts.
 */
export { saveTranscriptTurn, type TranscriptDeps, type TranscriptTurn } from "./saveTranscript";
export { parseTranscript, type SavedAnswerPart, type SavedTurn } from "./parseTranscript";
export { savedConversation } from "./savedConversation";
export { retitledTranscriptPath, transcriptStart, transcriptTitle } from "./transcriptPath";
export type { SavedToolCall } from "./savedToolCall";
