import { APIConnectionError, APIError } from "@anthropic-ai/sdk/core/error";
import { ModelError } from "../core/model/modelClient";
import { toModelError, type FailureContext } from "./modelErrors";

/**
 * What a local server says when its model cannot take tools: Ollama's 400 "<model> does not
 * support tools", llama.cpp's server started without its chat templates ("tools param requires
 * --jinja flag"), and the wordings other servers use for the same refusal.
 */
const TOOLS_REFUSED =
	/does not support tools|tools? (?:are |is )?not supported|requires --jinja|tool (?:use|calling) is not supported/i;

/**
 * Whether the server at the probed address answers when asked outside the window's CORS rules;
 * false when it does not, or when there is no way to ask (Node, where CORS does not exist).
 */
export type CorsProbe = () => Promise<boolean>;

/**
 * What a request to a compatible server that failed before its response began means to the
 * user. No connection at all is `cors-refused` when the server does answer outside the window's
 * CORS rules, `server-unreachable` otherwise; the server's refusal of tools is `tools-unsupported`;
 * the rest reads as it would from Anthropic.
 */
export async function serverFailure(
	error: unknown,
	context: FailureContext,
	probe: CorsProbe,
	offeredTools: boolean,
): Promise<ModelError> {
	const failure = toModelError(error, context);
	if (failure.kind === "aborted" || error instanceof ModelError) return failure;
	if (error instanceof APIConnectionError) {
		const refused = await probe().catch(() => false);
		return refused
			? new ModelError("cors-refused", `The server answers, but not to this window: ${failure.message}`)
			: new ModelError("server-unreachable", failure.message);
	}
	if (offeredTools && error instanceof APIError && TOOLS_REFUSED.test(error.message))
		return new ModelError("tools-unsupported", failure.message);
	return failure;
}
