import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { useFakeEmbeddings } from "../harness/fakeEmbeddings";
import { NEWCOMER_MEANINGS, NEWCOMER_QUESTION, NEWCOMER_VAULT } from "../harness/fakeEmbeddings/newcomerVault";
import { copyOfExampleVault, EXAMPLE_VAULT, spawnCli } from "./runCli";

// Each case spawns the real command line, which talks to the fake server of this process.
jest.setTimeout(60_000);

const fake = useFakeEmbeddings();

/** The newcomer's vault, and a private note whose text must never reach the server. */
const VAULT: Readonly<Record<string, string>> = {
	...NEWCOMER_VAULT,
	"Private/Diary.md": "---\nassistant: private\n---\n# Diary\n\nThe canary sentence: heron-in-the-reeds.\n",
};
const MEANINGS = NEWCOMER_MEANINGS;
const QUESTION = NEWCOMER_QUESTION;

function vaultWith(files: Readonly<Record<string, string>>): string {
	const dir = mkdtempSync(join(tmpdir(), "aw-meaning-"));
	for (const [path, text] of Object.entries(files)) {
		mkdirSync(join(dir, path, ".."), { recursive: true });
		writeFileSync(join(dir, path), text);
	}
	return dir;
}

/** The device's cache in a folder of the test's (the suite keeps none otherwise). */
function cachedIn(cacheDir: string): Record<string, string> {
	return { AW_CACHE_DIR: cacheDir, AW_NO_CACHE: "" };
}

/** The command line with search by meaning on the fake server, its vectors kept in `cacheDir`. */
function withMeaning(cacheDir: string, ...args: string[]) {
	const meaning = ["--embed-url", fake().baseURL, "--embed-model", "fake-embed"];
	return spawnCli([...args, ...meaning], cachedIn(cacheDir));
}

function pathsOf(stdout: string): string[] {
	return (JSON.parse(stdout) as { matches: { path: string }[] }).matches.map((match) => match.path);
}

describe("search by meaning on the command line", () => {
	it("finds the note a question means, embeds the vault once and each later search's query alone, and sends no hidden note", async () => {
		fake().meanings = MEANINGS;
		const vault = vaultWith(VAULT);
		const cache = mkdtempSync(join(tmpdir(), "aw-cache-"));
		const indexed = await withMeaning(cache, "index", "--vault", vault);
		expect(indexed.code).toBe(0);
		expect(indexed.stderr).toContain("Embedding notes for search by meaning: 4 of 4");
		expect(indexed.stdout).toContain("search by meaning: 4 chunks with vectors (4 embedded by this run)");
		expect(fake().texts.join("\n")).not.toContain("heron-in-the-reeds");

		const sentBefore = fake().texts.length;
		const keyword = await spawnCli(["search", QUESTION, "--vault", vault, "--limit", "3", "--json"], cachedIn(cache));
		expect(pathsOf(keyword.stdout)[0]).not.toBe("Help/Canvas.md");
		const searched = await withMeaning(cache, "search", QUESTION, "--vault", vault, "--limit", "3", "--json");
		expect(searched.code).toBe(0);
		expect(pathsOf(searched.stdout)[0]).toBe("Help/Canvas.md");
		// What the run sent: the questions asking which languages the model reads, and the query.
		const sentNow = fake().texts.slice(sentBefore);
		expect(sentNow.at(-1)).toBe(QUESTION);
		expect(sentNow.filter((text) => text.includes("Lay out notes"))).toEqual([]);
		expect(sentNow.join("\n")).not.toContain("heron-in-the-reeds");
	});

	it("drops a note made private since from the saved vectors, and embeds anew for a model of another dimension under the same name", async () => {
		fake().meanings = MEANINGS;
		const vault = vaultWith(VAULT);
		const cache = mkdtempSync(join(tmpdir(), "aw-cache-"));
		expect((await withMeaning(cache, "index", "--vault", vault)).code).toBe(0);
		const saved = () => readFileSync(join(cache, readdirSync(cache)[0], "vectors.bin")).toString("latin1");
		expect(saved()).toContain("Help/Canvas.md");
		writeFileSync(join(vault, "Help/Canvas.md"), `---\nassistant: private\n---\n${VAULT["Help/Canvas.md"]}`);
		fake().dimension = 32;
		const run = await withMeaning(cache, "search", QUESTION, "--vault", vault, "--limit", "3", "--json");
		expect(run.code).toBe(0);
		expect(run.stderr).toContain("The saved vectors could not be used");
		expect(run.stderr).toContain("Embedding notes for search by meaning: 3 of 3");
		expect(pathsOf(run.stdout)).not.toContain("Help/Canvas.md");
		expect(saved()).not.toContain("Help/Canvas.md");
	});

	it("is keyword search as before when the server is away, saying so once on stderr", async () => {
		const cache = mkdtempSync(join(tmpdir(), "aw-cache-"));
		// A copy: the request that found no server leaves its receipt in the vault's plugin folder.
		const args = ["search", "sleep and memory", "--vault", copyOfExampleVault(), "--limit", "4", "--json"];
		const keyword = await spawnCli(args, cachedIn(cache));
		const away = await spawnCli(
			[...args, "--embed-url", "http://127.0.0.1:1", "--embed-model", "bge-m3"],
			cachedIn(cache),
		);
		expect(away.code).toBe(0);
		expect(pathsOf(away.stdout)).toEqual(pathsOf(keyword.stdout));
		expect(away.stderr.match(/Search by meaning is paused/g)).toHaveLength(1);
	});

	it("keeps no vector when the server answers badly, and the next run embeds every note", async () => {
		const vault = vaultWith(VAULT);
		const cache = mkdtempSync(join(tmpdir(), "aw-cache-"));
		fake().misbehave = { kind: "nan" };
		const bad = await withMeaning(cache, "index", "--vault", vault);
		expect(bad.code).toBe(0);
		expect(bad.stdout).toContain("search by meaning paused");
		fake().misbehave = undefined;
		const good = await withMeaning(cache, "index", "--vault", vault);
		expect(good.stdout).toContain("(4 embedded by this run)");
	});

	it("refuses --embed-model without an address, and an API it does not know", async () => {
		const noUrl = await spawnCli(["search", "x", "--vault", EXAMPLE_VAULT, "--embed-model", "bge-m3"]);
		expect(noUrl.code).toBe(1);
		expect(noUrl.stderr).toContain("--embed-model needs --embed-url");
		const api = await spawnCli([
			"search",
			"x",
			"--vault",
			EXAMPLE_VAULT,
			"--embed-url",
			fake().baseURL,
			"--embed-model",
			"bge-m3",
			"--embed-api",
			"cohere",
		]);
		expect(api.code).toBe(1);
		expect(api.stderr).toContain("--embed-api is ollama or openai, not cohere");
	});
});
