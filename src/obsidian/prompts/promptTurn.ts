import type { TurnPorts } from "../../core/agent/session";
import type { PreparedPrompt } from "../../core/prompts";

/** A prompt ready to send from the chat: what the user sees of it, what is sent, and where its answer also goes. */
export interface PromptTurn {
	/** The user's message as the chat shows it: `/name` and the user's own words; the filled text folds out below. */
	readonly label: string;
	/** The filled prompt, sent as the user's message. */
	readonly text: string;
	/** What of `text` was filled from the note the prompt ran from, with its path (`PreparedPrompt.fromNote`). */
	readonly fromNote: PreparedPrompt["fromNote"];
	/** The model the prompt's properties choose for its turn. */
	readonly model?: string;
	/** Puts the finished answer at the cursor of the note the prompt was run from. */
	readonly insert?: (answer: string) => void;
}

/**
 * The turn's ports on the model a prompt chose: the request names it, so an unknown name is
 * answered by the API's own error. Only the name changes: the client, its server and key are the
 * settings' own. The offline model stays offline: it has no other model.
 */
export function onModel(ports: TurnPorts, model: string | null): TurnPorts {
	if (model === null || ports.model.offline) return ports;
	// A compatible server's verdict on tools is remembered for the settings' model: it says nothing
	// of the prompt's, and the prompt's failure must not turn tools off for the settings' model.
	const toolSupport = ports.toolSupport === undefined ? {} : { toolSupport: UNKNOWN_TOOL_SUPPORT };
	return { ...ports, modelId: model, ...toolSupport };
}

/** A model whose ability with tools is not remembered: offered tools, its failure answered for this turn only. */
const UNKNOWN_TOOL_SUPPORT: NonNullable<TurnPorts["toolSupport"]> = {
	toolsOff: false,
	toolsFailed: () => Promise.resolve(),
};
