import type { ModelClient } from "../model/modelClient";

/**
 * The chat's model during the onboarding conversation: the onboarding prompt after the chat's
 * own system prompt (identity, memory, time), and no tools, so that the model cannot write an
 * identity file itself: the files are written from the block, after the user's review.
 */
export function onboardingModel(model: ModelClient, prompt: string): ModelClient {
	return {
		offline: model.offline,
		stream: (request) => model.stream({ ...request, system: [...request.system, { text: prompt }], tools: [] }),
		listModels: (signal) => model.listModels(signal),
	};
}
