import type { TurnPorts } from "../agent/session";
import type { ModelClient } from "../model/modelClient";

/**
 * The chat's model during the onboarding conversation: the onboarding prompt after the chat's
 * own system prompt (identity, memory, time), and no tools, so that the model cannot write an
 * identity file itself: the files are written from the block, after the user's review.
 */
function onboardingModel(model: ModelClient, prompt: string): ModelClient {
	return {
		offline: model.offline,
		...(model.local === true && { local: true }),
		...(model.readsAttachments === true && { readsAttachments: true }),
		stream: (request) => model.stream({ ...request, system: [...request.system, { text: prompt }], tools: [] }),
		listModels: (signal) => model.listModels(signal),
	};
}

/**
 * A turn's ports for the onboarding conversation: the onboarding model, and a session that
 * offers no tools and grounds nothing, whatever the model can do (a model without tools is not
 * sent a search: the conversation asks about the user, not the notes).
 */
export function onboardingPorts(ports: TurnPorts, prompt: string): TurnPorts {
	return { ...ports, model: onboardingModel(ports.model, prompt), withoutTools: true, feature: "onboarding" };
}
