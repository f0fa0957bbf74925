import { ModelError, type ModelErrorKind } from "../../src/core/model/modelClient";
import { SERVER_PRESETS, type CompatibleServer } from "../../src/core/model/modelServer";
import { setLanguage, t } from "../../src/i18n";
import { corsFix } from "../../src/llm";
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

/** Every kind, those only a compatible server (or the privacy gate) gives included. */
const ALL_KINDS: ModelErrorKind[] = [
	...KINDS,
	"privacy-unconfirmed",
	"server-unreachable",
	"cors-refused",
	"tools-unsupported",
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

	describe("for a compatible server", () => {
		const servers: CompatibleServer[] = SERVER_PRESETS.map((preset) => ({ preset, baseURL: "http://localhost:11434" }));

		it("reads right for a local server: every kind, both languages, no Anthropic, no internet", () => {
			for (const language of ["en", "zh"] as const) {
				setLanguage(language);
				for (const server of servers) {
					const message = (kind: ModelErrorKind) => modelErrorMessage(new ModelError(kind, "detail", 2000), t, server);
					const messages = ALL_KINDS.map(message);
					// A server out of reach is not the internet being down: both say the server did not answer.
					expect(message("offline")).toBe(message("server-unreachable"));
					expect(new Set(messages).size).toBe(ALL_KINDS.length - 1);
					for (const message of messages) {
						expect(message).not.toMatch(/Anthropic|internet|API key|网络连接|API 密钥/);
						expect(message).not.toMatch(/model-error\.|\{\w+\}/);
					}
				}
			}
		});

		it("names the server, and says where it did not answer", () => {
			const lmStudio: CompatibleServer = { preset: "lm-studio", baseURL: "http://localhost:1234" };
			expect(modelErrorMessage(new ModelError("overloaded", ""), t, lmStudio)).toBe(
				"LM Studio is overloaded. Try again in a moment.",
			);
			expect(modelErrorMessage(new ModelError("server-unreachable", ""), t, lmStudio)).toBe(
				"LM Studio did not answer at http://localhost:1234. Check that it is running and that the address in the plugin settings is right.",
			);
			expect(
				modelErrorMessage(new ModelError("bad-request", "context too long"), t, { preset: "custom", baseURL: "x" }),
			).toBe("The model server could not handle the request: context too long");
		});

		it("ends a CORS refusal with the line that fixes it for that server", () => {
			for (const language of ["en", "zh"] as const) {
				setLanguage(language);
				for (const server of servers) {
					const message = modelErrorMessage(new ModelError("cors-refused", ""), t, server);
					expect(message.endsWith(corsFix(server.preset, t))).toBe(true);
				}
			}
			setLanguage("en");
			expect(corsFix("lm-studio", t)).toBe(
				"Turn on “Enable CORS” in LM Studio's server settings, or start the server with: lms server start --cors",
			);
		});
	});
});
