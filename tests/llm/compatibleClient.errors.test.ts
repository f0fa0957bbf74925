import type { ModelEvent } from "../../src/core/model/modelClient";
import { setLanguage, t } from "../../src/i18n";
import {
	CompatibleModelClient,
	corsFix,
	LOADING_POLL_MS,
	modelErrorMessage,
	SERVER_FIRST_EVENT_TIMEOUT_MS,
	WAITING_NOTICE_MS,
} from "../../src/llm";
import { errorReply, textReply, useFakeAnthropic } from "../harness/fakeAnthropic";
import { closedPort, drain, realDelay, textOf, userRequest } from "./modelFixture";
import { neverDelay, retryDelays, serverClientFor, TEST_NOTICE_MS } from "./serverFixture";

const SEARCH = { name: "memory_search", description: "Search memory.", inputSchema: { type: "object" } };

/** The client at a port nothing listens on, asking `probe` whether the server answers outside CORS. */
async function clientOfClosedPort(probe?: (url: string) => Promise<boolean>) {
	const baseURL = `http://127.0.0.1:${await closedPort()}`;
	const delays = retryDelays();
	const client = new CompatibleModelClient({
		server: { preset: "ollama", baseURL },
		answersOutsideCors: probe,
		delay: delays.delay,
		idleDelay: realDelay,
		waitingNoticeMs: TEST_NOTICE_MS,
	});
	return { client, baseURL, delays };
}

describe("the compatible client's failures", () => {
	afterEach(() => setLanguage("en"));

	it("reports a server that is not running as server-unreachable, without retrying", async () => {
		const { client, delays } = await clientOfClosedPort();
		const { events, error } = await drain(client.stream(userRequest("Hi", { model: "qwen3:8b" })));
		expect(events).toEqual([]);
		expect(error?.kind).toBe("server-unreachable");
		expect(delays.waits).toEqual([TEST_NOTICE_MS]);
		await expect(client.listModels()).rejects.toMatchObject({ kind: "server-unreachable" });
	});

	it("reports cors-refused when the server answers outside the window's CORS rules, with the line that fixes it", async () => {
		const probed: string[] = [];
		const { client, baseURL } = await clientOfClosedPort((url) => {
			probed.push(url);
			return Promise.resolve(true);
		});
		const { error } = await drain(client.stream(userRequest("Hi", { model: "qwen3:8b" })));
		expect(error?.kind).toBe("cors-refused");
		expect(probed).toEqual([`${baseURL}/api/tags`]);
		const message = modelErrorMessage(error!, t, { preset: "ollama", baseURL });
		expect(message).toContain("Ollama is running but refused requests from Obsidian's window.");
		expect(message.endsWith(corsFix("ollama", t))).toBe(true);
		expect(message).toContain('OLLAMA_ORIGINS="app://obsidian.md*,capacitor://localhost*" ollama serve');
	});

	it("reports server-unreachable when the probe finds nothing either, or fails", async () => {
		for (const probe of [
			() => Promise.resolve(false),
			() => Promise.reject(new Error("net::ERR_CONNECTION_REFUSED")),
		]) {
			const { client, baseURL } = await clientOfClosedPort(probe);
			const { error } = await drain(client.stream(userRequest("Hi")));
			expect(error?.kind).toBe("server-unreachable");
			expect(modelErrorMessage(error!, t, { preset: "ollama", baseURL })).toBe(
				`Ollama did not answer at ${baseURL}. Check that it is running and that the address in the plugin settings is right.`,
			);
		}
	});
});

describe("the compatible client against Ollama's refusal of tools", () => {
	const fake = useFakeAnthropic({ profile: "ollama" });

	it("turns the 400 for a model without tool support into tools-unsupported, tried once", async () => {
		fake().modelsWithoutTools = ["gemma3:4b"];
		fake().enqueue(textReply("never"));
		const { error } = await drain(
			serverClientFor(fake(), "ollama").client.stream(userRequest("Hi", { model: "gemma3:4b", tools: [SEARCH] })),
		);
		expect(error?.kind).toBe("tools-unsupported");
		expect(error?.message).toContain("does not support tools");
		expect(fake().messageBodies).toHaveLength(1);
		expect(fake().pending).toBe(1);
	});

	it("answers the same model without tools", async () => {
		fake().modelsWithoutTools = ["gemma3:4b"];
		fake().enqueue(textReply("From your notes."));
		const { events, error } = await drain(
			serverClientFor(fake(), "ollama").client.stream(userRequest("Hi", { model: "gemma3:4b" })),
		);
		expect(error).toBeUndefined();
		expect(textOf(events)).toBe("From your notes.");
	});

	it("names the server in its messages: a model it does not have", async () => {
		fake().enqueue(errorReply(404, { message: "model 'llama9' not found" }));
		const { error } = await drain(
			serverClientFor(fake(), "ollama").client.stream(userRequest("Hi", { model: "llama9" })),
		);
		expect(error?.kind).toBe("unknown-model");
		expect(modelErrorMessage(error!, t, { preset: "ollama", baseURL: fake().baseURL })).toBe(
			"Ollama does not have the selected model. Download it there, or choose another model in the plugin settings.",
		);
	});
});

describe("the compatible client before a model is chosen", () => {
	const fake = useFakeAnthropic({ profile: "ollama" });

	it("sends no request without a model's name, and asks for one in the settings", async () => {
		fake().enqueue(textReply("never"));
		for (const model of ["", "  "]) {
			const { events, error } = await drain(
				serverClientFor(fake(), "ollama").client.stream(userRequest("Hi", { model })),
			);
			expect(events).toEqual([]);
			expect(error?.kind).toBe("unknown-model");
			expect(modelErrorMessage(error!, t, { preset: "ollama", baseURL: fake().baseURL })).toContain(
				"choose another model in the plugin settings",
			);
		}
		expect(fake().requests).toEqual([]);
	});
});

describe("the compatible client against llama.cpp's refusal of tools", () => {
	const fake = useFakeAnthropic({ profile: "llama-cpp" });

	it("turns the 500 of a server started without its chat templates into tools-unsupported, not retried", async () => {
		fake().modelsWithoutTools = ["Qwen3-8B-Q4_K_M.gguf"];
		const { client, delays } = serverClientFor(fake(), "llama-cpp");
		const { error } = await drain(client.stream(userRequest("Hi", { model: "Qwen3-8B-Q4_K_M.gguf", tools: [SEARCH] })));
		expect(error?.kind).toBe("tools-unsupported");
		expect(fake().messageBodies).toHaveLength(1);
		expect(delays.waits).toEqual([TEST_NOTICE_MS]);
	});
});

describe("the compatible client against llama.cpp's server while it loads its model", () => {
	const fake = useFakeAnthropic({ profile: "llama-cpp" });
	const loading = () => errorReply(503, { type: "unavailable_error", message: "Loading model" });

	it("says it is waiting for the model and asks again until the model is ready, without using up its retries", async () => {
		fake().enqueue(loading(), loading(), loading(), textReply("Ready."));
		const { client, delays } = serverClientFor(fake(), "llama-cpp");
		const { events, error } = await drain(client.stream(userRequest("Hi", { model: "Qwen3-8B-Q4_K_M.gguf" })));
		expect(error).toBeUndefined();
		expect(events[0]).toEqual({ type: "waiting-for-model" });
		expect(events.filter((event) => event.type === "waiting-for-model")).toHaveLength(1);
		expect(textOf(events)).toBe("Ready.");
		expect(fake().messageBodies).toHaveLength(4);
		expect(delays.waits.filter((ms) => ms === LOADING_POLL_MS)).toHaveLength(3);
	});

	it("gives up once the first event's limit has passed, as overloaded", async () => {
		// Three polls fit in a first-event limit of six seconds: the fourth "Loading model" is the last.
		fake().enqueue(...Array.from({ length: 4 }, loading), textReply("never"));
		const { client, delays } = serverClientFor(fake(), "llama-cpp", { firstEventTimeoutMs: 3 * LOADING_POLL_MS });
		const { error } = await drain(client.stream(userRequest("Hi", { model: "Qwen3-8B-Q4_K_M.gguf" })));
		expect(error?.kind).toBe("overloaded");
		expect(fake().pending).toBe(1);
		expect(delays.waits.filter((ms) => ms === LOADING_POLL_MS)).toHaveLength(3);
	});
});

describe("the compatible client's patience with a model that loads", () => {
	const fake = useFakeAnthropic({ profile: "ollama" });

	/** The host's timers, with the waiting notice due at once and every other wait left to run out by itself. */
	function noticeAtOnce() {
		const waits: number[] = [];
		return {
			waits,
			delay: (callback: () => void, ms: number) => {
				waits.push(ms);
				if (ms === WAITING_NOTICE_MS) queueMicrotask(callback);
				return () => undefined;
			},
		};
	}

	it("says it is waiting for the model once, then streams the answer", async () => {
		fake().enqueue(textReply("Loaded.", { loadingMs: 150 }));
		const timers = noticeAtOnce();
		const { client } = serverClientFor(fake(), "ollama", { delay: timers.delay, waitingNoticeMs: undefined });
		const { events, error } = await drain(client.stream(userRequest("Hi", { model: "qwen3:8b" })));
		expect(error).toBeUndefined();
		expect(events[0]).toEqual({ type: "waiting-for-model" });
		expect(events.filter((event: ModelEvent) => event.type === "waiting-for-model")).toHaveLength(1);
		expect(textOf(events)).toBe("Loaded.");
		expect(timers.waits).toContain(WAITING_NOTICE_MS);
	});

	it("says nothing of waiting when the answer begins before the notice is due", async () => {
		fake().enqueue(textReply("Quick."));
		const { client } = serverClientFor(fake(), "ollama", { delay: neverDelay().delay, waitingNoticeMs: undefined });
		const { events } = await drain(client.stream(userRequest("Hi", { model: "qwen3:8b" })));
		expect(events.some((event) => event.type === "waiting-for-model")).toBe(false);
	});

	it("waits minutes for the first event, not the idle limit, and gives up only after them", async () => {
		fake().enqueue(textReply("never", { loadingMs: 2000 }));
		const limits: number[] = [];
		// The first-event limit runs out after 50 ms of real time instead of five minutes.
		const { client } = serverClientFor(fake(), "ollama", {
			idleTimeoutMs: 100_000,
			idleDelay: (callback, ms) => {
				limits.push(ms);
				return realDelay(callback, ms === SERVER_FIRST_EVENT_TIMEOUT_MS ? 50 : ms);
			},
		});
		const { error } = await drain(client.stream(userRequest("Hi", { model: "qwen3:8b" })));
		expect(error?.kind).toBe("idle-timeout");
		expect(error?.message).toBe("The stream sent nothing for 300 s.");
		expect(limits).toEqual([SERVER_FIRST_EVENT_TIMEOUT_MS]);
	});

	it("holds a stream that stalls after its first event to the ordinary idle limit", async () => {
		fake().enqueue(textReply("abcdefgh", { chunkSize: 2, stallAfterEvents: 3 }));
		const { client } = serverClientFor(fake(), "ollama", { idleTimeoutMs: 200 });
		const { events, error } = await drain(client.stream(userRequest("Hi", { model: "qwen3:8b" })));
		expect(textOf(events)).toBe("ab");
		expect(error?.kind).toBe("idle-timeout");
		expect(error?.message).toBe("The stream sent nothing for 0.2 s.");
	});
});
