import type { ModelClient } from "../../src/core/agent/model";
import { t } from "../../src/i18n";
import { createModelClient } from "../../src/llm";
import type { ParsedArgs } from "./args";

/** The host's timers for the client's retry waits and the tools' timeout: Node's, here. */
export function nodeDelay(callback: () => void, ms: number): () => void {
	const timer = setTimeout(callback, ms);
	return () => clearTimeout(timer);
}

/** The model a command asks: Claude with `ANTHROPIC_API_KEY` (at `--base-url` if given), the offline model with `--offline` or no key. */
export function modelClientOf(args: ParsedArgs): ModelClient {
	return createModelClient({
		apiKey: process.env.ANTHROPIC_API_KEY,
		baseURL: args.options.get("base-url"),
		offline: args.flags.has("offline"),
		delay: nodeDelay,
		translate: t,
	});
}
