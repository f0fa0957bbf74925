import { createServer } from "node:net";
import type { ModelEvent, ModelRequest } from "../../src/core/model/modelClient";
import { ModelError } from "../../src/core/model/modelClient";
import { AnthropicModelClient, type AnthropicClientOptions } from "../../src/llm/anthropicClient";
import type { FakeAnthropic } from "../harness/fakeAnthropic";

/** Waits observed instead of spent: the client's timer fires at once, and the wait is recorded. */
export interface RecordedDelays {
	readonly waits: number[];
	delay(callback: () => void, ms: number): () => void;
}

export function recordedDelays(): RecordedDelays {
	const waits: number[] = [];
	return {
		waits,
		delay: (callback, ms) => {
			waits.push(ms);
			queueMicrotask(callback);
			return () => undefined;
		},
	};
}

/** Node's own timers, for the limits a test lets run (the client's idle limit). */
export function realDelay(callback: () => void, ms: number): () => void {
	const timer = setTimeout(callback, ms);
	return () => clearTimeout(timer);
}

/** The real client over the real SDK, pointed at the fake server, with the waits between tries recorded and the idle limit on real timers. */
export function clientFor(
	fake: FakeAnthropic,
	options: Partial<AnthropicClientOptions> = {},
): { client: AnthropicModelClient; delays: RecordedDelays } {
	const delays = recordedDelays();
	const client = new AnthropicModelClient({
		apiKey: "sk-ant-test",
		baseURL: fake.baseURL,
		delay: delays.delay,
		idleDelay: realDelay,
		random: () => 0.5,
		...options,
	});
	return { client, delays };
}

export function userRequest(text: string, overrides: Partial<ModelRequest> = {}): ModelRequest {
	return {
		model: "claude-sonnet-5-5",
		system: [],
		messages: [{ role: "user", content: [{ type: "text", text }] }],
		tools: [],
		maxTokens: 1024,
		...overrides,
	};
}

export interface Drained {
	readonly events: ModelEvent[];
	/** The `ModelError` the stream ended with, if it failed. */
	readonly error: ModelError | undefined;
}

/** Reads a stream to its end, keeping what arrived before a failure; `onEvent` may act mid-stream. */
export async function drain(
	stream: AsyncIterable<ModelEvent>,
	onEvent: (event: ModelEvent) => void = () => undefined,
): Promise<Drained> {
	const events: ModelEvent[] = [];
	try {
		for await (const event of stream) {
			events.push(event);
			onEvent(event);
		}
	} catch (error) {
		if (!(error instanceof ModelError)) throw error;
		return { events, error };
	}
	return { events, error: undefined };
}

export function textOf(events: readonly ModelEvent[]): string {
	return events.map((event) => (event.type === "text" ? event.text : "")).join("");
}

/** A port nothing listens on: bound, then released. */
export async function closedPort(): Promise<number> {
	const server = createServer();
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const address = server.address();
	if (address === null || typeof address === "string") throw new Error("no port");
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return address.port;
}
