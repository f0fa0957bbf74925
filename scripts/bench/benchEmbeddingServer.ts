import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { isRecord } from "../../src/core/workspace/data/json";
import { fakeVector } from "../lib/hashedVectors";
import { readBody, sendJson } from "../lib/jsonHttp";
import { OLLAMA_CORS_HEADERS } from "../lib/ollamaCors";

/** The model the bench's server has. */
export const BENCH_EMBEDDING_MODEL = "bench-embed";
/** The dimension of a small multilingual model's vectors (the memory and query targets are at 384). */
const BENCH_DIMENSION = 384;

export interface BenchEmbeddingServer {
	/** `http://127.0.0.1:<port>`. */
	readonly baseURL: string;
	/** The page origin it answers, as Ollama answers the origins in `OLLAMA_ORIGINS`; any other is refused. */
	allowOrigin(origin: string): void;
	/** Texts embedded so far. */
	readonly texts: () => number;
	close(): Promise<void>;
}

/**
 * What `npm run bench:browser -- --meaning` embeds against: Ollama's API (`GET /api/tags`,
 * `POST /api/embed`) on 127.0.0.1, answering at once with deterministic vectors (`fakeVector`),
 * so that what the bench measures is the plugin's own work in the page, not a model's. It treats
 * the page's origin as Ollama started with `OLLAMA_ORIGINS` naming it does, which is how a user
 * lets Obsidian's window reach their server: a preflight from that origin is allowed (204 with the
 * allowed methods and headers), every answer to it names it, and any other origin gets a 403.
 */
export async function startBenchEmbeddingServer(): Promise<BenchEmbeddingServer> {
	let allowed: string | null = null;
	let texts = 0;
	const server = createServer((request, response) => {
		void readBody(request).then((body) => {
			const origin = request.headers.origin;
			if (origin !== undefined) {
				if (origin !== allowed) return sendJson(response, 403, { error: "origin not allowed" });
				response.setHeader("access-control-allow-origin", origin);
				response.setHeader("vary", "Origin");
			}
			const path = new URL(request.url ?? "/", "http://127.0.0.1").pathname;
			if (request.method === "OPTIONS") {
				response.writeHead(204, {
					"access-control-allow-methods": "GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS",
					"access-control-allow-headers": OLLAMA_CORS_HEADERS.join(", "),
					"access-control-max-age": "43200",
				});
				return response.end();
			}
			if (request.method === "GET" && path === "/api/tags")
				return sendJson(response, 200, { models: [{ name: BENCH_EMBEDDING_MODEL, model: BENCH_EMBEDDING_MODEL }] });
			if (request.method !== "POST" || path !== "/api/embed") {
				response.writeHead(404, { "content-type": "text/plain" });
				return response.end("404 page not found");
			}
			const parsed = parse(body);
			const input = parsed?.input;
			const batch = typeof input === "string" ? [input] : Array.isArray(input) ? input.map(String) : null;
			if (batch === null) return sendJson(response, 400, { error: "invalid input type" });
			if (parsed?.model !== BENCH_EMBEDDING_MODEL)
				return sendJson(response, 404, { error: `model "${String(parsed?.model)}" not found, try pulling it first` });
			texts += batch.length;
			sendJson(response, 200, {
				model: BENCH_EMBEDDING_MODEL,
				embeddings: batch.map((text) => fakeVector(text, BENCH_DIMENSION)),
			});
		});
	});
	await new Promise<void>((resolve, reject) => {
		server.once("error", reject);
		server.listen(0, "127.0.0.1", resolve);
	});
	return {
		baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		allowOrigin: (origin) => {
			allowed = origin;
		},
		texts: () => texts,
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}

function parse(text: string): Record<string, unknown> | undefined {
	try {
		const body: unknown = JSON.parse(text);
		return isRecord(body) ? body : undefined;
	} catch {
		return undefined;
	}
}
