import type { TurnPorts } from "../../core/agent/session";

/**
 * A chat with a purpose of its own (the onboarding conversation): what its turns work over, the
 * message that starts it, and what each answer leads to. The pane knows nothing of the purpose.
 */
export interface ChatMode {
	/** The ports of each turn of this chat, made from the pane's usual ones. */
	readonly ports: (ports: TurnPorts) => TurnPorts;
	/** Sent as the user's first message when the chat starts, so that the assistant speaks first. */
	readonly opening: string;
	/** Called with the text of each finished answer; a message returned is shown as a problem the user can retry. */
	answered(text: string): string | null;
}
