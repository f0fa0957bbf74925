import type { ModelError } from "../core/model/modelClient";
import { PRESET_NAMES, type CompatibleServer } from "../core/model/modelServer";
import { corsFix } from "./corsFix";
import { RedirectRefusedError } from "./redirectRefusal";
import type { Translate } from "./translate";

/**
 * What the user reads when a model call fails: what happened and what to do about it. With
 * `server`, the model runs on a server of the user's (Ollama, LM Studio ...): the message names
 * that server where Anthropic's names Anthropic, and says how to let Obsidian call it.
 */
export function modelErrorMessage(error: ModelError, translate: Translate, server?: CompatibleServer): string {
	if (server !== undefined) return serverErrorMessage(error, translate, server);
	switch (error.kind) {
		case "rate-limit":
			return error.retryAfterMs === undefined
				? translate("model-error.rate-limit")
				: translate("model-error.rate-limit-wait", { seconds: Math.ceil(error.retryAfterMs / 1000) });
		case "bad-request":
			return translate("model-error.bad-request", { detail: error.message });
		case "redirect":
			return translate("model-error.redirect", { status: redirectStatus(error) });
		default:
			return translate(`model-error.${error.kind}`);
	}
}

function serverErrorMessage(error: ModelError, translate: Translate, server: CompatibleServer): string {
	const name = server.preset === "custom" ? translate("model-error.server-name.custom") : PRESET_NAMES[server.preset];
	switch (error.kind) {
		case "rate-limit":
			return error.retryAfterMs === undefined
				? translate("model-error.server.rate-limit", { server: name })
				: translate("model-error.server.rate-limit-wait", {
						server: name,
						seconds: Math.ceil(error.retryAfterMs / 1000),
					});
		case "bad-request":
			return translate("model-error.server.bad-request", { server: name, detail: error.message });
		// A server that cannot be reached is never "offline" in the internet's sense.
		case "offline":
		case "server-unreachable":
			return translate("model-error.server.server-unreachable", { server: name, address: server.baseURL });
		case "cors-refused":
			return translate("model-error.server.cors-refused", { server: name, fix: corsFix(server.preset, translate) });
		case "redirect":
			return translate("model-error.server.redirect", { server: name, status: redirectStatus(error) });
		case "invalid-key":
		case "permission":
		case "unknown-model":
		case "overloaded":
		case "server":
		case "idle-timeout":
			return translate(`model-error.server.${error.kind}`, { server: name });
		default:
			return translate(`model-error.${error.kind}`);
	}
}

/** The redirect's status; "3xx" where the browser did not tell it. */
function redirectStatus(error: ModelError): string {
	return error instanceof RedirectRefusedError && error.status !== undefined ? String(error.status) : "3xx";
}
