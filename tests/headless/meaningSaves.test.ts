import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { EmbeddingClient } from "../../src/core/model/embeddingClient";
import { meaningOverIndex, SAVE_EVERY_TEXTS } from "../../headless/host/headlessMeaning";
import { indexCacheFor } from "../../headless/host/indexCache";
import { MemoryVault } from "../../headless/inMemory/memoryVault";
import { useFakeEmbeddings } from "../harness/fakeEmbeddings";
import { viewOf } from "../harness/viewOf";
import { embeddingClientFor } from "../llm/embeddings/embeddingFixture";
import { indexOfVault } from "../core/retrieval/vaultFixtures";

const fake = useFakeEmbeddings();

/** More notes than one save's worth of texts, a passage each. */
const FILES = Object.fromEntries(
	Array.from({ length: SAVE_EVERY_TEXTS + 400 }, (_, n) => [`Notes/${n}.md`, `Passage ${n} about topic ${n % 17}.\n`]),
);

/** The client, failing as a process killed half-way would: every request after `requests` throws. */
function dyingAfter(client: EmbeddingClient, requests: number): EmbeddingClient {
	let made = 0;
	return {
		modelId: client.modelId,
		embed: (request) => {
			if (++made > requests) throw new Error("killed");
			return client.embed(request);
		},
	};
}

// Embeds 2,400 notes twice: seconds on a loaded two-core machine, more than jest's default.
jest.setTimeout(30_000);

describe("a long first embedding on the command line", () => {
	it("keeps what it embedded when the run is stopped half-way, and the next run embeds only the rest", async () => {
		const folder = mkdtempSync(join(tmpdir(), "aw-vault-"));
		const cache = indexCacheFor(folder, {
			env: { AW_CACHE_DIR: mkdtempSync(join(tmpdir(), "aw-cache-")) },
			platform: "linux",
			home: tmpdir(),
		});
		const view = viewOf(new MemoryVault({ files: FILES }));
		const index = indexOfVault(FILES);
		const { client } = embeddingClientFor(fake(), "openai");
		// Two requests ask which languages the model reads; then about 75 batches of 32 texts.
		const stopped = meaningOverIndex(index, view, { client: dyingAfter(client, 70), cache, saves: true });
		await expect(stopped).rejects.toThrow("killed");
		const sentBefore = fake().texts.length;
		const next = await meaningOverIndex(index, view, { client, cache, saves: true });
		expect(next.status).toMatchObject({ state: "ready", chunks: SAVE_EVERY_TEXTS + 400 });
		const embeddedNow = fake().texts.length - sentBefore - 6;
		expect(embeddedNow).toBeLessThanOrEqual(400 + 32 * 8);
	});
});

describe("vectors restored on the command line", () => {
	it("are read in the cache file for a query's candidates alone, even after a later save replaced the file", async () => {
		const files = Object.fromEntries(
			Array.from({ length: 300 }, (_, n) => [`Notes/${n}.md`, `Passage ${n} about topic ${n % 17}.\n`]),
		);
		const folder = mkdtempSync(join(tmpdir(), "aw-vault-"));
		const cache = indexCacheFor(folder, {
			env: { AW_CACHE_DIR: mkdtempSync(join(tmpdir(), "aw-cache-")) },
			platform: "linux",
			home: tmpdir(),
		});
		const { client } = embeddingClientFor(fake(), "openai");
		await meaningOverIndex(indexOfVault(files), viewOf(new MemoryVault({ files })), { client, cache, saves: true });
		const restarted = await meaningOverIndex(indexOfVault(files), viewOf(new MemoryVault({ files })), {
			client,
			cache,
			saves: true,
		});
		expect(restarted.status).toMatchObject({ state: "ready", chunks: 300, embedded: 0 });
		const vectors = restarted.meaning?.index;
		if (!vectors) throw new Error("no vectors restored");
		// Its int8 vectors (a byte a dimension a chunk) are not among what it holds in memory.
		expect(vectors.byteLength).toBeLessThan(vectors.chunkCount * vectors.dims);
		// Another run saves the vectors of a vault changed since: a new file in the old one's place.
		const changed = { ...files, "Notes/new.md": "A passage written later.\n" };
		await meaningOverIndex(indexOfVault(changed), viewOf(new MemoryVault({ files: changed })), {
			client,
			cache,
			saves: true,
		});
		const hits = await restarted.meaning?.nearest("Passage 123 about topic 4.", { limit: 3 });
		expect(hits?.[0]).toMatchObject({ path: "Notes/123.md", chunk: 0 });
		expect(hits?.[0].score).toBeGreaterThan(0.99);
	});
});
