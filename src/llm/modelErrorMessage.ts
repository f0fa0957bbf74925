import type { ModelError } from "../core/model/modelClient";
import type { CompatibleServer } from "../core/model/modelServer";
import type { Translate } from "./translate";

/**
 * What the user reads when a model call fails: what happened and what to do about it. `server`:
 * the compatible server that failed (a stand-in signature until the model client names it).
 */
export function modelErrorMessage(error: ModelError, translate: Translate, server?: CompatibleServer): string {
	void server;
	switch (error.kind) {
		case "rate-limit":
			return error.retryAfterMs === undefined
				? translate("model-error.rate-limit")
				: translate("model-error.rate-limit-wait", { seconds: Math.ceil(error.retryAfterMs / 1000) });
		case "bad-request":
			return translate("model-error.bad-request", { detail: error.message });
		default:
			return translate(`model-error.${error.kind}`);
	}
}
