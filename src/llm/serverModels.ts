import { APIError } from "@anthropic-ai/sdk/core/error";
import { ModelError, type ModelInfo } from "../core/model/modelClient";
import type { ServerPreset } from "../core/model/modelServer";
import type { AnthropicSdk } from "./sdkClient";

/**
 * Where each server lists its models, first the one it is known by: Ollama's own `/api/tags`
 * (`{models: [{name, model, ...}]}`), else `/v1/models`, OpenAI's shape
 * (`{object: "list", data: [{id, ...}]}`, LM Studio and llama.cpp's server) or Anthropic's
 * (`{data: [{id, display_name, ...}]}`). llama.cpp's server and Ollama answer both.
 */
export function modelListPaths(preset: ServerPreset): readonly string[] {
	return preset === "ollama" ? ["/api/tags", "/v1/models"] : ["/v1/models", "/api/tags"];
}

/**
 * The server's models, ids as it names them, from the first of its list endpoints that it
 * has. A server with none of them, or none in a known shape, fails with `server`.
 */
export async function listServerModels(
	sdk: AnthropicSdk,
	preset: ServerPreset,
	signal: AbortSignal | undefined,
): Promise<ModelInfo[]> {
	for (const path of modelListPaths(preset)) {
		let body: unknown;
		try {
			body = await sdk.get<unknown>(path, { signal });
		} catch (error) {
			// A server without this endpoint may have the next one.
			if (error instanceof APIError && (error.status === 404 || error.status === 405)) continue;
			throw error;
		}
		const models = modelsIn(body);
		if (models !== undefined) return models;
	}
	throw new ModelError("server", "The server did not list its models in a shape the plugin knows.");
}

/** The models in a list body of any of the known shapes, or undefined when it is none of them. */
function modelsIn(body: unknown): ModelInfo[] | undefined {
	if (!isRecord(body)) return undefined;
	if (Array.isArray(body.data)) return body.data.flatMap(listedModel);
	if (Array.isArray(body.models)) return body.models.flatMap(ollamaModel);
	return undefined;
}

function listedModel(entry: unknown): ModelInfo[] {
	if (!isRecord(entry) || typeof entry.id !== "string") return [];
	const name = typeof entry.display_name === "string" ? entry.display_name : entry.id;
	return [{ id: entry.id, displayName: name }];
}

/** Ollama names a model twice (`name` and `model`, the same tag); a request takes either. */
function ollamaModel(entry: unknown): ModelInfo[] {
	if (!isRecord(entry)) return [];
	const id = typeof entry.model === "string" ? entry.model : entry.name;
	return typeof id === "string" ? [{ id, displayName: typeof entry.name === "string" ? entry.name : id }] : [];
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}
