import { errorReply, textReply, toolUseReply, useFakeAnthropic } from ".";

const fake = useFakeAnthropic();

function post(body: unknown): Promise<Response> {
	return fetch(`${fake().baseURL}/v1/messages`, {
		method: "POST",
		headers: { "content-type": "application/json" },
		body: JSON.stringify(body),
	});
}

/** The `event:` names of an SSE body, in order. */
function eventNames(sse: string): string[] {
	return [...sse.matchAll(/^event: (\S+)$/gm)].map((match) => match[1]);
}

describe("the fake Anthropic server", () => {
	it("listens on 127.0.0.1 only", () => {
		expect(fake().baseURL).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
	});

	it("streams a text answer in the API's event order, with a ping", async () => {
		fake().enqueue(textReply("Hello there", { chunkSize: 6 }));
		const response = await post({ model: "claude-sonnet-5-5", stream: true });
		expect(response.headers.get("content-type")).toContain("text/event-stream");
		const sse = await response.text();
		expect(eventNames(sse)).toEqual([
			"message_start",
			"ping",
			"content_block_start",
			"content_block_delta",
			"content_block_delta",
			"content_block_stop",
			"message_delta",
			"message_stop",
		]);
		expect(sse).toContain('"model":"claude-sonnet-5-5"');
		expect(sse).toContain(
			'data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hello "}}',
		);
		expect(sse).toContain('"delta":{"stop_reason":"end_turn","stop_sequence":null}');
	});

	it("streams a tool call as input_json_delta fragments, starting with an empty one", async () => {
		fake().enqueue(toolUseReply("memory_search", { query: "kayak" }, { id: "toolu_1", chunkSize: 100 }));
		const sse = await (await post({ model: "m" })).text();
		expect(sse).toContain('"content_block":{"type":"tool_use","id":"toolu_1","name":"memory_search","input":{}}');
		expect(sse).toContain('"delta":{"type":"input_json_delta","partial_json":""}');
		expect(sse).toContain(`"partial_json":${JSON.stringify('{"query":"kayak"}')}`);
		expect(sse).toContain('"stop_reason":"tool_use"');
	});

	it("answers errors with the API's JSON body and retry-after", async () => {
		fake().enqueue(errorReply(429, { retryAfter: "12" }), errorReply(529, { message: "Overloaded" }));
		const limited = await post({});
		expect(limited.status).toBe(429);
		expect(limited.headers.get("retry-after")).toBe("12");
		expect(await limited.json()).toMatchObject({ type: "error", error: { type: "rate_limit_error" } });
		const overloaded = await post({});
		expect(overloaded.status).toBe(529);
		expect(await overloaded.json()).toMatchObject({
			type: "error",
			error: { type: "overloaded_error", message: "Overloaded" },
		});
	});

	it("fails loudly, with an error no client retries, when no answer was scripted", async () => {
		const response = await post({});
		expect(response.status).toBe(400);
		expect(await response.json()).toMatchObject({
			error: { type: "invalid_request_error", message: "fake server: no scripted response left" },
		});
	});

	it("records every request: method, path, headers and parsed body", async () => {
		fake().enqueue(textReply("ok"));
		await (await post({ model: "m", messages: [] })).text();
		expect(fake().requests).toEqual([
			expect.objectContaining({
				method: "POST",
				url: "/v1/messages",
				body: { model: "m", messages: [] },
				headers: expect.objectContaining({ "content-type": "application/json" }),
			}),
		]);
	});

	it("slows a stream down by the given delay between events", async () => {
		fake().enqueue(textReply("abcd", { chunkSize: 1, delayMs: 15 }));
		const started = Date.now();
		await (await post({})).text();
		// Eleven events, 15 ms before each.
		expect(Date.now() - started).toBeGreaterThanOrEqual(150);
	});

	it("cuts the connection after the given number of events, which is not the client hanging up", async () => {
		fake().enqueue(textReply("abcdefgh", { chunkSize: 2, cutAfterEvents: 4 }));
		const response = await post({});
		await expect(response.text()).rejects.toThrow();
		expect(fake().disconnects).toBe(0);
	});

	it("counts a client that hangs up mid-stream", async () => {
		fake().enqueue(textReply("abcdefgh", { chunkSize: 1, delayMs: 20 }));
		const controller = new AbortController();
		const response = await fetch(`${fake().baseURL}/v1/messages`, {
			method: "POST",
			body: "{}",
			signal: controller.signal,
		});
		controller.abort();
		await expect(response.text()).rejects.toThrow();
		for (let waited = 0; fake().disconnects === 0 && waited < 2000; waited += 10)
			await new Promise((resolve) => setTimeout(resolve, 10));
		expect(fake().disconnects).toBe(1);
	});

	it("answers a CORS preflight and lets a page read the answer", async () => {
		const preflight = await fetch(`${fake().baseURL}/v1/messages`, {
			method: "OPTIONS",
			headers: {
				origin: "app://obsidian.md",
				"access-control-request-method": "POST",
				"access-control-request-headers":
					"authorization,anthropic-version,anthropic-dangerous-direct-browser-access,content-type",
			},
		});
		expect(preflight.status).toBe(204);
		expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
		expect(preflight.headers.get("access-control-allow-methods")).toContain("POST");
		expect(preflight.headers.get("access-control-allow-headers")).toBe(
			"authorization,anthropic-version,anthropic-dangerous-direct-browser-access,content-type",
		);
		expect(fake().requests).toEqual([]);
		const privateNetwork = await fetch(`${fake().baseURL}/v1/models`, {
			method: "OPTIONS",
			headers: {
				origin: "https://example.test",
				"access-control-request-method": "GET",
				"access-control-request-private-network": "true",
			},
		});
		expect(privateNetwork.headers.get("access-control-allow-private-network")).toBe("true");
		fake().enqueue(errorReply(429, { retryAfter: "3" }));
		const limited = await post({});
		expect(limited.headers.get("access-control-allow-origin")).toBe("*");
		expect(limited.headers.get("access-control-expose-headers")).toContain("retry-after");
	});

	it("pages through GET /v1/models", async () => {
		fake().models = [
			{ id: "a", display_name: "A" },
			{ id: "b", display_name: "B" },
			{ id: "c", display_name: "C" },
		];
		const first = (await (await fetch(`${fake().baseURL}/v1/models?limit=2`)).json()) as {
			data: { id: string }[];
			has_more: boolean;
			last_id: string;
		};
		expect(first.data.map((model) => model.id)).toEqual(["a", "b"]);
		expect(first).toMatchObject({ has_more: true, last_id: "b" });
		const second = (await (await fetch(`${fake().baseURL}/v1/models?limit=2&after_id=b`)).json()) as {
			data: { id: string; type: string }[];
			has_more: boolean;
		};
		expect(second.data).toEqual([
			expect.objectContaining({ id: "c", type: "model", display_name: "C", lifecycle: "active" }),
		]);
		expect(second.has_more).toBe(false);
	});
});
