import { CallBudget } from "../../../src/core/mcp";

const limits = { windowMs: 60_000, calls: 3, writes: 2, notesCreated: 1 };

describe("CallBudget", () => {
	it("counts a request in every budget or in none: one the host refuses costs its session nothing", () => {
		let now = 0;
		const session = new CallBudget(() => now, limits);
		const host = new CallBudget(() => now, { ...limits, writes: 1 }, "host");
		expect(CallBudget.takeAll([session, host], "write")).toBeNull();
		expect(CallBudget.takeAll([session, host], "write")?.message).toMatch(
			/at most 1 writes in 60 seconds from all its clients together/,
		);
		// The refused write was not counted in the session: it still has one write and two calls.
		expect(session.take("write")).toBeNull();
		expect(session.take("read")).toBeNull();
		expect(session.take("read")?.message).toMatch(/at most 3 calls in 60 seconds from one client/);
		now = 60_000;
		expect(CallBudget.takeAll([session, host], "write")).toBeNull();
	});
});
