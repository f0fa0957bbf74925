import { receiptSchema, type Receipt } from "../../../src/core/audit/receipt";
import { useFakeEmbeddings } from "../../harness/fakeEmbeddings";
import type { MemoryLogFile } from "../../../headless/inMemory/memoryLogFile";
import { embeddingClientFor, kindOf } from "./embeddingFixture";

const fake = useFakeEmbeddings();

function receiptsIn(file: MemoryLogFile): Receipt[] {
	return file.text
		.split("\n")
		.filter((line) => line !== "")
		.map((line) => receiptSchema.parse(JSON.parse(line)));
}

test("notes embedded leave a receipt: where, which model, the notes the texts came from and how many texts, never the texts", async () => {
	const { client, receiptFile } = embeddingClientFor(fake(), "ollama");

	await client.embed({
		texts: ["The launch plan is secret", "Budget for the launch"],
		purpose: "document",
		notes: ["Projects/Launch.md", "Projects/Launch.md"],
	});

	expect(receiptsIn(receiptFile)).toEqual([
		expect.objectContaining({
			kind: "model",
			to: new URL(fake().baseURL).host,
			model: "fake-embed",
			feature: "embedding",
			paths: ["Projects/Launch.md"],
			texts: 2,
		}),
	]);
	expect(receiptFile.text).not.toMatch(/secret|Budget/);
});

test("a search's query leaves a receipt of its own kind, with no note", async () => {
	const { client, receiptFile } = embeddingClientFor(fake(), "openai");

	await client.embed({ texts: ["where is my launch plan"], purpose: "query" });

	const [receipt] = receiptsIn(receiptFile);
	expect(receipt).toMatchObject({ feature: "search", paths: [], texts: 1 });
	expect(receipt.failed).toBeUndefined();
	expect(receiptFile.text).not.toContain("launch plan");
});

test("a request that failed has left all the same, and its receipt says it failed", async () => {
	fake().misbehave = { kind: "fewer-vectors" };
	const { client, receiptFile } = embeddingClientFor(fake(), "ollama");

	await expect(kindOf(client.embed({ texts: ["a", "b"], purpose: "document", notes: ["A.md"] }))).resolves.toBe(
		"bad-answer",
	);

	expect(receiptsIn(receiptFile)).toEqual([expect.objectContaining({ paths: ["A.md"], texts: 2, failed: true })]);
});

test("a listing of the server's models leaves a receipt; a request that sends nothing leaves none", async () => {
	const { client, receiptFile } = embeddingClientFor(fake(), "openai", { apiKey: "sk-cloud" });

	await client.listModels();
	await client.embed({ texts: [], purpose: "document" });

	expect(receiptsIn(receiptFile)).toEqual([expect.objectContaining({ feature: "model-list", paths: [] })]);
	expect(receiptFile.text).not.toContain("sk-cloud");
});

test("a CORS probe the client made after a refused connection leaves a receipt too", async () => {
	const { client, receiptFile } = embeddingClientFor(fake(), "ollama", {
		baseURL: "http://127.0.0.1:9",
		answersOutsideCors: async () => true,
	});

	await expect(kindOf(client.embed({ texts: ["a"], purpose: "query" }))).resolves.toBe("cors-refused");

	expect(receiptsIn(receiptFile).map((receipt) => [receipt.feature, receipt.failed])).toEqual([
		["model-list", undefined],
		["search", true],
	]);
});
