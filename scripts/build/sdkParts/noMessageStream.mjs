// `client.messages.stream()`'s helper class, with its partial-JSON parser: the plugin streams
// with `messages.create({ stream: true })` and reads the events itself, so it never builds one.
import { AnthropicError } from "@anthropic-ai/sdk/core/error";

export class MessageStream {
	static createMessage() {
		throw new AnthropicError(
			"Assistant Workspace streams with messages.create({ stream: true }): messages.stream() is not bundled.",
		);
	}
}
