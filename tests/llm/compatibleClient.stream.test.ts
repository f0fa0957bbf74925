import type { ModelRequest, ToolDefinition } from "../../src/core/model/modelClient";
import { messageReply, textReply, toolUseReply, useFakeAnthropic } from "../harness/fakeAnthropic";
import { drain, textOf, userRequest } from "./modelFixture";
import { PRESET_OF, recordFetches, serverClientFor } from "./serverFixture";

const SEARCH: ToolDefinition = {
	name: "memory_search",
	description: "Search memory.",
	inputSchema: { type: "object", properties: { query: { type: "string" } }, required: ["query"] },
};

function toolRequest(model: string, overrides: Partial<ModelRequest> = {}): ModelRequest {
	return userRequest("What did I write about kayaks?", {
		model,
		system: [{ text: "You are the assistant.", cacheBreakpoint: true }, { text: "Today is Monday." }],
		tools: [SEARCH],
		...overrides,
	});
}

const fetches = recordFetches();

describe.each(["ollama", "lm-studio", "llama-cpp"] as const)(
	"the compatible client against %s, over the real SDK",
	(profile) => {
		const fake = useFakeAnthropic({ profile });
		const preset = PRESET_OF[profile];
		const model = (): string => fake().models[0].id;

		it("streams a tool call after text, with the usage it gave and no cache, and stops for the tool", async () => {
			fake().enqueue(toolUseReply("memory_search", { query: "kayak" }, { id: "call_1", textBefore: "Let me look." }));
			const { client } = serverClientFor(fake(), preset);
			const { events, error } = await drain(client.stream(toolRequest(model())));
			expect(error).toBeUndefined();
			expect(textOf(events)).toBe("Let me look.");
			expect(events.filter((event) => event.type === "tool_use")).toEqual([
				{
					type: "tool_use",
					block: { type: "tool_use", id: "call_1", name: "memory_search", input: { query: "kayak" } },
				},
			]);
			expect(events.find((event) => event.type === "usage")).toEqual({
				type: "usage",
				usage: { inputTokens: 10, outputTokens: 5, cacheReadTokens: 0, cacheWriteTokens: 0 },
			});
			expect(events.at(-1)).toEqual({ type: "stop", reason: "tool_use" });
		});

		it("sends the system prompt as one string, no cache_control, no Anthropic headers and no credential", async () => {
			fake().enqueue(textReply("ok"));
			await drain(serverClientFor(fake(), preset).client.stream(toolRequest(model())));
			const [body] = fake().messageBodies;
			expect(body).toMatchObject({
				model: model(),
				stream: true,
				system: "You are the assistant.\n\nToday is Monday.",
				tools: [{ name: "memory_search", input_schema: SEARCH.inputSchema }],
			});
			expect(JSON.stringify(body)).not.toContain("cache_control");
			const headers = fake().requests[0].headers;
			for (const name of [
				"anthropic-version",
				"anthropic-dangerous-direct-browser-access",
				"authorization",
				"x-api-key",
			])
				expect(headers[name]).toBeUndefined();
		});

		it("sends no image or PDF a conversation holds from a model that read them (the model changed mid-chat)", async () => {
			fake().enqueue(textReply("ok"));
			const pdf = {
				type: "document",
				mediaType: "application/pdf",
				data: "JVBERi0xLjQ=",
				name: "Files/report.pdf",
			} as const;
			const png = { type: "image", mediaType: "image/png", data: "iVBORw0KGgo=", name: "Photos/scan.png" } as const;
			const request = toolRequest(model(), {
				messages: [
					{ role: "user", content: [pdf, { type: "text", text: "Summarise it." }] },
					{
						role: "assistant",
						content: [{ type: "tool_use", id: "call_1", name: "memory_get", input: { path: "Photos/scan.png" } }],
					},
					{
						role: "user",
						content: [
							{ type: "tool_result", toolUseId: "call_1", content: "Source: Photos/scan.png", attachments: [png] },
						],
					},
					{ role: "assistant", content: [{ type: "text", text: "Done." }] },
					{ role: "user", content: [{ type: "text", text: "And now?" }] },
				],
			});
			const { error } = await drain(serverClientFor(fake(), preset).client.stream(request));
			expect(error).toBeUndefined();
			const sent = JSON.stringify(fake().messageBodies[0]);
			expect(sent).not.toContain("JVBERi0xLjQ=");
			expect(sent).not.toContain("iVBORw0KGgo=");
			expect(sent).not.toMatch(/"type":"(image|document)"/);
			// The model is still told a file was there, by name.
			expect(sent).toContain("Files/report.pdf");
			expect(sent).toContain("Source: Photos/scan.png");
		});

		it("talks to the server's address and to no other host", async () => {
			fake().enqueue(textReply("ok"));
			const { client } = serverClientFor(fake(), preset);
			await drain(client.stream(toolRequest(model())));
			await client.listModels();
			expect(fetches.urls.length).toBeGreaterThanOrEqual(2);
			for (const url of fetches.urls) expect(new URL(url).origin).toBe(fake().baseURL);
			expect(fake().requests.map((request) => request.url)).toContain("/v1/messages");
		});

		it("lists the server's models, ids as the server names them", async () => {
			const models = await serverClientFor(fake(), preset).client.listModels();
			expect(models.map((listed) => listed.id)).toEqual(fake().models.map((listed) => listed.id));
			expect(fake().requests).toHaveLength(1);
		});

		it("reads a stream without usage, stop reason or message_stop as complete", async () => {
			fake().enqueue(
				messageReply([{ type: "tool_use", id: "call_2", name: "memory_search", input: { query: "x" } }], {
					usage: null,
					stopReason: null,
					withoutMessageStop: true,
				}),
			);
			const { events, error } = await drain(serverClientFor(fake(), preset).client.stream(toolRequest(model())));
			expect(error).toBeUndefined();
			expect(events.filter((event) => event.type === "usage_start" || event.type === "usage")).toEqual([
				{ type: "usage_start", usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 } },
				{ type: "usage", usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 } },
			]);
			expect(events.at(-1)).toEqual({ type: "stop", reason: "tool_use" });
		});
	},
);

describe("the compatible client's tool calls, against LM Studio (which offers every model tools)", () => {
	const fake = useFakeAnthropic({ profile: "lm-studio" });

	it("fails with tools-unsupported, before handing the call on, when its input is not JSON", async () => {
		fake().enqueue(
			messageReply([
				{ type: "tool_use", id: "call_3", name: "memory_search", input: {}, inputJson: '{"query": kayak' },
			]),
		);
		const { events, error } = await drain(
			serverClientFor(fake(), "lm-studio").client.stream(toolRequest("qwen/qwen3-8b")),
		);
		expect(error?.kind).toBe("tools-unsupported");
		expect(events.some((event) => event.type === "tool_use")).toBe(false);
		expect(fake().messageBodies).toHaveLength(1);
	});

	it("fails with tools-unsupported when the model calls a tool the request did not offer", async () => {
		fake().enqueue(toolUseReply("web_search", { query: "kayak" }));
		const { events, error } = await drain(
			serverClientFor(fake(), "lm-studio").client.stream(toolRequest("qwen/qwen3-8b")),
		);
		expect(error?.kind).toBe("tools-unsupported");
		expect(events.some((event) => event.type === "tool_use")).toBe(false);
	});

	it("passes a call the output limit cut on as {}, as Anthropic's would be, not as a model without tools", async () => {
		fake().enqueue(
			messageReply(
				[{ type: "tool_use", id: "call_4", name: "memory_search", input: {}, inputJson: '{"query": "kay' }],
				{
					stopReason: "max_tokens",
				},
			),
		);
		const { events, error } = await drain(
			serverClientFor(fake(), "lm-studio").client.stream(toolRequest("qwen/qwen3-8b")),
		);
		expect(error).toBeUndefined();
		expect(events.filter((event) => event.type === "tool_use")).toEqual([
			{ type: "tool_use", block: { type: "tool_use", id: "call_4", name: "memory_search", input: {} } },
		]);
		expect(events.at(-1)).toEqual({ type: "stop", reason: "max_tokens" });
	});

	it("finds the server under an address typed with a trailing /v1, as OpenAI-style settings have it", async () => {
		fake().enqueue(textReply("ok"));
		const client = serverClientFor(fake(), "lm-studio", {
			server: { preset: "lm-studio", baseURL: `${fake().baseURL}/v1/` },
		}).client;
		const { error } = await drain(client.stream(toolRequest("qwen/qwen3-8b")));
		expect(error).toBeUndefined();
		await client.listModels();
		expect(fake().requests.map((request) => request.url)).toEqual(["/v1/messages", "/v1/models"]);
	});

	it("sends the user's key as a bearer token, and only then", async () => {
		fake().enqueue(textReply("ok"));
		const client = serverClientFor(fake(), "lm-studio", {
			server: { preset: "lm-studio", baseURL: fake().baseURL, apiKey: "lm-token" },
		}).client;
		await drain(client.stream(toolRequest("qwen/qwen3-8b")));
		expect(fake().requests[0].headers.authorization).toBe("Bearer lm-token");
		expect(fake().requests[0].headers["x-api-key"]).toBeUndefined();
	});

	it("sends none of the Anthropic credentials the environment holds, nor the headers it adds for Anthropic", async () => {
		const saved = { ...process.env };
		Object.assign(process.env, {
			ANTHROPIC_API_KEY: "sk-ant-env",
			ANTHROPIC_AUTH_TOKEN: "sk-ant-token",
			ANTHROPIC_CUSTOM_HEADERS:
				"x-api-key: sk-ant-gateway\nX-Gateway-Auth: sk-ant-gateway\nAuthorization: Bearer sk-ant-gateway",
		});
		try {
			fake().enqueue(textReply("ok"));
			const client = serverClientFor(fake(), "ollama").client;
			await drain(client.stream(toolRequest("qwen3")));
			await client.listModels();
		} finally {
			process.env = saved;
		}
		expect(fake().requests.length).toBeGreaterThanOrEqual(2);
		for (const request of fake().requests) expect(JSON.stringify(request.headers)).not.toContain("sk-ant");
	});
});
