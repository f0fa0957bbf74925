/**
 * The features that ask a model, as a request's receipt names them. New ones only ever join the
 * end, so that every receipt written before still reads.
 */
export const MODEL_FEATURES = [
	"chat",
	"heartbeat",
	"onboarding",
	"organize",
	"weekly-summary",
	"consolidation",
] as const;
export type ModelFeature = (typeof MODEL_FEATURES)[number];
