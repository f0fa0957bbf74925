import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { join } from "node:path";
import { cosine } from "../harness/fakeEmbeddings";
import { embeddingClientFor } from "../llm/embeddings/embeddingFixture";

// The script loads a real model (28 MB of weights) on start: a few seconds on a cold machine.
jest.setTimeout(60_000);

const ROOT = join(__dirname, "..", "..");
const TSX = join(ROOT, "node_modules", ".bin", "tsx");
const MODEL = "universal-sentence-encoder-lite";

let server: ChildProcessWithoutNullStreams | undefined;
let baseURL = "";

beforeAll(async () => {
	const child = spawn(TSX, [join(ROOT, "scripts", "embedServer.ts"), "--port", "0"], { cwd: ROOT });
	server = child;
	baseURL = await new Promise<string>((resolve, reject) => {
		let printed = "";
		child.stdout.on("data", (chunk: Buffer) => {
			printed += chunk.toString("utf8");
			const address = /Embedding server: (http:\/\/127\.0\.0\.1:\d+)/.exec(printed);
			if (address !== null) resolve(address[1]);
		});
		child.stderr.on("data", (chunk: Buffer) => (printed += chunk.toString("utf8")));
		child.on("exit", (code) => reject(new Error(`The embedding server stopped (${code}): ${printed}`)));
	});
});

afterAll(async () => {
	const child = server;
	if (child === undefined || child.exitCode !== null) return;
	const exited = new Promise((resolve) => child.on("exit", resolve));
	child.kill("SIGTERM");
	await exited;
});

test("npm run embed-server answers the product's OpenAI-compatible client with the real model's vectors", async () => {
	const { client } = embeddingClientFor({ baseURL }, "openai", { model: MODEL });

	const [question, canvas, daily] = await client.embed({
		texts: [
			"a whiteboard where I lay out cards and draw arrows",
			"Canvas is an infinite space where notes are arranged as cards and connected with lines.",
			"Daily notes open a new note for each day, named by its date.",
		],
		purpose: "document",
	});

	expect(question).toHaveLength(512);
	expect(cosine(question, canvas)).toBeGreaterThan(cosine(question, daily));
	await expect(client.listModels()).resolves.toEqual([{ id: MODEL, displayName: MODEL }]);
});

test("the embed server refuses a model it does not serve, as a server without the model does", async () => {
	const { client } = embeddingClientFor({ baseURL }, "openai", { model: "bge-m3" });

	await expect(client.embed({ texts: ["one"], purpose: "query" })).rejects.toMatchObject({ kind: "unknown-model" });
});
