import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { EmbeddingClient, EmbeddingRequest } from "../../src/core/model/embeddingClient";
import { CachedEmbeddings } from "../../scripts/eval/embeddingCache";
import { ExactVectorSearch } from "../../scripts/eval/exactVectorSearch";

/** A model that makes a vector of a text's length and first letter, and counts what it was sent. */
class CountingModel implements EmbeddingClient {
	readonly modelId = "test:counting";
	readonly sent: string[] = [];
	async embed(request: EmbeddingRequest): Promise<Float32Array[]> {
		this.sent.push(...request.texts);
		return request.texts.map((text) => Float32Array.of(text.length, text.charCodeAt(0), 1));
	}
}

describe("the eval's vectors on disk", () => {
	let folder: string;
	beforeEach(() => (folder = mkdtempSync(join(tmpdir(), "eval-embeddings-"))));
	afterEach(() => rmSync(folder, { recursive: true, force: true }));

	it("sends a text to the model once, and a rerun nothing", async () => {
		const model = new CountingModel();
		const first = await new CachedEmbeddings(model, folder).embed(["alpha", "beta", "alpha"], "document");
		expect(model.sent).toEqual(["alpha", "beta"]);
		const again = await new CachedEmbeddings(model, folder).embed(["beta", "alpha"], "document");
		expect(model.sent).toEqual(["alpha", "beta"]);
		expect([...again[1]]).toEqual([...first[0]]);
	});

	it("embeds a query apart from a passage of the same text", async () => {
		const model = new CountingModel();
		const cache = new CachedEmbeddings(model, folder);
		await cache.embed(["alpha"], "document");
		await cache.embed(["alpha"], "query");
		expect(model.sent).toEqual(["alpha", "alpha"]);
	});
});

describe("exact vector search", () => {
	it("ranks a note by its best chunk, each note once", () => {
		const chunks = [
			{ path: "A.md", chunk: 0, text: "a1" },
			{ path: "A.md", chunk: 1, text: "a2" },
			{ path: "B.md", chunk: 0, text: "b1" },
		];
		const search = new ExactVectorSearch(chunks, [Float32Array.of(1, 0), Float32Array.of(0.6, 0.8), Float32Array.of(0.8, 0.6)]);
		const found = search.search(Float32Array.of(0, 1), 5);
		expect(found.map((hit) => hit.path)).toEqual(["A.md", "B.md"]);
		expect(found[0].similarity).toBeCloseTo(0.8);
		expect(search.search(Float32Array.of(0, 1), 5, (chunk) => chunk !== 1).map((hit) => hit.path)).toEqual(["B.md", "A.md"]);
	});
});
