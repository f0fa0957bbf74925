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
});
