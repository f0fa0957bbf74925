import type { ServerPreset } from "../../src/core/model/modelServer";
import { CompatibleModelClient, type CompatibleClientOptions } from "../../src/llm/compatibleClient";
import type { FakeAnthropic } from "../harness/fakeAnthropic";
import { realDelay, type RecordedDelays } from "./modelFixture";

/** The waiting notice in tests that are not about it: never due, since `retryDelays` lets no wait this long run out. */
export const TEST_NOTICE_MS = 60_000;

/** The waits between tries observed instead of spent (they end at once); the waiting notice never falls due. */
export function retryDelays(): RecordedDelays {
	const waits: number[] = [];
	return {
		waits,
		delay: (callback, ms) => {
			waits.push(ms);
			if (ms < TEST_NOTICE_MS) queueMicrotask(callback);
			return () => undefined;
		},
	};
}

/** The preset each fake profile stands for. */
export const PRESET_OF = { ollama: "ollama", "lm-studio": "lm-studio", "llama-cpp": "llama-cpp" } as const;

/**
 * The real compatible client over the real SDK, pointed at the fake server as `preset`, with the
 * waits between tries recorded and the time limits on real timers.
 */
export function serverClientFor(
	fake: FakeAnthropic,
	preset: ServerPreset,
	options: Partial<CompatibleClientOptions> = {},
): { client: CompatibleModelClient; delays: RecordedDelays } {
	const delays = retryDelays();
	const client = new CompatibleModelClient({
		server: { preset, baseURL: fake.baseURL },
		delay: delays.delay,
		idleDelay: realDelay,
		random: () => 0.5,
		waitingNoticeMs: TEST_NOTICE_MS,
		...options,
	});
	return { client, delays };
}

/**
 * Every URL fetched while a test runs, through the global `fetch` the SDK takes when a client is
 * made: install before making the client. Proves which hosts a client contacted, beyond what the
 * fake server saw.
 */
export function recordFetches(): { readonly urls: string[] } {
	const urls: string[] = [];
	const original = globalThis.fetch;
	beforeEach(() => {
		urls.length = 0;
		globalThis.fetch = (input, init) => {
			urls.push(input instanceof Request ? input.url : String(input));
			return original(input, init);
		};
	});
	afterEach(() => {
		globalThis.fetch = original;
	});
	return { urls };
}

/** A delay whose timers never fire: a wait the test keeps from ending. */
export function neverDelay(): RecordedDelays {
	const waits: number[] = [];
	return {
		waits,
		delay: (_callback, ms) => {
			waits.push(ms);
			return () => undefined;
		},
	};
}
