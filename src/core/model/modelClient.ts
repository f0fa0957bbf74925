/**
 * The model port: what the turn loop needs from a language model, in the shape of Anthropic's
 * Messages API but free of its SDK, so that the loop, the offline model and the tests share one
 * contract. `src/llm/` implements it over `@anthropic-ai/sdk`.
 */

import type { ModelFeature } from "./modelFeature";

export type Role = "user" | "assistant";

export interface TextBlock {
	readonly type: "text";
	readonly text: string;
}

export interface ToolUseBlock {
	readonly type: "tool_use";
	readonly id: string;
	readonly name: string;
	readonly input: unknown;
}

export interface ToolResultBlock {
	readonly type: "tool_result";
	readonly toolUseId: string;
	readonly content: string;
	readonly isError?: boolean;
	/**
	 * What the tool gave besides its text, as data, for the models that run inside the plugin (the
	 * offline model answers a search from it). Never sent to the API; dropped with the text when a
	 * result is withheld.
	 */
	readonly data?: unknown;
	/** Files the tool read for the model (a PDF, an image), sent after the text in the result's content. */
	readonly attachments?: readonly AttachmentBlock[];
	/** The vault paths of the notes the result's text came from, for the request's receipt. Never sent to the API. */
	readonly sources?: readonly string[];
}

/** The file types a model that reads attachments takes: the Messages API's image and PDF sources. */
export type ImageMediaType = "image/png" | "image/jpeg" | "image/gif" | "image/webp";
export type AttachmentMediaType = ImageMediaType | "application/pdf";

/**
 * A file the model reads as it is, not as text: an image or a PDF, base64-encoded. `name` says
 * which file it was (a vault path, or the name of a file the user dropped): what a transcript and
 * a compacted conversation keep in its place, since the bytes are never written to a note.
 */
export type AttachmentBlock = (
	| { readonly type: "image"; readonly mediaType: ImageMediaType; readonly data: string; readonly name: string }
	| {
			readonly type: "document";
			readonly mediaType: "application/pdf";
			readonly data: string;
			readonly name: string;
			/** Its pages, when the file names them plainly: what it costs in the context window. */
			readonly pages?: number;
	  }
) & {
	/**
	 * Read from the vault at `name`: withheld from later requests once no visible file is there
	 * (hidden, or moved into a private folder). A dropped file has no path to check.
	 */
	readonly vaultFile?: true;
};

export type ContentBlock = TextBlock | ToolUseBlock | ToolResultBlock | AttachmentBlock;

export interface ChatMessage {
	readonly role: Role;
	readonly content: readonly ContentBlock[];
}

/** A tool the model may call; `inputSchema` is JSON Schema (from the tool's zod schema). */
export interface ToolDefinition {
	readonly name: string;
	readonly description: string;
	readonly inputSchema: Readonly<Record<string, unknown>>;
}

/**
 * One layer of the system prompt. `cacheBreakpoint` marks the end of the static prefix (the
 * identity layer) so the API can cache everything up to it between turns.
 */
export interface SystemBlock {
	readonly text: string;
	readonly cacheBreakpoint?: boolean;
}

export interface ModelRequest {
	readonly model: string;
	readonly system: readonly SystemBlock[];
	readonly messages: readonly ChatMessage[];
	readonly tools: readonly ToolDefinition[];
	readonly maxTokens: number;
	/** Aborts the request and the stream at any moment. */
	readonly signal?: AbortSignal;
	/** What sent the request and which notes its system prompt carries, for its receipt. Never sent to the API. */
	readonly origin?: RequestOrigin;
}

export interface RequestOrigin {
	readonly feature: ModelFeature;
	/** The vault paths of the notes whose text the system prompt carries (identity files, hot memory, the vault map, notes in context). */
	readonly notes: readonly string[];
}

export interface Usage {
	readonly inputTokens: number;
	readonly outputTokens: number;
	readonly cacheReadTokens: number;
	readonly cacheWriteTokens: number;
}

export type StopReason =
	| "end_turn"
	| "tool_use"
	| "max_tokens"
	| "stop_sequence"
	| "refusal"
	| "pause_turn"
	/** The conversation filled the model's context window: compact it before the next turn. */
	| "model_context_window_exceeded";

/** What a streaming answer is made of, in the order the model produces it. */
export type ModelEvent =
	| { readonly type: "text"; readonly text: string }
	/** Part of a tool call's input JSON, as it streams (for showing a chip early). */
	| { readonly type: "tool_input"; readonly id: string; readonly name: string; readonly partialJson: string }
	/** A tool call whose input is complete. */
	| { readonly type: "tool_use"; readonly block: ToolUseBlock }
	/**
	 * The tokens counted as the response starts: the request's input (and cache) in full, the
	 * output as far as it went then. What a response stopped before its end has used, at least.
	 */
	| { readonly type: "usage_start"; readonly usage: Usage }
	/** The response's final count, once it is complete: it supersedes `usage_start`. */
	| { readonly type: "usage"; readonly usage: Usage }
	| { readonly type: "stop"; readonly reason: StopReason }
	/**
	 * The server has sent nothing yet, well past when a response usually begins: a local server
	 * loading the model into memory. Once per request at most; the answer follows, or an error.
	 */
	| { readonly type: "waiting-for-model" };

export interface ModelInfo {
	readonly id: string;
	readonly displayName: string;
}

export interface ModelClient {
	/** Whether this is the offline model, which answers from retrieval alone. */
	readonly offline: boolean;
	/**
	 * Whether a compatible server answers (Ollama, LM Studio, llama.cpp ...): it has no row in
	 * the price table, so its turns show "local, no cost"; it may need a search in place of tools.
	 */
	readonly local?: boolean;
	/**
	 * Whether the model reads images and PDFs sent as attachment blocks (Claude does). Absent, it
	 * does not: a compatible server's model may take them for text or refuse the request, and the
	 * offline model reads nothing.
	 */
	readonly readsAttachments?: boolean;
	stream(request: ModelRequest): AsyncIterable<ModelEvent>;
	listModels(signal?: AbortSignal): Promise<ModelInfo[]>;
}

/**
 * Why a model call failed, as the user needs to act on it. The view turns the kind into a
 * message in the user's language; `retryAfterMs` comes from the server when it said so.
 */
export type ModelErrorKind =
	| "invalid-key"
	| "permission"
	| "unknown-model"
	| "rate-limit"
	| "overloaded"
	| "server"
	| "offline"
	| "stream-cut"
	| "aborted"
	| "bad-request"
	/** The stream sent nothing for longer than the client's idle limit: a stalled connection, given up on. */
	| "idle-timeout"
	/** The turn (or a one-shot request) ran past its overall time limit and was stopped. */
	| "time-limit"
	/** Refused before anything was sent: the privacy settings could not be read and the user has not checked them yet. */
	| "privacy-unconfirmed"
	/** A local or compatible server did not answer at its address: it is not running, or the address is wrong. */
	| "server-unreachable"
	/** The server answers, but refused this window's request (CORS): it must be told to allow Obsidian's origin. */
	| "cors-refused"
	/** The server's model cannot call tools: it said so, or its tool call could not be read. */
	| "tools-unsupported"
	/** The server answered with a redirect to another address, which was not followed: nothing was sent there. */
	| "redirect";

export class ModelError extends Error {
	constructor(
		readonly kind: ModelErrorKind,
		message: string,
		readonly retryAfterMs?: number,
	) {
		super(message);
		this.name = "ModelError";
	}
}
