/**
 * What goes over the wire besides the request's body, as the server receives it: the header the
 * key travels in, and every other header the SDK adds. The README's "What the SDK adds" says
 * exactly this; a new SDK that sends something else fails here before the README is wrong.
 */
import { t } from "../../src/i18n";
import { createModelClient } from "../../src/llm";
import { textReply, useFakeAnthropic, type RecordedRequest } from "../harness/fakeAnthropic";
import { drain, realDelay, userRequest } from "../llm/modelFixture";
import { receiptsInMemory } from "../harness/receipts";

/** What Node's fetch adds by itself, as a web view adds its own: not the SDK's doing. */
const TRANSPORT = new Set([
	"host",
	"connection",
	"content-length",
	"accept-encoding",
	"accept-language",
	"sec-fetch-mode",
]);

/** What the SDK says of itself and of the platform, to Anthropic and to a local server alike. */
const PLATFORM = [
	"user-agent",
	"x-stainless-arch",
	"x-stainless-lang",
	"x-stainless-os",
	"x-stainless-package-version",
	"x-stainless-retry-count",
	"x-stainless-runtime",
	"x-stainless-runtime-version",
	"x-stainless-timeout",
];

/** The headers of a request the SDK chose, sorted by name, the transport's left out. */
function sdkHeaders(request: RecordedRequest | undefined): Record<string, unknown> {
	const headers = Object.entries(request?.headers ?? {}).filter(([name]) => !TRANSPORT.has(name));
	return Object.fromEntries(headers.sort(([a], [b]) => a.localeCompare(b)));
}

const common = { delay: realDelay, translate: t, receipts: receiptsInMemory().receipts };

describe("the headers a model server receives", () => {
	const fake = useFakeAnthropic();
	const environment = process.env.ANTHROPIC_CUSTOM_HEADERS;
	afterEach(() => {
		if (environment === undefined) delete process.env.ANTHROPIC_CUSTOM_HEADERS;
		else process.env.ANTHROPIC_CUSTOM_HEADERS = environment;
	});

	it("Anthropic's API gets the key as Authorization: Bearer, never as x-api-key", async () => {
		fake().enqueue(textReply("Hello."));
		const client = createModelClient({ ...common, apiKey: "sk-ant-wire", baseURL: fake().baseURL });
		await drain(client.stream(userRequest("Hi")));
		await client.listModels();
		const [message, list] = fake().requests;
		expect(Object.keys(sdkHeaders(message))).toEqual(
			[
				...PLATFORM,
				"accept",
				"anthropic-dangerous-direct-browser-access",
				"anthropic-version",
				"authorization",
				"content-type",
			].sort(),
		);
		expect(sdkHeaders(message)).toMatchObject({
			authorization: "Bearer sk-ant-wire",
			"anthropic-version": "2026-10-21",
			"anthropic-dangerous-direct-browser-access": "true",
			"x-stainless-retry-count": "0",
			"x-stainless-lang": "js",
			"user-agent": expect.stringMatching(/^Anthropic\/JS \d+\.\d+\.\d+$/),
		});
		expect(message.headers["x-api-key"]).toBeUndefined();
		// The model list (the settings' list, *Test connection*): the same, without a body's type.
		expect(Object.keys(sdkHeaders(list))).toEqual(
			Object.keys(sdkHeaders(message)).filter((name) => name !== "content-type"),
		);
	});

	it("a local server gets the platform headers and its own key as Authorization: Bearer, nothing of Anthropic's", async () => {
		process.env.ANTHROPIC_CUSTOM_HEADERS = "x-gateway-credential: for-anthropic-only";
		fake().enqueue(textReply("Hello."), textReply("Hello again."));
		const server = { preset: "lm-studio", baseURL: fake().baseURL } as const;
		await drain(
			createModelClient({ ...common, apiKey: "sk-ant-wire", server: { ...server, apiKey: "lm-key" } }).stream(
				userRequest("Hi"),
			),
		);
		await drain(createModelClient({ ...common, apiKey: "sk-ant-wire", server }).stream(userRequest("Hi")));
		const [withKey, withoutKey] = fake().requests;
		expect(Object.keys(sdkHeaders(withKey))).toEqual([...PLATFORM, "accept", "authorization", "content-type"].sort());
		expect(withKey.headers.authorization).toBe("Bearer lm-key");
		expect(Object.keys(sdkHeaders(withoutKey))).toEqual([...PLATFORM, "accept", "content-type"].sort());
	});

	it("Anthropic's API also gets the headers the environment sets for it (ANTHROPIC_CUSTOM_HEADERS)", async () => {
		process.env.ANTHROPIC_CUSTOM_HEADERS = "x-gateway-credential: for-anthropic-only";
		fake().enqueue(textReply("Hello."));
		await drain(
			createModelClient({ ...common, apiKey: "sk-ant-wire", baseURL: fake().baseURL }).stream(userRequest("Hi")),
		);
		expect(fake().requests[0]?.headers["x-gateway-credential"]).toBe("for-anthropic-only");
	});
});
