// The SDK's credential chain (environment variables, credential files, OAuth, OIDC federation)
// for a client that is always given its API key: the client reaches these only for a `config`,
// a `profile` or no credential at all, and the plugin always passes `apiKey`. Should that ever
// change, the request fails with this message instead of reading files that are not there.
import { AnthropicError } from "@anthropic-ai/sdk/core/error";

const NOT_BUNDLED =
	"Assistant Workspace authenticates with an API key only: the SDK's credential chain is not bundled.";

export function resolveCredentialsFromConfig() {
	throw new AnthropicError(NOT_BUNDLED);
}

export async function defaultCredentials() {
	throw new AnthropicError(NOT_BUNDLED);
}
