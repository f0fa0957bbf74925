import { FakeAnthropic, OLLAMA_CORS_HEADERS, toolUseReply, type ServerProfileName } from ".";
import { CompatibleModelClient } from "../../../src/llm";

/** One fake per profile for the whole file, reset after each test. */
const fakes = new Map<ServerProfileName, FakeAnthropic>();
const PROFILE_NAMES: ServerProfileName[] = ["ollama", "lm-studio", "llama-cpp", "cors-refusing"];
beforeAll(async () => {
	for (const profile of PROFILE_NAMES) fakes.set(profile, await FakeAnthropic.start({ profile }));
});
afterEach(() => fakes.forEach((fake) => fake.reset()));
afterAll(async () => {
	for (const fake of fakes.values()) await fake.close();
});

function fake(profile: ServerProfileName): FakeAnthropic {
	const started = fakes.get(profile);
	if (started === undefined) throw new Error(`no ${profile} fake`);
	return started;
}

function preflight(profile: ServerProfileName, origin: string, headers: string): Promise<Response> {
	return fetch(`${fake(profile).baseURL}/v1/messages`, {
		method: "OPTIONS",
		headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": headers },
	});
}

function post(profile: ServerProfileName, body: unknown): Promise<Response> {
	return fetch(`${fake(profile).baseURL}/v1/messages`, { method: "POST", body: JSON.stringify(body) });
}

/** The data of each SSE event, in order. */
function eventData(sse: string): Record<string, unknown>[] {
	return [...sse.matchAll(/^data: (.*)$/gm)].map((match) => JSON.parse(match[1]) as Record<string, unknown>);
}

describe("the fake server's profiles", () => {
	describe("Ollama", () => {
		it("allows Obsidian's desktop origin and localhost pages, refuses others with 403, and takes OLLAMA_ORIGINS", async () => {
			for (const origin of ["app://obsidian.md", "http://127.0.0.1:5173", "http://localhost"]) {
				const response = await preflight("ollama", origin, "content-type");
				expect(response.status).toBe(204);
				expect(response.headers.get("access-control-allow-origin")).toBe(origin);
			}
			expect((await preflight("ollama", "capacitor://localhost", "content-type")).status).toBe(403);
			expect((await preflight("ollama", "https://example.test", "content-type")).status).toBe(403);
			fake("ollama").allowedOrigins = ["capacitor://localhost*"];
			expect((await preflight("ollama", "capacitor://localhost", "content-type")).status).toBe(204);
		});

		it("lets a page send only its fixed list of headers, which has no Anthropic header", async () => {
			const response = await preflight("ollama", "app://obsidian.md", "anthropic-version,content-type");
			const allowed = (response.headers.get("access-control-allow-headers") ?? "").toLowerCase().split(",");
			expect(allowed).toEqual(OLLAMA_CORS_HEADERS.map((header) => header.toLowerCase()));
			expect(allowed).not.toContain("anthropic-version");
			expect(allowed).not.toContain("x-api-key");
		});

		it("gets from the compatible client only headers its CORS allows", async () => {
			fake("ollama").enqueue(toolUseReply("memory_search", { query: "q" }));
			const client = new CompatibleModelClient({
				server: { preset: "ollama", baseURL: fake("ollama").baseURL, apiKey: "proxy-key" },
				delay: () => () => undefined,
			});
			for await (const event of client.stream({
				model: "qwen3:8b",
				system: [],
				messages: [{ role: "user", content: [{ type: "text", text: "Hi" }] }],
				tools: [{ name: "memory_search", description: "d", inputSchema: { type: "object" } }],
				maxTokens: 100,
			}))
				void event;
			const allowed = new Set(OLLAMA_CORS_HEADERS.map((header) => header.toLowerCase()));
			// What the SDK itself sets; the rest (host, connection, sec-fetch-mode ...) is the browser's own.
			const sent = Object.keys(fake("ollama").requests[0].headers).filter((name) =>
				/^(x-|anthropic-|authorization$|content-type$|accept$)/.test(name),
			);
			expect(sent).toContain("authorization");
			expect(sent.filter((name) => !allowed.has(name))).toEqual([]);
		});

		it("streams without cache fields or ping, a tool call's JSON whole, and both counts at the end", async () => {
			fake("ollama").enqueue(toolUseReply("memory_search", { query: "kayak" }, { id: "call_1", chunkSize: 3 }));
			const events = eventData(await (await post("ollama", { model: "qwen3:8b" })).text());
			expect(events.map((event) => event.type)).toEqual([
				"message_start",
				"content_block_start",
				"content_block_delta",
				"content_block_stop",
				"message_delta",
				"message_stop",
			]);
			expect(events[0]).toMatchObject({ message: { usage: { input_tokens: 10, output_tokens: 0 } } });
			expect(JSON.stringify(events)).not.toContain("cache_");
			expect(events[2]).toMatchObject({ delta: { partial_json: '{"query":"kayak"}' } });
			expect(events[4]).toEqual({
				type: "message_delta",
				delta: { stop_reason: "tool_use" },
				usage: { input_tokens: 10, output_tokens: 5 },
			});
		});

		it("refuses tools for a model marked without them, in Anthropic's error shape, before using the script", async () => {
			fake("ollama").modelsWithoutTools = ["gemma3:4b"];
			fake("ollama").enqueue(toolUseReply("memory_search", {}));
			const response = await post("ollama", { model: "gemma3:4b", tools: [] });
			expect(response.status).toBe(400);
			expect(await response.json()).toMatchObject({
				type: "error",
				error: {
					type: "invalid_request_error",
					message: "registry.ollama.ai/library/gemma3:4b does not support tools",
				},
			});
			expect(fake("ollama").pending).toBe(1);
		});

		it("lists its models at /api/tags in its own shape, and at /v1/models in OpenAI's", async () => {
			const tags = (await (await fetch(`${fake("ollama").baseURL}/api/tags`)).json()) as { models: unknown[] };
			expect(tags.models[0]).toMatchObject({ name: "qwen3:8b", model: "qwen3:8b", details: { format: "gguf" } });
			const openAi = await (await fetch(`${fake("ollama").baseURL}/v1/models`)).json();
			expect(openAi).toMatchObject({
				object: "list",
				data: [{ id: "qwen3:8b", object: "model" }, { id: "gemma3:4b" }],
			});
		});
	});

	describe("LM Studio", () => {
		it("lists its models in OpenAI's shape and in its own, and never refuses tools", async () => {
			const openAi = await (await fetch(`${fake("lm-studio").baseURL}/v1/models`)).json();
			expect(openAi).toMatchObject({
				object: "list",
				data: [{ id: "qwen/qwen3-8b", owned_by: "organization_owner" }, { id: "google/gemma-3-4b" }],
			});
			const own = await (await fetch(`${fake("lm-studio").baseURL}/api/v0/models`)).json();
			expect(own).toMatchObject({
				data: [{ id: "qwen/qwen3-8b", type: "llm", state: "not-loaded" }, { id: "google/gemma-3-4b" }],
			});
			expect((await fetch(`${fake("lm-studio").baseURL}/api/tags`)).status).toBe(404);
			fake("lm-studio").modelsWithoutTools = ["qwen/qwen3-8b"];
			fake("lm-studio").enqueue(toolUseReply("memory_search", {}));
			expect((await post("lm-studio", { model: "qwen/qwen3-8b", tools: [] })).status).toBe(200);
		});

		it("with CORS off (the cors-refusing profile) answers Node but sends a browser no CORS header", async () => {
			const response = await preflight("cors-refusing", "app://obsidian.md", "content-type");
			expect(response.headers.get("access-control-allow-origin")).toBeNull();
			expect(response.headers.get("access-control-allow-headers")).toBeNull();
			const listed = await fetch(`${fake("cors-refusing").baseURL}/v1/models`, {
				headers: { origin: "app://obsidian.md" },
			});
			expect(listed.status).toBe(200);
			expect(listed.headers.get("access-control-allow-origin")).toBeNull();
		});
	});

	describe("llama.cpp's server", () => {
		it("echoes any origin and allows any header", async () => {
			const response = await preflight("llama-cpp", "capacitor://localhost", "anthropic-version,x-api-key");
			expect(response.headers.get("access-control-allow-origin")).toBe("capacitor://localhost");
			expect(response.headers.get("access-control-allow-headers")).toBe("*");
		});

		it("refuses tools without its chat templates with a 500 in OpenAI's error shape", async () => {
			fake("llama-cpp").modelsWithoutTools = ["Qwen3-8B-Q4_K_M.gguf"];
			const response = await post("llama-cpp", { model: "Qwen3-8B-Q4_K_M.gguf", tools: [] });
			expect(response.status).toBe(500);
			expect(await response.json()).toEqual({
				error: { code: 500, message: "tools param requires --jinja flag", type: "server_error" },
			});
		});

		it("lists its model in OpenAI's shape with Ollama's beside it", async () => {
			const listed = await (await fetch(`${fake("llama-cpp").baseURL}/v1/models`)).json();
			expect(listed).toMatchObject({
				object: "list",
				data: [{ id: "Qwen3-8B-Q4_K_M.gguf", owned_by: "llamacpp" }],
				models: [{ name: "Qwen3-8B-Q4_K_M.gguf" }],
			});
		});
	});

	it("streams no message_stop, no usage and no stop reason when the script says so", async () => {
		fake("llama-cpp").enqueue(
			toolUseReply("memory_search", {}, { usage: null, stopReason: null, withoutMessageStop: true }),
		);
		const events = eventData(await (await post("llama-cpp", { model: "m" })).text());
		expect(events.at(-1)).toEqual({ type: "message_delta", delta: { stop_sequence: null } });
		expect(JSON.stringify(events)).not.toContain("usage");
	});

	it("sends nothing, not even headers, while the model loads", async () => {
		fake("ollama").enqueue(toolUseReply("memory_search", {}, { loadingMs: 120 }));
		const started = Date.now();
		const response = await post("ollama", { model: "qwen3:8b" });
		expect(Date.now() - started).toBeGreaterThanOrEqual(100);
		expect(response.status).toBe(200);
		await response.text();
	});
});
