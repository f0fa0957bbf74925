/**
 * The features that send a request to a model's server, as its receipt names them: those that
 * ask the model, and the listing of the server's models. New ones only ever join the end, so
 * that every receipt written before still reads.
 */
export const MODEL_FEATURES = [
	"chat",
	"heartbeat",
	"onboarding",
	"organize",
	"weekly-summary",
	"consolidation",
	"model-list",
	// Notes' text embedded for search by meaning, and a search's query embedded to be compared with them.
	"embedding",
	"search",
] as const;
export type ModelFeature = (typeof MODEL_FEATURES)[number];
