import { ModelError, type ModelClient, type ModelEvent } from "../core/model/modelClient";

/**
 * `client` with every request refused before anything leaves: while the privacy settings may not
 * be the user's, no note may reach Claude, nor the offline model, which shows notes on screen.
 * Listing the models sends no note, so it still works (the settings tab's connection test).
 */
export function refusingUntilPrivacyChecked(client: ModelClient): ModelClient {
	return {
		offline: client.offline,
		...(client.local === true && { local: true }),
		...(client.readsAttachments === true && { readsAttachments: true }),
		stream: refuse,
		listModels: (signal) => client.listModels(signal),
	};
}

/** A stream whose first read fails, where a model's failure comes, before any request is made. */
function refuse(): AsyncIterable<ModelEvent> {
	const refusal = new ModelError(
		"privacy-unconfirmed",
		"The privacy settings could not be read and have not been checked yet.",
	);
	return { [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(refusal) }) };
}
