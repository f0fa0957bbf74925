/** A conversation with the assistant over the vault: what the chat pane and the command line hold. */
export { ChatSession, OFFERED_TOOLS, type TurnPorts, type SessionEvent, type ToolSupport } from "./chatSession";
export { CONTEXT_WINDOW_TOKENS, mentionsIn, type ContextNotes } from "./sessionContext";
