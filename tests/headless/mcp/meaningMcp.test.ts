import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import type { Readable } from "node:stream";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { useFakeEmbeddings } from "../../harness/fakeEmbeddings";
import { NEWCOMER_MEANINGS, NEWCOMER_QUESTION, NEWCOMER_VAULT } from "../../harness/fakeEmbeddings/newcomerVault";
import type { TempVault } from "../tempVault";
import { connect, NOW, textOf, type Connected } from "./mcpVault";
import { CANARY, meaningVault, settingsHiding } from "./meaningVault";

// Each case spawns the real server, which talks to the fake embedding server of this process.
jest.setTimeout(90_000);

const ROOT = join(__dirname, "..", "..", "..");
const TSX = join(ROOT, "node_modules", ".bin", "tsx");
const MAIN = join(ROOT, "headless", "mcp", "main.ts");

const fake = useFakeEmbeddings();

interface Served {
	readonly client: Client;
	/** What the server has said on stderr so far. */
	stderr(): string;
	/** Resolves once stderr holds `text`; rejects after `ms`. */
	said(text: string, ms?: number): Promise<void>;
	close(): Promise<void>;
}

/** The real server over `vault`, spawned by the official SDK client as Claude Code spawns it. */
async function serve(vault: TempVault, args: readonly string[], env: Record<string, string> = {}): Promise<Served> {
	const transport = new StdioClientTransport({
		command: TSX,
		args: [MAIN, "--vault", vault.root, ...args],
		cwd: ROOT,
		env: { ...getDefaultEnvironment(), AW_NO_CACHE: "1", ...env },
		stderr: "pipe",
	});
	let stderr = "";
	(transport.stderr as Readable).on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
	const client = new Client({ name: "meaning-test", version: "1.0.0" });
	await client.connect(transport);
	return {
		client,
		stderr: () => stderr,
		said: async (text, ms = 30_000) => {
			const deadline = performance.now() + ms;
			while (!stderr.includes(text)) {
				if (performance.now() > deadline) throw new Error(`The server never said "${text}"; it said:\n${stderr}`);
				await new Promise((resolve) => setTimeout(resolve, 50));
			}
		},
		close: () => client.close(),
	};
}

function withMeaning(): string[] {
	return ["--embed-url", fake().baseURL, "--embed-model", "fake-embed"];
}

/** The notes `memory_search` ranked, in its order (not those it adds as linked). */
async function searched(client: Client, query: string, limit = 3): Promise<string[]> {
	const result = await client.callTool({ name: "memory_search", arguments: { query, limit } });
	expect(result.isError).toBeFalsy();
	return [...textOf(result).matchAll(/^\d+\. (.+?\.md):\d+/gm)].map((match) => match[1]);
}

/** The vectors the server saved, as text: the paths of the notes they hold can be read in it. */
function savedVectors(cacheDir: string): string {
	return readFileSync(join(cacheDir, readdirSync(cacheDir)[0], "vectors.bin")).toString("latin1");
}

describe("the MCP server searching by meaning", () => {
	let vault: TempVault;
	let served: Served | undefined;

	beforeEach(() => {
		vault = meaningVault();
		fake().meanings = NEWCOMER_MEANINGS;
	});

	afterEach(async () => {
		await served?.close();
		served = undefined;
		vault.remove();
	});

	it("finds by meaning the note a question means, which keyword search does not, and sends no hidden note", async () => {
		const keyword = await serve(vault, []);
		const byWord = await searched(keyword.client, NEWCOMER_QUESTION);
		await keyword.close();
		expect(byWord[0]).not.toBe("Help/Canvas.md");

		served = await serve(vault, withMeaning());
		await served.said("Search by meaning is up to date: 4 chunks with vectors (4 embedded now)");
		expect((await searched(served.client, NEWCOMER_QUESTION))[0]).toBe("Help/Canvas.md");
		expect(fake().texts.at(-1)).toBe(NEWCOMER_QUESTION);
		expect(fake().texts.join("\n")).not.toContain(CANARY);
		expect(served.stderr()).toContain("search by meaning with fake-embed at");
	});

	it("answers the first call by keyword at once while the embedding server has not answered yet", async () => {
		fake().misbehave = { kind: "hang" };
		served = await serve(vault, withMeaning());
		// The server's first request (which languages the model reads) waits for an answer that never comes.
		for (let wait = 0; fake().requests.length === 0; wait++) {
			expect(wait).toBeLessThan(200);
			await new Promise((resolve) => setTimeout(resolve, 50));
		}
		const started = performance.now();
		const found = await searched(served.client, "flashcards spaced repetition");
		const elapsed = performance.now() - started;
		expect(found[0]).toBe("Help/Cards.md");
		expect(elapsed).toBeLessThan(5_000);
	});

	it("answers by keyword when the embedding server is down, says so once on stderr, and no tool call fails", async () => {
		const keyword = await serve(vault, []);
		const byWord = await searched(keyword.client, NEWCOMER_QUESTION);
		await keyword.close();
		served = await serve(vault, ["--embed-url", "http://127.0.0.1:1", "--embed-model", "bge-m3"]);
		await served.said("Search by meaning is paused");
		expect(await searched(served.client, NEWCOMER_QUESTION)).toEqual(byWord);
		expect(await searched(served.client, NEWCOMER_QUESTION)).toEqual(byWord);
		expect(served.stderr().match(/Search by meaning is paused/g)).toHaveLength(1);
		expect(served.stderr()).toContain("search goes on by keyword");
	});

	it("drops a note made private on disk while it runs, never sends its new text, and embeds a note written meanwhile", async () => {
		const cache = mkdtempSync(join(tmpdir(), "aw-cache-"));
		served = await serve(vault, withMeaning(), { AW_NO_CACHE: "", AW_CACHE_DIR: cache });
		await served.said("Search by meaning is up to date");
		expect((await searched(served.client, NEWCOMER_QUESTION))[0]).toBe("Help/Canvas.md");
		vault.put("Help/Canvas.md", `${NEWCOMER_VAULT["Help/Canvas.md"]}\nThe board of ${CANARY}. #secret\n`);
		vault.put("Help/Boards.md", "# Boards\n\nA whiteboard for sketching plans.\n");
		// The folder is listed again every two seconds: until then the server answers from what it had, and after.
		for (let call = 0; !fake().texts.some((text) => text.includes("sketching plans")); call++) {
			expect(call).toBeLessThan(100);
			expect(await searched(served.client, NEWCOMER_QUESTION, 10)).not.toContain("Help/Canvas.md");
			await new Promise((resolve) => setTimeout(resolve, 100));
		}
		await served.said("Search by meaning is up to date: 4 chunks with vectors (1 embedded now)");
		expect(await searched(served.client, NEWCOMER_QUESTION, 10)).not.toContain("Help/Canvas.md");
		expect(fake().texts.join("\n")).not.toContain(CANARY);
		await served.close();
		served = undefined;
		expect(savedVectors(cache)).toContain("Help/Boards.md");
		expect(savedVectors(cache)).not.toContain("Help/Canvas.md");
	});

	it("keeps what it embedded for the next start, which embeds nothing again", async () => {
		const cache = mkdtempSync(join(tmpdir(), "aw-cache-"));
		const env = { AW_NO_CACHE: "", AW_CACHE_DIR: cache };
		served = await serve(vault, withMeaning(), env);
		await served.said("Search by meaning is up to date: 4 chunks with vectors (4 embedded now)");
		await served.close();
		const sentBefore = fake().texts.length;
		served = await serve(vault, withMeaning(), env);
		// Searched by meaning from the saved vectors once the model said which languages it reads.
		for (let call = 0; (await searched(served.client, NEWCOMER_QUESTION))[0] !== "Help/Canvas.md"; call++) {
			expect(call).toBeLessThan(200);
			await new Promise((resolve) => setTimeout(resolve, 25));
		}
		const passages = Object.values(NEWCOMER_VAULT).map((text) => text.split("\n")[2]);
		expect(
			fake()
				.texts.slice(sentBefore)
				.filter((text) => passages.some((passage) => text.includes(passage))),
		).toEqual([]);
		expect(served.stderr()).not.toContain("Embedding notes");
	});

	it.each([
		[["--embed-model", "bge-m3"], "--embed-model needs --embed-url"],
		[["--embed-api", "ollama"], "--embed-api needs --embed-url"],
		[["--embed-url", "http://127.0.0.1:1"], "--embed-url needs --embed-model"],
		[
			["--embed-url", "http://127.0.0.1:1", "--embed-model", "bge-m3", "--embed-api", "cohere"],
			"--embed-api is ollama or openai, not cohere",
		],
	])("refuses %j with a usage error, exit 1, as the command line does", (args, message) => {
		const result = spawnSync(TSX, [MAIN, "--vault", vault.root, ...args], {
			cwd: ROOT,
			encoding: "utf8",
			timeout: 60_000,
		});
		expect(result.status).toBe(1);
		expect(result.stderr).toContain(message);
		expect(result.stderr).toContain("usage: npm run -s mcp");
		expect(result.stdout).toBe("");
	});
});

describe("the MCP server's search by meaning over its stdio loop, in this process", () => {
	let vault: TempVault;
	let connected: Connected | undefined;

	beforeEach(() => {
		vault = meaningVault();
		fake().meanings = NEWCOMER_MEANINGS;
	});

	afterEach(async () => {
		connected?.served.memory.close();
		await connected?.close();
		connected = undefined;
		vault.remove();
	});

	/** A server whose embedding server is the fake one, asked again after `waitMs` once it failed. */
	async function connectWithMeaning(waitMs = 0): Promise<Connected> {
		return connect(vault, {
			meaning: { api: "openai", baseURL: fake().baseURL, model: "fake-embed" },
			meaningTimings: { waitMs: () => waitMs, queryTimeoutMs: 500 },
			rescanMs: 0,
		});
	}

	/** Resolves once search by meaning is in `state`; each look is a call, as a client's would be. */
	async function until(served: Connected, state: string): Promise<void> {
		for (let call = 0; served.served.memory.meaning?.state !== state; call++) {
			expect(call).toBeLessThan(200);
			await served.client.callTool({ name: "memory_recent", arguments: {} });
			await new Promise((resolve) => setTimeout(resolve, 25));
		}
	}

	it("pauses on a server without the model, answers by keyword meanwhile, and searches by meaning once the model is there", async () => {
		fake().models = [];
		connected = await connectWithMeaning();
		await until(connected, "paused");
		expect(connected.served.memory.meaning).toMatchObject({ reason: "unknown-model" });
		expect((await searched(connected.client, NEWCOMER_QUESTION))[0]).not.toBe("Help/Canvas.md");
		fake().models = ["fake-embed"];
		await until(connected, "ready");
		expect((await searched(connected.client, NEWCOMER_QUESTION))[0]).toBe("Help/Canvas.md");
	});

	it("drops the notes of a folder made private in Obsidian from the vectors at the next call", async () => {
		connected = await connectWithMeaning();
		await until(connected, "ready");
		const { deps, index } = connected.served.memory;
		const bySearch = async () => (await deps.index.search(NEWCOMER_QUESTION, { limit: 3 })).map((hit) => hit.path);
		const byWord = index.search(NEWCOMER_QUESTION, { limit: 3, now: new Date(NOW) }).map((hit) => hit.path);
		expect((await bySearch())[0]).toBe("Help/Canvas.md");
		expect(byWord[0]).not.toBe("Help/Canvas.md");
		vault.put(".obsidian/plugins/assistant-workspace/data.json", settingsHiding(["Private", "Help"]));
		await connected.client.callTool({ name: "memory_recent", arguments: {} });
		// The keyword index still holds the folder's notes (the answer's guard hides them); the vectors no longer do.
		expect(await bySearch()).toEqual(byWord);
		expect(await searched(connected.client, NEWCOMER_QUESTION, 10)).toEqual([]);
	});

	it("answers by keyword, without the query's long wait, when the server stops answering once the notes are embedded", async () => {
		connected = await connectWithMeaning(60_000);
		await until(connected, "ready");
		fake().misbehave = { kind: "hang" };
		const started = performance.now();
		const first = await searched(connected.client, NEWCOMER_QUESTION);
		const waited = performance.now() - started;
		expect(connected.served.memory.meaning).toMatchObject({ state: "paused", reason: "timeout" });
		const again = performance.now();
		expect(await searched(connected.client, NEWCOMER_QUESTION)).toEqual(first);
		// In its wait, the server is not asked: the second answer does not wait for the query's time limit.
		expect(performance.now() - again).toBeLessThan(400);
		expect(waited).toBeGreaterThanOrEqual(450);
		expect(first[0]).not.toBe("Help/Canvas.md");
	});
});
