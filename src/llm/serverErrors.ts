import { APIConnectionError, APIError } from "@anthropic-ai/sdk/core/error";
import { ModelError } from "../core/model/modelClient";
import { toModelError, type FailureContext } from "./modelErrors";

/**
 * What a local server says when its model cannot take tools: Ollama's 400 "<model> does not
 * support tools", llama.cpp's server started without its chat templates ("tools param requires
 * --jinja flag"), and the plain wordings another server may use for it.
 */
const TOOLS_REFUSED =
	/does not support tools|tools? (?:are |is )?not supported|requires --jinja|tool (?:use|calling) is not supported/i;

/**
 * llama.cpp's server answers 503 "Loading model" until the model it started with is in memory:
 * not a failure, a wait. It reads as `overloaded` if it outlasts the client's patience.
 */
export class ModelLoadingError extends ModelError {
	constructor(message: string) {
		super("overloaded", message);
	}
}

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
	if (!(error instanceof APIError)) return failure;
	if (error.status === 503 && /loading model/i.test(error.message)) return new ModelLoadingError(failure.message);
	if (offeredTools && TOOLS_REFUSED.test(error.message)) return new ModelError("tools-unsupported", failure.message);
	return failure;
}
