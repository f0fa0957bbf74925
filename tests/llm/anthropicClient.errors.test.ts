import { AnthropicModelClient } from "../../src/llm/anthropicClient";
import { errorReply, textReply, useFakeAnthropic } from "../harness/fakeAnthropic";
import { clientFor, closedPort, drain, realDelay, recordedDelays, textOf, userRequest } from "./modelFixture";

const fake = useFakeAnthropic();

describe("AnthropicModelClient errors and retries, over the real SDK", () => {
	it("retries 529 overloaded with exponential backoff and jitter, then streams the answer", async () => {
		fake().enqueue(errorReply(529), errorReply(529), textReply("Finally."));
		const { client, delays } = clientFor(fake(), { random: () => 0.5 });
		const { events, error } = await drain(client.stream(userRequest("Hi")));
		expect(error).toBeUndefined();
		expect(textOf(events)).toBe("Finally.");
		expect(fake().messageBodies).toHaveLength(3);
		// Half of each ceiling fixed, half jittered: 1000 ms, then 2000 ms, at random 0.5.
		expect(delays.waits).toEqual([750, 1500]);
	});

	it("gives up after three tries and reports overloaded", async () => {
		fake().enqueue(errorReply(529), errorReply(529), errorReply(529), textReply("never"));
		const { client, delays } = clientFor(fake());
		const { events, error } = await drain(client.stream(userRequest("Hi")));
		expect(events).toEqual([]);
		expect(error?.kind).toBe("overloaded");
		expect(fake().messageBodies).toHaveLength(3);
		expect(delays.waits).toHaveLength(2);
		expect(fake().pending).toBe(1);
	});

	it("retries a 500 server error and reports server when it persists", async () => {
		fake().enqueue(errorReply(500), errorReply(500), errorReply(500));
		const { error } = await drain(clientFor(fake()).client.stream(userRequest("Hi")));
		expect(error?.kind).toBe("server");
		expect(fake().messageBodies).toHaveLength(3);
	});

	it("keeps jittered waits within half and all of the backoff ceiling", async () => {
		fake().enqueue(
			errorReply(529),
			errorReply(529),
			textReply("ok"),
			errorReply(529),
			errorReply(529),
			textReply("ok"),
		);
		const low = clientFor(fake(), { random: () => 0 });
		await drain(low.client.stream(userRequest("Hi")));
		const high = clientFor(fake(), { random: () => 0.999999 });
		await drain(high.client.stream(userRequest("Hi")));
		expect(low.delays.waits).toEqual([500, 1000]);
		expect(high.delays.waits).toEqual([1000, 2000]);
	});

	it("waits for retry-after on 429, then retries", async () => {
		fake().enqueue(errorReply(429, { retryAfter: "7" }), textReply("After the wait."));
		const { client, delays } = clientFor(fake());
		const { events, error } = await drain(client.stream(userRequest("Hi")));
		expect(error).toBeUndefined();
		expect(textOf(events)).toBe("After the wait.");
		expect(delays.waits).toEqual([7000]);
		expect(fake().messageBodies).toHaveLength(2);
	});

	it("does not keep the chat waiting for a retry-after beyond the bound: rate-limit with the wait", async () => {
		fake().enqueue(errorReply(429, { retryAfter: "3600" }), textReply("never"));
		const { client, delays } = clientFor(fake());
		const { error } = await drain(client.stream(userRequest("Hi")));
		expect(error?.kind).toBe("rate-limit");
		expect(error?.retryAfterMs).toBe(3_600_000);
		expect(delays.waits).toEqual([]);
		expect(fake().messageBodies).toHaveLength(1);
	});

	it("backs off on 429 without retry-after", async () => {
		fake().enqueue(errorReply(429), textReply("ok"));
		const { client, delays } = clientFor(fake());
		await drain(client.stream(userRequest("Hi")));
		expect(delays.waits).toEqual([750]);
	});

	it("reports 401 as invalid-key without retrying: the server saw exactly one request", async () => {
		fake().enqueue(errorReply(401, { message: "invalid x-api-key" }), textReply("never"));
		const { client, delays } = clientFor(fake());
		const { events, error } = await drain(client.stream(userRequest("Hi")));
		expect(events).toEqual([]);
		expect(error?.kind).toBe("invalid-key");
		expect(error?.message).toBe("invalid x-api-key");
		expect(fake().requests).toHaveLength(1);
		expect(delays.waits).toEqual([]);
	});

	it.each([
		[403, "permission"],
		[404, "unknown-model"],
		[400, "bad-request"],
		[413, "bad-request"],
	])("reports %i as %s without retrying", async (status, kind) => {
		fake().enqueue(errorReply(status), textReply("never"));
		const { error } = await drain(clientFor(fake()).client.stream(userRequest("Hi")));
		expect(error?.kind).toBe(kind);
		expect(fake().requests).toHaveLength(1);
	});

	it("reports a closed port as offline, without retrying", async () => {
		const port = await closedPort();
		const delays = recordedDelays();
		const client = new AnthropicModelClient({
			apiKey: "sk-ant-test",
			baseURL: `http://127.0.0.1:${port}`,
			delay: delays.delay,
			idleDelay: realDelay,
		});
		const { events, error } = await drain(client.stream(userRequest("Hi")));
		expect(events).toEqual([]);
		expect(error?.kind).toBe("offline");
		expect(delays.waits).toEqual([]);
	});

	it("stops waiting between tries when the signal aborts, and ends with aborted", async () => {
		fake().enqueue(errorReply(529), textReply("never"));
		const controller = new AbortController();
		// The user stops while the client waits to try again: the wait ends at once.
		const { client } = clientFor(fake(), {
			delay: () => {
				controller.abort();
				return () => undefined;
			},
		});
		const { error } = await drain(client.stream(userRequest("Hi", { signal: controller.signal })));
		expect(error?.kind).toBe("aborted");
		expect(fake().messageBodies).toHaveLength(1);
	});
});

describe("AnthropicModelClient.listModels, over the real SDK", () => {
	it("lists the models from the API, across pages, without retired ones", async () => {
		fake().models = [
			...Array.from({ length: 120 }, (_, i) => ({ id: `claude-test-${i}`, display_name: `Claude Test ${i}` })),
			{ id: "claude-old", display_name: "Claude Old", lifecycle: "retired" },
			{ id: "claude-sonnet-4-5", display_name: "Claude Sonnet 4.5", lifecycle: "deprecated" },
		];
		const models = await clientFor(fake()).client.listModels();
		expect(models).toHaveLength(121);
		expect(models[0]).toEqual({ id: "claude-test-0", displayName: "Claude Test 0" });
		expect(models.map((model) => model.id)).not.toContain("claude-old");
		expect(models.at(-1)).toEqual({ id: "claude-sonnet-4-5", displayName: "Claude Sonnet 4.5" });
		expect(fake().requests.map((request) => request.url)).toEqual([
			"/v1/models?limit=100",
			"/v1/models?limit=100&after_id=claude-test-99",
		]);
	});

	it("reports a rejected key as invalid-key", async () => {
		fake().modelsError = errorReply(401);
		await expect(clientFor(fake()).client.listModels()).rejects.toMatchObject({ kind: "invalid-key" });
	});
});
