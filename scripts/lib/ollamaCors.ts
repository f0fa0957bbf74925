/**
 * The request headers Ollama's CORS lets a page send (its server's configuration): the plain ones,
 * and those the OpenAI and Anthropic SDKs send, which the plugin's clients send too. The fake
 * servers of the tests and the bench answer a page's preflight with them, as Ollama does.
 */
export const OLLAMA_CORS_HEADERS: readonly string[] = [
	"Authorization",
	"Content-Type",
	"User-Agent",
	"Accept",
	"X-Requested-With",
	"OpenAI-Beta",
	"x-stainless-arch",
	"x-stainless-async",
	"x-stainless-custom-poll-interval",
	"x-stainless-helper-method",
	"x-stainless-lang",
	"x-stainless-os",
	"x-stainless-package-version",
	"x-stainless-poll-helper",
	"x-stainless-retry-count",
	"x-stainless-runtime",
	"x-stainless-runtime-version",
	"x-stainless-timeout",
];
