import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { indexCacheFor } from "../../../headless/host/indexCache";
import { LiveMeaning } from "../../../headless/host/liveMeaning";
import { MemoryVault } from "../../../headless/inMemory/memoryVault";
import { indexPolicyFor } from "../../../src/core/vault/indexPolicy";
import { privacyView } from "../../../src/core/vault/vaultView";
import { layoutFor } from "../../../src/core/workspace/layout";
import { useFakeEmbeddings } from "../../harness/fakeEmbeddings";
import { indexOfVault } from "../../core/retrieval/vaultFixtures";
import { embeddingClientFor } from "../../llm/embeddings/embeddingFixture";

const fake = useFakeEmbeddings();

/** Passages numbered in three folders, in the order they are embedded: a batch of public ones, a journal, later ones. */
function passages(folder: string, count: number, words: string): Record<string, string> {
	return Object.fromEntries(Array.from({ length: count }, (_, n) => [`${folder}/${n}.md`, `${words} ${n}.\n`]));
}

const FILES = {
	...passages("Notes", 32, "Public passage"),
	...passages("Journal", 64, "Journal entry, canary wren-at-dusk"),
	...passages("Later", 10, "Later passage"),
};

/** A cache of the device's in a folder of the test's, for a vault folder of its own. */
function cacheOfTest() {
	return indexCacheFor(mkdtempSync(join(tmpdir(), "aw-vault-")), {
		env: { AW_CACHE_DIR: mkdtempSync(join(tmpdir(), "aw-cache-")) },
		platform: "linux",
		home: tmpdir(),
	});
}

describe("search by meaning embedding in the background", () => {
	it("sends nothing of a folder made private during a long first embedding, with no call to read the rules again, and goes on with the rest", async () => {
		const vault = new MemoryVault({ files: FILES });
		let excludedFolders: string[] = [];
		const view = privacyView({ store: vault, metadata: vault }, () =>
			indexPolicyFor(layoutFor(""), { configDir: vault.configDir, excludedFolders }),
		);
		const { client } = embeddingClientFor(fake(), "openai");
		let requests = 0;
		const live = new LiveMeaning(
			indexOfVault(FILES),
			view,
			{ client, cache: null, saves: false },
			{
				// The user makes the journal private in Obsidian while the first batch is out.
				beforeSending: () => {
					if (++requests === 2) excludedFolders = ["Journal"];
				},
			},
		);
		live.start();
		await live.idle();
		expect(live.status).toMatchObject({ state: "ready", chunks: 42 });
		expect(fake().texts.filter((text) => text.includes("wren-at-dusk"))).toEqual([]);
		expect(fake().texts).toContain("Later passage 9.");
	});

	it("drops a note deleted while the batch that carries it is out, though that batch comes back with its vectors", async () => {
		const files = passages("Notes", 32, "Public passage");
		const vault = new MemoryVault({ files });
		const view = privacyView({ store: vault, metadata: vault }, () =>
			indexPolicyFor(layoutFor(""), { configDir: vault.configDir }),
		);
		const index = indexOfVault(files);
		const cache = cacheOfTest();
		const { client } = embeddingClientFor(fake(), "openai");
		const live: LiveMeaning = new LiveMeaning(
			index,
			view,
			{ client, cache, saves: true },
			{
				// The host's refresh sees the note deleted while the request is out.
				beforeSending: () => {
					index.remove("Notes/5.md");
					live.refreshed(true, []);
				},
			},
		);
		live.start();
		await live.idle();
		expect(fake().texts).toContain("Public passage 5.");
		expect(live.status).toMatchObject({ state: "ready", chunks: 31 });
		const saved = Buffer.from(cache?.loadVectors(client.modelId)?.bytes ?? []).toString("latin1");
		expect(saved).toContain("Notes/4.md");
		expect(saved).not.toContain("Notes/5.md");
	});
});
