import { retryAfterMs } from "../../src/llm/modelErrors";

describe("retryAfterMs", () => {
	const now = Date.parse("2026-03-15T12:00:00Z");
	it.each([
		[{ "retry-after": "7" }, 7000],
		[{ "retry-after": "0.5" }, 500],
		[{ "retry-after-ms": "1234", "retry-after": "7" }, 1234],
		[{ "retry-after": "Sun, 15 Mar 2026 12:00:30 GMT" }, 30_000],
		[{ "retry-after": "Sun, 15 Mar 2026 11:00:00 GMT" }, 0],
		[{ "retry-after": "soon" }, undefined],
		[{ "retry-after": "-3" }, undefined],
		[{}, undefined],
	])("reads %j as %s ms", (headers, expected) => {
		expect(retryAfterMs(new Headers(headers), now)).toBe(expected);
	});
});
