import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import type { Readable } from "node:stream";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { FakeEmbeddings } from "../../harness/fakeEmbeddings";

/**
 * How soon the MCP server answers its first call, by keyword alone and with search by meaning
 * over a vault embedded from nothing (the fake embedding server), and how long its searches take
 * while the notes are embedded in the background:
 * `npx tsx tests/headless/mcp/firstAnswerBench.ts [notes]` (3,000 notes of two sections each by default).
 */

const ROOT = join(__dirname, "..", "..", "..");
const NOTES = Number(process.argv[2] ?? 3000);

function benchVault(): string {
	const vault = mkdtempSync(join(tmpdir(), "aw-bench-"));
	for (let n = 0; n < NOTES; n++) {
		mkdirSync(join(vault, `F${n % 20}`), { recursive: true });
		writeFileSync(
			join(vault, `F${n % 20}`, `note ${n}.md`),
			`# Note ${n}\n\nA passage about topic ${n % 97} and item ${n}.\n\n## More\n\nSecond section ${n}.\n`,
		);
	}
	return vault;
}

async function measure(vault: string, meaning: readonly string[]): Promise<Record<string, number | boolean>> {
	const started = performance.now();
	const transport = new StdioClientTransport({
		command: join(ROOT, "node_modules", ".bin", "tsx"),
		args: [join(ROOT, "headless", "mcp", "main.ts"), "--vault", vault, ...meaning],
		env: { ...getDefaultEnvironment(), AW_NO_CACHE: "1" },
		stderr: "pipe",
	});
	let stderr = "";
	let upToDate = 0;
	(transport.stderr as Readable).on("data", (chunk: Buffer) => {
		stderr += chunk.toString();
		if (upToDate === 0 && stderr.includes("Search by meaning is up to date")) upToDate = performance.now() - started;
	});
	const client = new Client({ name: "bench", version: "1.0.0" });
	await client.connect(transport);
	const connected = performance.now() - started;
	const asked = performance.now();
	await client.callTool({ name: "memory_search", arguments: { query: "topic 42" } });
	const firstAnswer = performance.now() - asked;
	const during: number[] = [];
	while (meaning.length > 0 && upToDate === 0) {
		const searched = performance.now();
		await client.callTool({ name: "memory_search", arguments: { query: "item 77 second section" } });
		during.push(performance.now() - searched);
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
	await client.close();
	during.sort((a, b) => a - b);
	return {
		meaning: meaning.length > 0,
		startedMs: Math.round(connected),
		firstAnswerMs: Math.round(firstAnswer),
		...(meaning.length > 0 && {
			upToDateMs: Math.round(upToDate),
			searchesWhileEmbedding: during.length,
			medianMs: Math.round(during[during.length >> 1] ?? 0),
			slowestMs: Math.round(during.at(-1) ?? 0),
		}),
	};
}

void (async () => {
	const fake = await FakeEmbeddings.start();
	const vault = benchVault();
	try {
		console.log(JSON.stringify({ notes: NOTES, ...(await measure(vault, [])) }));
		const meaning = ["--embed-url", fake.baseURL, "--embed-model", "fake-embed"];
		console.log(JSON.stringify({ notes: NOTES, ...(await measure(vault, meaning)), textsEmbedded: fake.texts.length }));
	} finally {
		await fake.close();
		rmSync(vault, { recursive: true, force: true });
	}
})();
