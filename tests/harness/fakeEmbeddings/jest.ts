import { FakeEmbeddings } from "./server";

/**
 * Starts one fake embedding server for the test file and resets it after each test. Returns a
 * getter, since the server exists only once `beforeAll` has run.
 */
export function useFakeEmbeddings(): () => FakeEmbeddings {
	let fake: FakeEmbeddings | undefined;
	beforeAll(async () => {
		fake = await FakeEmbeddings.start();
	});
	afterEach(() => fake?.reset());
	afterAll(async () => {
		await fake?.close();
	});
	return () => {
		if (fake === undefined) throw new Error("The fake embedding server starts in beforeAll; use it inside a test.");
		return fake;
	};
}
