import { EMBEDDING_APIS } from "../../../src/llm/embeddings/embeddingApis";
import { EMBEDDING_MAX_BATCH } from "../../../src/llm/embeddings/serverEmbeddingClient";
import { cosine, FAKE_DIMENSION, fakeVector, useFakeEmbeddings, type Misbehaviour } from "../../harness/fakeEmbeddings";
import { embeddingClientFor, embeddingFailureOf } from "./embeddingFixture";

const fake = useFakeEmbeddings();

describe.each(EMBEDDING_APIS)("embedding over the %s API", (api) => {
	test("one vector per text, in the texts' order, each the server's vector for that text", async () => {
		const { client } = embeddingClientFor(fake(), api);
		const texts = ["a whiteboard with cards and arrows", "daily notes", "canvas"];

		const vectors = await client.embed({ texts, purpose: "document" });

		expect(vectors).toHaveLength(3);
		vectors.forEach((vector, i) => {
			expect(vector).toBeInstanceOf(Float32Array);
			expect(Array.from(vector)).toEqual(Array.from(Float32Array.from(fakeVector(texts[i], FAKE_DIMENSION))));
		});
		expect(fake().texts).toEqual(texts);
	});

	test("the request goes to the API's own path with the model and the texts", async () => {
		const { client } = embeddingClientFor(fake(), api);

		await client.embed({ texts: ["one"], purpose: "document" });

		const [request] = fake().requests;
		expect(request.method).toBe("POST");
		expect(request.url).toBe(api === "ollama" ? "/api/embed" : "/v1/embeddings");
		expect(request.body).toEqual({ model: "fake-embed", input: ["one"] });
	});

	test("an address given with the /v1 that OpenAI-style settings put there reaches the same path", async () => {
		const { client } = embeddingClientFor(fake(), api, { baseURL: `${fake().baseURL}/v1/` });

		await client.embed({ texts: ["one"], purpose: "query" });

		expect(fake().requests.map((request) => request.url)).toEqual([api === "ollama" ? "/api/embed" : "/v1/embeddings"]);
	});

	test("texts sharing words get vectors closer than texts that share none", async () => {
		const { client } = embeddingClientFor(fake(), api);

		const [query, near, far] = await client.embed({
			texts: ["cards and arrows on a board", "a board of cards joined by arrows", "weekly grocery budget"],
			purpose: "document",
		});

		expect(cosine(query, near)).toBeGreaterThan(cosine(query, far) + 0.3);
	});

	test("no texts ask the server nothing", async () => {
		const { client } = embeddingClientFor(fake(), api);

		await expect(client.embed({ texts: [], purpose: "document" })).resolves.toEqual([]);
		expect(fake().requests).toEqual([]);
	});

	test("more texts than one request takes are refused before anything is sent: the caller batches", async () => {
		const { client } = embeddingClientFor(fake(), api);
		const texts = Array.from({ length: EMBEDDING_MAX_BATCH + 1 }, (_, i) => `text ${i}`);

		await expect(client.embed({ texts, purpose: "document" })).rejects.toThrow(RangeError);
		expect(fake().requests).toEqual([]);
	});

	test("a model known to want prefixes is sent each text with its purpose's; any other model the text alone", async () => {
		const { client: nomic } = embeddingClientFor(fake(), api, { model: "nomic-embed-text:latest" });
		const { client: plain } = embeddingClientFor(fake(), api);

		await nomic.embed({ texts: ["how do I draw arrows"], purpose: "query" });
		await nomic.embed({ texts: ["Canvas lets you lay out cards"], purpose: "document" });
		await plain.embed({ texts: ["how do I draw arrows"], purpose: "query" });

		expect(fake().texts).toEqual([
			"search_query: how do I draw arrows",
			"search_document: Canvas lets you lay out cards",
			"how do I draw arrows",
		]);
	});

	test("the model id names the API, the server and the model", () => {
		const a = embeddingClientFor(fake(), api).client.modelId;
		const b = embeddingClientFor(fake(), api, { model: "nomic-embed-text:latest" }).client.modelId;

		expect(a).toContain(api);
		expect(a).toContain(fake().baseURL);
		expect(a).toContain("fake-embed");
		expect(b).not.toBe(a);
	});

	// Each with the words of the status that says what was wrong.
	const badAnswers: readonly [string, Misbehaviour, RegExp][] = [
		["vectors of another dimension than the first answer's", { kind: "wrong-dimension" }, /65 dimensions .* 64/],
		["vectors of mixed dimensions", { kind: "mixed-dimensions" }, /63 dimensions .* 64/],
		// JSON has no NaN: the answer is not JSON at all.
		["NaN written in a vector", { kind: "nan" }, /not JSON/],
		["a number too large to be finite", { kind: "infinity" }, /not finite/],
		["a string in a vector", { kind: "non-number" }, /other than numbers/],
		["fewer vectors than texts", { kind: "fewer-vectors" }, /2 vectors for 3 texts/],
		["empty vectors", { kind: "empty-vectors" }, /empty vector/],
		["an HTML page with a 200", { kind: "html-page", status: 200 }, /not JSON/],
		["an empty body", { kind: "empty-body" }, /empty/],
		["a body cut off midway", { kind: "cut-body" }, /cut off/],
	];

	test.each(badAnswers)("%s is a bad answer, and nothing of it is returned", async (_, misbehaviour, said) => {
		const { client } = embeddingClientFor(fake(), api);
		// The first answer teaches the client the model's dimension.
		await client.embed({ texts: ["first"], purpose: "document" });
		fake().misbehave = misbehaviour;

		const failure = await embeddingFailureOf(client.embed({ texts: ["one", "two", "three"], purpose: "document" }));

		expect(failure.kind).toBe("bad-answer");
		expect(failure.message).toMatch(said);
	});

	test("a model that changes its dimension is refused: the vectors stored before could not be compared", async () => {
		const { client } = embeddingClientFor(fake(), api);
		await client.embed({ texts: ["first"], purpose: "document" });
		fake().dimension = FAKE_DIMENSION * 2;

		await expect(embeddingFailureOf(client.embed({ texts: ["second"], purpose: "query" }))).resolves.toMatchObject({
			kind: "bad-answer",
		});
	});

	test("a bad first answer teaches no dimension: the next good one is taken", async () => {
		const { client } = embeddingClientFor(fake(), api);
		fake().misbehave = { kind: "mixed-dimensions" };
		await expect(embeddingFailureOf(client.embed({ texts: ["a", "b"], purpose: "document" }))).resolves.toMatchObject({
			kind: "bad-answer",
		});
		fake().misbehave = undefined;

		const [vector] = await client.embed({ texts: ["a"], purpose: "document" });

		expect(vector).toHaveLength(FAKE_DIMENSION);
	});

	test("the server's models are listed from its own list endpoint", async () => {
		const { client } = embeddingClientFor(fake(), api);
		fake().models = ["bge-m3:latest", "nomic-embed-text:latest"];

		const models = await client.listModels();

		expect(models.map((model) => model.id)).toEqual(["bge-m3:latest", "nomic-embed-text:latest"]);
		expect(fake().requests.map((request) => request.url)).toEqual([api === "ollama" ? "/api/tags" : "/v1/models"]);
	});
});

test("OpenAI's vectors given out of order are put back in the texts' order by their index", async () => {
	const { client } = embeddingClientFor(fake(), "openai");
	fake().misbehave = { kind: "reordered" };
	const texts = ["alpha", "beta", "gamma"];

	const vectors = await client.embed({ texts, purpose: "document" });

	vectors.forEach((vector, i) => expect(cosine(vector, fakeVector(texts[i], FAKE_DIMENSION))).toBeCloseTo(1, 5));
});

test("E5 models are sent query: and passage:, whatever the server's spelling of their name", async () => {
	fake().models = ["intfloat/multilingual-e5-large"];
	const { client } = embeddingClientFor(fake(), "openai", { model: "intfloat/multilingual-e5-large" });

	await client.embed({ texts: ["where are my receipts"], purpose: "query" });
	await client.embed({ texts: ["Receipts are kept in the audit view"], purpose: "document" });

	expect(fake().texts).toEqual(["query: where are my receipts", "passage: Receipts are kept in the audit view"]);
});
