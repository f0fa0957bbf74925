/**
 * How each server the fake can play answers the Messages API, from what the servers' own code and
 * documentation say (read for this fake; facts, not copies):
 *
 * Ollama (0.14 and later; `anthropic/anthropic.go`, `middleware/anthropic.go`, `server/routes.go`,
 * `envconfig/config.go` in ollama/ollama; docs.ollama.com/api/anthropic-compatibility):
 * - `POST /v1/messages` converts to its own chat API. The key is "required but ignored".
 * - The stream begins (headers included) only with the model's first output: while the model loads
 *   into memory the client hears nothing at all.
 * - `usage` has `input_tokens` and `output_tokens` only, no cache fields; `message_start` carries an
 *   estimate of the input, `message_delta` both final counts. No `ping`.
 * - `stop_reason` is omitted when the model gave no done reason; `stop_sequence` is never sent;
 *   `message_stop` follows `message_delta`.
 * - A tool call arrives whole: `content_block_start`, one `input_json_delta` with the complete JSON
 *   (no empty first fragment), `content_block_stop`.
 * - `system` may be a string or an array of text blocks, joined with nothing between them;
 *   `cache_control` and other unknown fields are ignored (Go's JSON decoding).
 * - Errors are wrapped in Anthropic's shape (`{type: "error", error: {type, message}, request_id}`).
 *   Tools sent to a model without tool support: 400, "registry.ollama.ai/library/<model> does not
 *   support tools" (the capability check runs before the model is scheduled).
 * - Models: `GET /api/tags` → `{models: [{name, model, modified_at, size, digest, details}]}`, and
 *   OpenAI's `GET /v1/models` → `{object: "list", data: [{id, object, created, owned_by}]}`.
 * - CORS (gin-contrib/cors): allowed origins are `OLLAMA_ORIGINS` plus, always, localhost,
 *   127.0.0.1 and 0.0.0.0 over http and https with any port, `app://*`, `file://*`, `tauri://*`
 *   (and `vscode-webview://*` in later versions); any other origin gets 403. A preflight is
 *   answered with a fixed list of allowed request headers: Authorization, Content-Type,
 *   User-Agent, Accept, X-Requested-With, OpenAI-Beta and the SDKs' `x-stainless-*` headers. Neither
 *   `anthropic-version` nor `anthropic-dangerous-direct-browser-access` nor `x-api-key` is on it.
 *
 * LM Studio (lmstudio.ai/docs/developer/anthropic-compat, /docs/cli/server-start,
 * /docs/developer/core/server/settings):
 * - `POST /v1/messages` on port 1234; with "Require Authentication" on, a token as `x-api-key` or
 *   `Authorization: Bearer`, otherwise none. Models load just in time, on the first request.
 * - Every model is offered tools (models without native support get a default tool prompt), so a
 *   model that cannot call them answers with calls that cannot be read, never with a refusal.
 * - Models: OpenAI's `GET /v1/models` → `{data: [{id, object: "model", owned_by}], object: "list"}`;
 *   its own `GET /api/v0/models` adds type, state, quantization and `max_context_length`.
 * - CORS is off unless "Enable CORS" is on in the server settings or it started with
 *   `lms server start --cors`: then any origin and the requested headers are allowed. Off, it sends
 *   no CORS headers at all (the `cors-refusing` profile), which a browser refuses.
 *
 * llama.cpp's server (tools/server/README.md, server-http.cpp, tests/unit/test_anthropic_api.py in
 * ggml-org/llama.cpp; huggingface.co/blog/ggml-org/anthropic-messages-api-in-llamacpp):
 * - `POST /v1/messages` converts to its OpenAI pipeline; `message_start` has `input_tokens`,
 *   `message_delta` the `stop_reason` and `output_tokens`; no cache fields. Tool use needs its chat
 *   templates (`--jinja`): without them tools fail with "tools param requires --jinja flag", a
 *   runtime error it answers with 500.
 * - Errors use OpenAI's shape: `{error: {code, message, type}}`.
 * - `--api-key` is checked as `Authorization: Bearer` or `X-Api-Key`; `/v1/models`, `/models` and
 *   `/api/tags` are public. `/v1/models` → `{models: [...], object: "list", data: [{id, object,
 *   created, owned_by: "llamacpp", meta}]}`. The model it serves is the one it started with.
 * - CORS: every response echoes the request's `Origin` as `Access-Control-Allow-Origin`; a
 *   preflight gets `Access-Control-Allow-Headers: *` and methods `GET, POST`. No flag is needed.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { OLLAMA_CORS_HEADERS } from "../../../scripts/lib/ollamaCors";

/** A model a fake server lists (Anthropic's fields; the other servers' lists are made from them). */
export interface FakeModel {
	readonly id: string;
	readonly display_name: string;
	readonly lifecycle?: "active" | "deprecated" | "retired";
}

export type ServerProfileName = "anthropic" | "ollama" | "lm-studio" | "llama-cpp" | "cors-refusing";

/** What a server's stream carries besides the content, where servers differ. */
export interface WireStyle {
	/** `cache_creation_input_tokens` and `cache_read_input_tokens` in the usage. */
	readonly cacheFields: boolean;
	/** A `ping` after `message_start`. */
	readonly ping: boolean;
	/** A tool call's input JSON in pieces after an empty first one (Anthropic), or whole in one delta (Ollama). */
	readonly toolJson: "pieces" | "whole";
	/** `input_tokens` in `message_delta`'s usage besides `output_tokens`. */
	readonly deltaInputTokens: boolean;
	/** `stop_sequence: null` beside the stop reason. */
	readonly stopSequence: boolean;
}

/** An error as a server writes it. */
export interface ErrorShape {
	readonly status: number;
	readonly type: string;
	readonly message: string;
}

export interface ServerProfile {
	readonly name: ServerProfileName;
	readonly wire: WireStyle;
	readonly defaultModels: readonly FakeModel[];
	/** Answers CORS for a request; true when the request is answered already (a preflight, a refused origin). */
	cors(request: IncomingMessage, response: ServerResponse, allowedOrigins: readonly string[]): boolean;
	/** The body of `GET path` listing `models`, or undefined when the server has no such list endpoint. */
	modelList(path: string, models: readonly FakeModel[]): unknown;
	/** The error this server answers a request with tools for a model without tool support, or undefined when it takes them. */
	toolsRefusal(model: string): ErrorShape | undefined;
	errorBody(error: ErrorShape, requestId: string): unknown;
}

/** Anthropic's own stream: cache fields, a ping, tool input in pieces. */
export const ANTHROPIC_WIRE: WireStyle = {
	cacheFields: true,
	ping: true,
	toolJson: "pieces",
	deltaInputTokens: false,
	stopSequence: true,
};

function anthropicError(error: ErrorShape, requestId: string): unknown {
	return { type: "error", error: { type: error.type, message: error.message }, request_id: requestId };
}

function openAiError(error: ErrorShape): unknown {
	return { error: { code: error.status, message: error.message, type: error.type } };
}

/** Lets any origin call, with whatever headers it asks for, and read the headers the SDK needs back. */
function openCors(request: IncomingMessage, response: ServerResponse): boolean {
	response.setHeader("access-control-allow-origin", "*");
	response.setHeader("access-control-allow-methods", "GET, POST, OPTIONS");
	response.setHeader("access-control-allow-headers", request.headers["access-control-request-headers"] ?? "*");
	response.setHeader("access-control-expose-headers", "retry-after, retry-after-ms, request-id");
	response.setHeader("access-control-max-age", "600");
	// Chrome asks before a page on another origin may call a server on 127.0.0.1 (private network access).
	if (request.headers["access-control-request-private-network"] === "true") {
		response.setHeader("access-control-allow-private-network", "true");
	}
	return answeredPreflight(request, response, 204);
}

function answeredPreflight(request: IncomingMessage, response: ServerResponse, status: number): boolean {
	if (request.method !== "OPTIONS") return false;
	response.writeHead(status).end();
	return true;
}

/** The origins Ollama always allows, besides those in `OLLAMA_ORIGINS`. */
export const OLLAMA_DEFAULT_ORIGINS: readonly string[] = [
	...["localhost", "127.0.0.1", "0.0.0.0"].flatMap((host) => [
		`http://${host}`,
		`https://${host}`,
		`http://${host}:*`,
		`https://${host}:*`,
	]),
	"app://*",
	"file://*",
	"tauri://*",
	"vscode-webview://*",
];

/** An origin against a pattern whose `*` stands for any run of characters, as gin-contrib/cors matches them. */
function originMatches(pattern: string, origin: string): boolean {
	const star = pattern.indexOf("*");
	if (star < 0) return pattern === origin;
	const prefix = pattern.slice(0, star);
	const suffix = pattern.slice(star + 1);
	return origin.length >= prefix.length + suffix.length && origin.startsWith(prefix) && origin.endsWith(suffix);
}

/** gin-contrib/cors as Ollama configures it: listed origins only, a fixed list of request headers. */
function ollamaCors(request: IncomingMessage, response: ServerResponse, extraOrigins: readonly string[]): boolean {
	const origin = request.headers.origin;
	if (origin === undefined || origin === `http://${request.headers.host ?? ""}`) return false;
	if (![...extraOrigins, ...OLLAMA_DEFAULT_ORIGINS].some((pattern) => originMatches(pattern, origin))) {
		response.writeHead(403).end();
		return true;
	}
	response.setHeader("access-control-allow-origin", origin);
	response.setHeader("vary", "Origin");
	if (request.method !== "OPTIONS") return false;
	response.setHeader("access-control-allow-methods", "GET,POST,PUT,PATCH,DELETE,HEAD,OPTIONS");
	response.setHeader("access-control-allow-headers", OLLAMA_CORS_HEADERS.join(","));
	response.setHeader("access-control-max-age", "43200");
	return answeredPreflight(request, response, 204);
}

/** llama.cpp's server: the request's own origin back, any header, on every response. */
function llamaCppCors(request: IncomingMessage, response: ServerResponse): boolean {
	response.setHeader("access-control-allow-origin", request.headers.origin ?? "");
	if (request.method !== "OPTIONS") return false;
	response.setHeader("access-control-allow-credentials", "true");
	response.setHeader("access-control-allow-methods", "GET, POST");
	response.setHeader("access-control-allow-headers", "*");
	return answeredPreflight(request, response, 200);
}

/** LM Studio with CORS off: no CORS header at all; a preflight gets the methods, and nothing a browser accepts. */
function noCors(request: IncomingMessage, response: ServerResponse): boolean {
	if (request.method !== "OPTIONS") return false;
	response.setHeader("allow", "GET, POST");
	return answeredPreflight(request, response, 200);
}

function openAiModelList(models: readonly FakeModel[], ownedBy: string): Record<string, unknown> {
	return {
		object: "list",
		data: models.map((model) => ({ id: model.id, object: "model", created: 1_767_225_600, owned_by: ownedBy })),
	};
}

function ollamaTag(model: FakeModel): Record<string, unknown> {
	return {
		name: model.id,
		model: model.id,
		modified_at: "2026-01-01T00:00:00Z",
		size: 5_200_000_000,
		digest: "0".repeat(64),
		details: { format: "gguf", family: "qwen3", parameter_size: "8.2B", quantization_level: "Q4_K_M" },
	};
}

const ANTHROPIC: ServerProfile = {
	name: "anthropic",
	wire: ANTHROPIC_WIRE,
	defaultModels: [
		{ id: "claude-sonnet-5-5", display_name: "Claude Sonnet 5.5" },
		{ id: "claude-opus-5-5", display_name: "Claude Opus 5.5" },
		{ id: "claude-haiku-5-5", display_name: "Claude Haiku 5.5" },
	],
	cors: openCors,
	// Anthropic's paged list is answered by the server itself (`after_id`, `limit`).
	modelList: () => undefined,
	toolsRefusal: () => undefined,
	errorBody: anthropicError,
};

const OLLAMA: ServerProfile = {
	name: "ollama",
	wire: { cacheFields: false, ping: false, toolJson: "whole", deltaInputTokens: true, stopSequence: false },
	defaultModels: [
		{ id: "qwen3:8b", display_name: "qwen3:8b" },
		{ id: "gemma3:4b", display_name: "gemma3:4b" },
	],
	cors: ollamaCors,
	modelList: (path, models) => {
		if (path === "/api/tags") return { models: models.map(ollamaTag) };
		return path === "/v1/models" ? openAiModelList(models, "library") : undefined;
	},
	toolsRefusal: (model) => ({
		status: 400,
		type: "invalid_request_error",
		message: `registry.ollama.ai/library/${model} does not support tools`,
	}),
	errorBody: anthropicError,
};

const LM_STUDIO_WIRE: WireStyle = {
	cacheFields: false,
	ping: false,
	toolJson: "pieces",
	deltaInputTokens: false,
	stopSequence: true,
};

function lmStudioModelList(path: string, models: readonly FakeModel[]): unknown {
	if (path === "/v1/models") return openAiModelList(models, "organization_owner");
	if (path !== "/api/v0/models") return undefined;
	return {
		object: "list",
		data: models.map((model) => ({
			id: model.id,
			object: "model",
			type: "llm",
			publisher: model.id.split("/")[0],
			compatibility_type: "gguf",
			quantization: "Q4_K_M",
			state: "not-loaded",
			max_context_length: 32_768,
		})),
	};
}

const LM_STUDIO_MODELS: readonly FakeModel[] = [
	{ id: "qwen/qwen3-8b", display_name: "qwen/qwen3-8b" },
	{ id: "google/gemma-3-4b", display_name: "google/gemma-3-4b" },
];

const LM_STUDIO: ServerProfile = {
	name: "lm-studio",
	wire: LM_STUDIO_WIRE,
	defaultModels: LM_STUDIO_MODELS,
	cors: openCors,
	modelList: lmStudioModelList,
	toolsRefusal: () => undefined,
	errorBody: anthropicError,
};

const CORS_REFUSING: ServerProfile = { ...LM_STUDIO, name: "cors-refusing", cors: noCors };

const LLAMA_CPP: ServerProfile = {
	name: "llama-cpp",
	wire: { cacheFields: false, ping: false, toolJson: "pieces", deltaInputTokens: false, stopSequence: true },
	defaultModels: [{ id: "Qwen3-8B-Q4_K_M.gguf", display_name: "Qwen3-8B-Q4_K_M.gguf" }],
	cors: llamaCppCors,
	modelList: (path, models) => {
		if (path !== "/v1/models" && path !== "/models" && path !== "/api/tags") return undefined;
		return {
			models: models.map((model) => ({ name: model.id, model: model.id, type: "model", capabilities: ["completion"] })),
			...openAiModelList(models, "llamacpp"),
		};
	},
	toolsRefusal: () => ({ status: 500, type: "server_error", message: "tools param requires --jinja flag" }),
	errorBody: openAiError,
};

export const PROFILES: Readonly<Record<ServerProfileName, ServerProfile>> = {
	anthropic: ANTHROPIC,
	ollama: OLLAMA,
	"lm-studio": LM_STUDIO,
	"llama-cpp": LLAMA_CPP,
	"cors-refusing": CORS_REFUSING,
};
