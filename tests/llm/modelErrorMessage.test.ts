import { ModelError, type ModelErrorKind } from "../../src/core/model/modelClient";
import { setLanguage, t } from "../../src/i18n";
import { modelErrorMessage } from "../../src/llm/modelErrorMessage";

const KINDS: ModelErrorKind[] = [
	"invalid-key",
	"permission",
	"unknown-model",
	"rate-limit",
	"overloaded",
	"server",
	"offline",
	"stream-cut",
	"aborted",
	"bad-request",
	"idle-timeout",
	"time-limit",
];

describe("modelErrorMessage", () => {
	afterEach(() => setLanguage("en"));

	it("has a message for every kind, in both languages", () => {
		for (const language of ["en", "zh"] as const) {
			setLanguage(language);
			const messages = KINDS.map((kind) => modelErrorMessage(new ModelError(kind, "detail"), t));
			expect(new Set(messages).size).toBe(KINDS.length);
			for (const message of messages) expect(message).not.toMatch(/model-error\.|\{\w+\}/);
		}
	});

	it("tells an invalid key apart, and where to fix it", () => {
		expect(modelErrorMessage(new ModelError("invalid-key", "invalid x-api-key"), t)).toBe(
			"The Anthropic API key was rejected. Check the key in the plugin settings.",
		);
	});

	it("says how long to wait when the server said so", () => {
		expect(modelErrorMessage(new ModelError("rate-limit", "", 3_600_000), t)).toBe(
			"Anthropic's rate limit was reached. Try again in 3600 s.",
		);
		expect(modelErrorMessage(new ModelError("rate-limit", ""), t)).toBe(
			"Anthropic's rate limit was reached. Try again in a moment.",
		);
	});

	it("passes on the API's reason for a bad request", () => {
		expect(modelErrorMessage(new ModelError("bad-request", "prompt is too long"), t)).toBe(
			"Anthropic could not handle the request: prompt is too long",
		);
	});
});
