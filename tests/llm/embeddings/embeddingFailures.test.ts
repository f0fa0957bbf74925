import { EMBEDDING_APIS } from "../../../src/llm/embeddings/embeddingApis";
import { FakeEmbeddings, useFakeEmbeddings } from "../../harness/fakeEmbeddings";
import { closedPort } from "../modelFixture";
import { embeddingClientFor, embeddingFailureOf, kindOf } from "./embeddingFixture";

const fake = useFakeEmbeddings();
const document = (texts: readonly string[], signal?: AbortSignal) => ({ texts, purpose: "document" as const, signal });

describe.each(EMBEDDING_APIS)("failures over the %s API", (api) => {
	test("nothing listening at the address is an unreachable server", async () => {
		const { client } = embeddingClientFor(fake(), api, { baseURL: `http://127.0.0.1:${await closedPort()}` });

		await expect(kindOf(client.embed(document(["one"])))).resolves.toBe("server-unreachable");
		await expect(kindOf(client.listModels())).resolves.toBe("server-unreachable");
	});

	test("a server that answers outside the window's rules, but not to it, refused it by CORS", async () => {
		const probed: string[] = [];
		const { client } = embeddingClientFor(fake(), api, {
			baseURL: `http://127.0.0.1:${await closedPort()}`,
			answersOutsideCors: async (url) => {
				probed.push(url);
				return true;
			},
		});

		await expect(kindOf(client.embed(document(["one"])))).resolves.toBe("cors-refused");
		expect(probed).toHaveLength(1);
		expect(probed[0]).toMatch(api === "ollama" ? /\/api\/tags$/ : /\/v1\/models$/);
	});

	test("a server asking for a key it was not given refuses it as an invalid key", async () => {
		fake().requiredKey = "sk-local";
		const { client } = embeddingClientFor(fake(), api);

		await expect(kindOf(client.embed(document(["one"])))).resolves.toBe("invalid-key");
		await expect(kindOf(client.listModels())).resolves.toBe("invalid-key");
	});

	test("the key, when given, goes as Authorization: Bearer and is taken", async () => {
		fake().requiredKey = "sk-local";
		const { client } = embeddingClientFor(fake(), api, { apiKey: "sk-local" });

		await expect(client.embed(document(["one"]))).resolves.toHaveLength(1);
		expect(fake().requests[0].headers.authorization).toBe("Bearer sk-local");
	});

	test("a model the server does not have is an unknown model, in the server's own words", async () => {
		const { client } = embeddingClientFor(fake(), api, { model: "bge-m4" });

		const failure = await embeddingFailureOf(client.embed(document(["one"])));

		expect(failure.kind).toBe("unknown-model");
		expect(failure.message).toContain("bge-m4");
	});

	test("a server saying with a 400 that it has no such model is an unknown model; another 400 is a bad answer", async () => {
		const { client } = embeddingClientFor(fake(), api);

		fake().misbehave = { kind: "status", status: 400, message: "model 'fake-embed' not found" };
		await expect(kindOf(client.embed(document(["one"])))).resolves.toBe("unknown-model");
		fake().misbehave = { kind: "status", status: 400, message: "input is too long for the context" };
		await expect(kindOf(client.embed(document(["one"])))).resolves.toBe("bad-answer");
	});

	test("an address without this API (the other one was meant) is not taken for an unknown model", async () => {
		fake().misbehave = undefined;
		const { client } = embeddingClientFor(fake(), api, { baseURL: `${fake().baseURL}/elsewhere` });

		await expect(kindOf(client.embed(document(["one"])))).resolves.toBe("server");
	});

	test.each([500, 502, 503])("a %i is the server failing", async (status) => {
		fake().misbehave = { kind: "status", status };
		const { client } = embeddingClientFor(fake(), api);

		await expect(kindOf(client.embed(document(["one"])))).resolves.toBe("server");
	});

	test("a proxy's HTML error page is the server failing, its HTML never read as vectors", async () => {
		fake().misbehave = { kind: "html-page", status: 502 };
		const { client } = embeddingClientFor(fake(), api);

		await expect(kindOf(client.embed(document(["one"])))).resolves.toBe("server");
	});

	test("a server asking to slow down says when to ask again", async () => {
		fake().misbehave = { kind: "status", status: 429, retryAfter: "7" };
		const { client } = embeddingClientFor(fake(), api);

		const failure = await embeddingFailureOf(client.embed(document(["one"])));

		expect(failure).toMatchObject({ kind: "server", retryAfterMs: 7000 });
	});

	test("a redirect is not followed: nothing reaches the address it names", async () => {
		const elsewhere = await FakeEmbeddings.start();
		try {
			fake().misbehave = { kind: "redirect", to: elsewhere.baseURL };
			const { client } = embeddingClientFor(fake(), api);

			await expect(kindOf(client.embed(document(["the secret plan"])))).resolves.toBe("redirect");
			expect(elsewhere.requests).toEqual([]);
			expect(elsewhere.texts).toEqual([]);
		} finally {
			await elsewhere.close();
		}
	});

	test("a server that never answers is given up on at the time limit, and hung up on", async () => {
		fake().misbehave = { kind: "hang" };
		const { client } = embeddingClientFor(fake(), api, { timeoutMs: 150 });

		const started = Date.now();
		await expect(kindOf(client.embed(document(["one"])))).resolves.toBe("timeout");
		expect(Date.now() - started).toBeLessThan(5000);
		await waitFor(() => fake().disconnects === 1);
	});

	test("an answer that stops midway is given up on at the time limit too, its half never read as vectors", async () => {
		fake().misbehave = { kind: "stall-body" };
		const { client } = embeddingClientFor(fake(), api, { timeoutMs: 300 });

		await expect(kindOf(client.embed(document(["one", "two"])))).resolves.toBe("timeout");
		await waitFor(() => fake().disconnects === 1);
	});

	test("the caller's stop ends the request at once, as stopped, not as a failure of the server", async () => {
		fake().misbehave = { kind: "hang" };
		const { client } = embeddingClientFor(fake(), api);
		const controller = new AbortController();

		const pending = kindOf(client.embed(document(["one"], controller.signal)));
		await waitFor(() => fake().requests.length === 1);
		controller.abort();

		await expect(pending).resolves.toBe("aborted");
		await waitFor(() => fake().disconnects === 1);
	});

	test("a request stopped before it began sends nothing", async () => {
		const { client } = embeddingClientFor(fake(), api);
		const controller = new AbortController();
		controller.abort();

		await expect(kindOf(client.embed(document(["one"], controller.signal)))).resolves.toBe("aborted");
		expect(fake().requests).toEqual([]);
	});
});

describe("what a request carries", () => {
	const saved = { ...process.env };
	afterEach(() => {
		process.env = { ...saved };
	});

	test.each(EMBEDDING_APIS)(
		"over the %s API: no Anthropic header and no key of the environment; a key only when given",
		async (api) => {
			process.env.ANTHROPIC_API_KEY = "sk-ant-from-the-environment";
			process.env.ANTHROPIC_AUTH_TOKEN = "token-from-the-environment";
			process.env.ANTHROPIC_CUSTOM_HEADERS = "x-api-key: gateway-secret\nx-gateway: yes";
			const { client } = embeddingClientFor(fake(), api);

			await client.embed(document(["one"]));
			await client.listModels();

			for (const request of fake().requests) {
				const names = Object.keys(request.headers);
				expect(
					names.filter((name) => name.startsWith("anthropic") || name.startsWith("x-api") || name === "x-gateway"),
				).toEqual([]);
				expect(request.headers.authorization).toBeUndefined();
				expect(JSON.stringify(request.headers)).not.toMatch(/sk-ant|token-from|gateway-secret/);
			}
		},
	);
});

async function waitFor(condition: () => boolean): Promise<void> {
	const until = Date.now() + 5000;
	while (!condition()) {
		if (Date.now() > until) throw new Error("The condition did not hold within 5 s.");
		await new Promise((resolve) => setTimeout(resolve, 10));
	}
}
