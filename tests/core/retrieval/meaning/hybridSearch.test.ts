import { chunkNote } from "../../../../src/core/retrieval";
import { hybridSearch } from "../../../../src/core/retrieval/meaning/hybridSearch";
import { MeaningIndex, type NoteChunks } from "../../../../src/core/retrieval/meaning/meaningIndex";
import { READS_ALL } from "../../../../src/core/retrieval/ranking/vectorTrust";
import { encodeVectorSnapshot, decodeVectorSnapshot } from "../../../../src/core/retrieval/vectors/vectorSnapshot";
import { computeMetadata } from "../../../../headless/metadata";
import { useFakeEmbeddings } from "../../../harness/fakeEmbeddings";
import { NEWCOMER_MEANINGS, NEWCOMER_QUESTION, NEWCOMER_VAULT } from "../../../harness/fakeEmbeddings/newcomerVault";
import { embeddingClientFor } from "../../../llm/embeddings/embeddingFixture";
import { indexOfVault, NOW } from "../vaultFixtures";

const fake = useFakeEmbeddings();

const VAULT = NEWCOMER_VAULT;
const MEANINGS = NEWCOMER_MEANINGS;

function notesOf(files: Readonly<Record<string, string>>): NoteChunks[] {
	return Object.entries(files).map(([path, content]) => ({
		path,
		chunks: chunkNote(content, computeMetadata(content)),
	}));
}

async function meaningOver(files: Readonly<Record<string, string>>) {
	fake().meanings = MEANINGS;
	const { client } = embeddingClientFor(fake(), "openai");
	const meaning = new MeaningIndex(client, READS_ALL);
	const status = await meaning.catchUp(notesOf(files));
	return { meaning, client, status, keyword: indexOfVault(files) };
}

describe("search by meaning beside keyword search", () => {
	it("finds a note by what the question means, where keyword search ranks a note that only shares its words first", async () => {
		const { meaning, keyword, status } = await meaningOver(VAULT);
		expect(status).toEqual({ state: "ready", chunks: 4, embedded: 4 });
		const query = NEWCOMER_QUESTION;
		expect(keyword.search(query, { now: NOW, limit: 1 })[0]?.path).not.toBe("Help/Canvas.md");
		const hits = await hybridSearch(keyword, meaning, query, { now: NOW, limit: 3 });
		expect(hits[0]).toMatchObject({ path: "Help/Canvas.md", line: 3, heading: "Canvas", kind: "notes" });
	});

	it("keeps a note the query names first, whatever the vectors say", async () => {
		const { meaning, keyword } = await meaningOver(VAULT);
		const hits = await hybridSearch(keyword, meaning, "Arrows", { now: NOW, limit: 3 });
		expect(hits[0].path).toBe("Help/Arrows.md");
	});

	it("returns no note the caller's rule or the filters refuse, from either list", async () => {
		const { meaning, keyword } = await meaningOver(VAULT);
		const query = NEWCOMER_QUESTION;
		const admits = (path: string) => path !== "Help/Canvas.md";
		const hits = await hybridSearch(keyword, meaning, query, { now: NOW, limit: 5, admits });
		expect(hits.map((hit) => hit.path)).not.toContain("Help/Canvas.md");
		const inFolder = await hybridSearch(keyword, meaning, query, { now: NOW, limit: 5, folder: "Elsewhere" });
		expect(inFolder).toEqual([]);
	});

	it("is keyword search as it was when the server is away, with no error", async () => {
		const { meaning, keyword } = await meaningOver(VAULT);
		const query = NEWCOMER_QUESTION;
		fake().misbehave = { kind: "status", status: 503 };
		const hits = await hybridSearch(keyword, meaning, query, { now: NOW, limit: 3 });
		expect(hits.map((hit) => hit.path)).toEqual(keyword.search(query, { now: NOW, limit: 3 }).map((hit) => hit.path));
	});
});

describe("the vectors of the notes' chunks", () => {
	it("are made once: a rename, a restart from the snapshot or an edit elsewhere in the note sends only what changed", async () => {
		const { meaning, client } = await meaningOver(VAULT);
		const sent = fake().texts.length;
		expect(sent).toBe(4);
		meaning.renameNote("Help/Canvas.md", "Help/Whiteboards.md");
		const renamed = { ...VAULT, "Help/Whiteboards.md": VAULT["Help/Canvas.md"] } as Record<string, string>;
		delete renamed["Help/Canvas.md"];
		expect(await meaning.catchUp(notesOf(renamed))).toMatchObject({ state: "ready", embedded: 0 });
		expect(fake().texts.length).toBe(sent);

		const decoded = decodeVectorSnapshot(await encodeVectorSnapshot(meaning.index!), { modelId: client.modelId });
		const restarted = new MeaningIndex(client, READS_ALL, decoded.index);
		const edited = { ...renamed, "Help/Cards.md": `${VAULT["Help/Cards.md"]}\n## Later\n\nA new section.\n` };
		await restarted.catchUp(notesOf(edited));
		expect(fake().texts.slice(sent)).toEqual(["Cards > Later\n\nA new section."]);
	});

	it("are kept for no chunk of a batch the server answered badly, and embedding goes on from there next time", async () => {
		fake().meanings = MEANINGS;
		const { client } = embeddingClientFor(fake(), "ollama");
		const meaning = new MeaningIndex(client, READS_ALL);
		fake().misbehave = { kind: "nan" };
		const paused = await meaning.catchUp(notesOf(VAULT));
		expect(paused).toMatchObject({ state: "paused", reason: "bad-answer" });
		expect(meaning.index).toBeNull();
		fake().misbehave = undefined;
		expect(await meaning.catchUp(notesOf(VAULT))).toEqual({ state: "ready", chunks: 4, embedded: 4 });
	});

	it("drop a note at once: it is never found again", async () => {
		const { meaning } = await meaningOver(VAULT);
		meaning.dropNote("Help/Canvas.md");
		const found = await meaning.nearest("a whiteboard with arrows", { limit: 4 });
		expect(found.map((hit) => hit.path)).not.toContain("Help/Canvas.md");
	});

	it("leave out chunks in a script the model does not read, and the query it cannot read counts for nothing", async () => {
		const files = { ...VAULT, "Help/白板.md": "# 白板\n\n在无限的画布上排列卡片，用箭头连接。\n" };
		fake().meanings = MEANINGS;
		fake().models = ["universal-sentence-encoder-lite"];
		const { client } = embeddingClientFor(fake(), "openai", { model: "universal-sentence-encoder-lite" });
		// An English model, as `probeCoverage` finds Universal Sentence Encoder lite to be.
		const meaning = new MeaningIndex(client, { readsCjk: false });
		expect(await meaning.catchUp(notesOf(files))).toEqual({ state: "ready", chunks: 4, embedded: 4 });
		expect(fake().texts.join("\n")).toContain("infinite board");
		expect(fake().texts.join("\n")).not.toContain("画布");
		expect(meaning.readableShare).toBeCloseTo(4 / 5);
		const keyword = indexOfVault(files);
		const query = "白板 卡片";
		expect((await hybridSearch(keyword, meaning, query, { now: NOW, limit: 5 })).map((hit) => hit.path)).toEqual(
			keyword.search(query, { now: NOW, limit: 5 }).map((hit) => hit.path),
		);
	});
});

describe("search by meaning on a vault of many notes", () => {
	it("embeds a note of hundreds of chunks a batch of texts at a time", async () => {
		const long = Array.from({ length: 300 }, (_, n) => `## Part ${n}\n\nSensor reading ${n} was steady.\n`).join("\n");
		const { status } = await meaningOver({ "Logs/Sensor.md": `# Sensor\n\n${long}` });
		expect(status).toMatchObject({ state: "ready", chunks: 301 });
		const sizes = fake().requests.map((request) => ((request.body as { input?: unknown[] }).input ?? []).length);
		expect(sizes.length).toBeGreaterThan(1);
		expect(Math.max(...sizes)).toBeLessThanOrEqual(32);
	});

	it("applies the filters before the limit: a note found by meaning in the folder asked for is not crowded out", async () => {
		const others = Object.fromEntries(
			Array.from({ length: 70 }, (_, n) => [
				`Other/Board ${n}.md`,
				`# Board ${n}\n\nA whiteboard with arrows, number ${n}.\n`,
			]),
		);
		const { meaning, keyword } = await meaningOver({ ...others, "Target/Canvas.md": VAULT["Help/Canvas.md"] });
		const hits = await hybridSearch(keyword, meaning, "whiteboard", { now: NOW, limit: 5, folder: "Target" });
		expect(hits.map((hit) => hit.path)).toEqual(["Target/Canvas.md"]);
	});

	it("drops the vectors of notes the index no longer holds, restored from the device", async () => {
		const { meaning, keyword } = await meaningOver(VAULT);
		expect(meaning.keepOnly(new Set(["Help/Cards.md", "Help/Arrows.md", "Help/Daily notes.md"]))).toBe(1);
		expect(meaning.index?.notePaths()).not.toContain("Help/Canvas.md");
		const found = await meaning.nearest(NEWCOMER_QUESTION, { limit: 4 });
		expect(found.map((hit) => hit.path)).not.toContain("Help/Canvas.md");
		expect(keyword.notePaths()).toContain("Help/Canvas.md");
	});
});
