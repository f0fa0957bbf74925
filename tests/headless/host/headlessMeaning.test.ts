import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { saveAndReadBack } from "../../../headless/host/headlessMeaning";
import { indexCacheFor } from "../../../headless/host/indexCache";
import { MeaningIndex } from "../../../src/core/retrieval/meaning/meaningIndex";
import { chunkNote } from "../../../src/core/retrieval";
import { useFakeEmbeddings } from "../../harness/fakeEmbeddings";
import { NEWCOMER_MEANINGS, NEWCOMER_QUESTION, NEWCOMER_VAULT } from "../../harness/fakeEmbeddings/newcomerVault";
import { embeddingClientFor } from "../../llm/embeddings/embeddingFixture";

const fake = useFakeEmbeddings();

/** A cache of the device's in a folder of the test's, for a vault folder of its own. */
function cacheOfTest() {
	return indexCacheFor(mkdtempSync(join(tmpdir(), "aw-vault-")), {
		env: { AW_CACHE_DIR: mkdtempSync(join(tmpdir(), "aw-cache-")) },
		platform: "linux",
		home: tmpdir(),
	});
}

describe("the vectors of a host that lives on, once saved", () => {
	it("are read from the file they were saved in: the rows leave memory, and the answers stay the same", async () => {
		fake().meanings = NEWCOMER_MEANINGS;
		const { client } = embeddingClientFor(fake(), "openai");
		const meaning = new MeaningIndex(client, { readsCjk: false });
		const notes = Object.entries(NEWCOMER_VAULT).map(([path, content]) => ({ path, chunks: chunkNote(content, null) }));
		await meaning.catchUp(notes);
		const inMemory = meaning.index;
		const before = await meaning.nearest(NEWCOMER_QUESTION, { limit: 3 });
		expect(before[0].path).toBe("Help/Canvas.md");
		const setup = { client, cache: cacheOfTest(), saves: true };
		const stored = saveAndReadBack(meaning, setup, null);
		expect(stored).not.toBeNull();
		const restored = meaning.index;
		expect(restored).not.toBe(inMemory);
		const rowBytes = (restored?.chunkCount ?? 0) * (restored?.dims ?? 0);
		expect((inMemory?.byteLength ?? 0) - (restored?.byteLength ?? 0)).toBeGreaterThanOrEqual(rowBytes);
		expect(await meaning.nearest(NEWCOMER_QUESTION, { limit: 3 })).toEqual(before);
		// A host that saves none (a run under privacy rules of its own) keeps what it has.
		expect(saveAndReadBack(meaning, { ...setup, saves: false }, stored)).toBe(stored);
		expect(meaning.index).toBe(restored);
		// The next save reads from its own file; the one before is let go.
		meaning.dropNote("Help/Canvas.md");
		const next = saveAndReadBack(meaning, setup, stored);
		expect(next).not.toBe(stored);
		expect(meaning.index?.hasNote("Help/Canvas.md")).toBe(false);
		expect((await meaning.nearest(NEWCOMER_QUESTION, { limit: 3 })).map((hit) => hit.path)).not.toContain(
			"Help/Canvas.md",
		);
		next?.();
	});
});
