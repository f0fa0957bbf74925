import { abortableSleep } from "../../src/llm/abortableSleep";

describe("abortableSleep", () => {
	it("waits for the host timer", async () => {
		let fire: (() => void) | undefined;
		let settled = false;
		const sleeping = abortableSleep((callback) => ((fire = callback), () => undefined), 1000).then(
			() => (settled = true),
		);
		await Promise.resolve();
		expect(settled).toBe(false);
		fire?.();
		await sleeping;
		expect(settled).toBe(true);
	});

	it("ends early and cancels the timer when the signal aborts", async () => {
		const controller = new AbortController();
		const cancel = jest.fn();
		const sleeping = abortableSleep(() => cancel, 60_000, controller.signal);
		controller.abort();
		await sleeping;
		expect(cancel).toHaveBeenCalled();
	});

	it("does not wait at all on a signal that already aborted", async () => {
		const controller = new AbortController();
		controller.abort();
		await abortableSleep(() => () => undefined, 60_000, controller.signal);
	});
});
