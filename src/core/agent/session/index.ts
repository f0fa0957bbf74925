/** A conversation with the assistant over the vault: what the chat pane and the command line hold. */
export { ChatSession, type SessionEvent } from "./chatSession";
export { OFFERED_TOOLS, type ToolSupport, type TurnPorts } from "./turnPorts";
export { CONTEXT_WINDOW_TOKENS, mentionsIn, type ContextNotes } from "./sessionContext";
