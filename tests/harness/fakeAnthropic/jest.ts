import { FakeAnthropic, type FakeServerOptions } from "./server";

/**
 * Starts one fake server for the test file (Anthropic's API, or the server `options.profile`
 * names) and resets it after each test. Returns a getter, since the server exists only once
 * `beforeAll` has run.
 */
export function useFakeAnthropic(options: FakeServerOptions = {}): () => FakeAnthropic {
	let fake: FakeAnthropic | undefined;
	beforeAll(async () => {
		fake = await FakeAnthropic.start(options);
	});
	afterEach(() => fake?.reset());
	afterAll(async () => {
		await fake?.close();
	});
	return () => {
		if (fake === undefined) throw new Error("The fake Anthropic server starts in beforeAll; use it inside a test.");
		return fake;
	};
}
