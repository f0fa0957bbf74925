import type { EmbeddingClient } from "../../../../src/core/model/embeddingClient";
import { MeaningService, type MeaningState } from "../../../../src/core/retrieval/meaning/meaningService";
import type { IndexPolicy } from "../../../../src/core/retrieval";
import type { TaskScheduler } from "../../../../src/core/ports";
import { useFakeEmbeddings } from "../../../harness/fakeEmbeddings";
import { NEWCOMER_MEANINGS, NEWCOMER_QUESTION, NEWCOMER_VAULT } from "../../../harness/fakeEmbeddings/newcomerVault";
import { MemoryIndexStore } from "../../../harness/memoryIndexStore";
import { embeddingClientFor } from "../../../llm/embeddings/embeddingFixture";
import { decodeVectorSnapshot } from "../../../../src/core/retrieval/vectors/vectorSnapshot";
import { paths, serviceOver, vaultOf } from "../service/serviceFixture";
import { policyFor } from "../vaultFixtures";

const fake = useFakeEmbeddings();

/** Every service a test started, closed after it: no timer outlives its test. */
const started: MeaningService[] = [];
afterEach(async () => {
	await Promise.all(started.splice(0).map((service) => service.close()));
});

/** The window's timers, as the plugin's scheduler gives them, on real time: the fake server answers on real time too. */
const realScheduler: TaskScheduler = {
	now: () => performance.now(),
	yieldToHost: () => new Promise((resolve) => setImmediate(resolve)),
	delay: (callback, ms) => {
		const timer = setTimeout(callback, ms);
		return () => clearTimeout(timer);
	},
};

const CANARY = "canary-7f3a never leaves the vault";
const FILES = {
	...NEWCOMER_VAULT,
	"Private/Diary.md": `# Diary\n\nA whiteboard of my own. ${CANARY}\n`,
};

interface Setup {
	readonly store?: MemoryIndexStore;
	readonly policy?: IndexPolicy;
	readonly vault?: ReturnType<typeof vaultOf>;
	readonly typingQuietMs?: number;
	readonly saveQuietMs?: number;
	readonly queryWaitMs?: number;
}

/** The keyword index service and search by meaning over one vault, following its events as the plugin does. */
async function meaningOver(setup: Setup = {}) {
	fake().meanings = NEWCOMER_MEANINGS;
	const vault = setup.vault ?? vaultOf(FILES);
	const keyword = serviceOver(vault, { policy: setup.policy ?? policyFor({ excludedFolders: ["Private"] }) });
	const store = setup.store ?? new MemoryIndexStore();
	const meaning = new MeaningService(
		{ notes: keyword.notes, keyword: keyword.service, store, scheduler: realScheduler },
		{
			roundPauseMs: 0,
			saveQuietMs: setup.saveQuietMs ?? 10,
			typingQuietMs: setup.typingQuietMs ?? 2000,
			...(setup.queryWaitMs === undefined ? {} : { queryWaitMs: setup.queryWaitMs }),
		},
	);
	started.push(meaning);
	const states: MeaningState[] = [];
	meaning.onState((state) => states.push(state));
	vault.on("changed", (item) => meaning.noteChanged(item.path));
	vault.on("delete", (item) => meaning.noteDeleted(item.path));
	vault.on("rename", (item, oldPath) => meaning.noteRenamed(oldPath, item.path));
	await keyword.service.start();
	return { vault, keyword, meaning, store, states };
}

/** Waits until search by meaning reaches `state` (a few seconds at most). */
async function reached(meaning: MeaningService, state: MeaningState["state"]): Promise<MeaningState> {
	for (let waited = 0; waited < 5000; waited += 10) {
		const now = meaning.currentState();
		if (now.state === state) return now;
		await new Promise((resolve) => setTimeout(resolve, 10));
	}
	throw new Error(`Still ${JSON.stringify(meaning.currentState())}, never ${state}`);
}

function clientOf(model = "fake-embed"): EmbeddingClient {
	return embeddingClientFor(fake(), "openai", { model }).client;
}

describe("search by meaning kept up in the background", () => {
	it("is keyword search, exactly, and sends nothing anywhere while it is off", async () => {
		const { keyword, meaning } = await meaningOver();
		meaning.use(null);
		meaning.indexReady();
		expect(meaning.currentState()).toEqual({ state: "off" });
		expect(await meaning.search(NEWCOMER_QUESTION, { limit: 3 })).toEqual(
			keyword.service.search(NEWCOMER_QUESTION, { limit: 3 }),
		);
		expect(fake().texts).toEqual([]);
	});

	it("embeds the notes the index holds once given a model, and then finds a note by what the question means", async () => {
		const { keyword, meaning } = await meaningOver();
		expect(paths(keyword.service.search(NEWCOMER_QUESTION, { limit: 1 }))).not.toEqual(["Help/Canvas.md"]);
		meaning.use(clientOf());
		meaning.indexReady();
		expect(await reached(meaning, "ready")).toMatchObject({ chunks: 4 });
		expect(paths(await meaning.search(NEWCOMER_QUESTION, { limit: 3 }))[0]).toBe("Help/Canvas.md");
		// A private note's text never reached the server.
		expect(fake().texts.some((text) => text.includes("canary-7f3a"))).toBe(false);
	});

	it("restores its vectors at a restart without a call to the server, and embeds only the note that changed", async () => {
		const store = new MemoryIndexStore();
		const first = await meaningOver({ store });
		first.meaning.use(clientOf());
		first.meaning.indexReady();
		await reached(first.meaning, "ready");
		await first.meaning.close();
		expect(store.vectorModel).toBe(clientOf().modelId);

		await first.vault.process("Help/Cards.md", (text) => `${text}\n## Later\n\nA new section on reviews.\n`);
		fake().reset();
		fake().meanings = NEWCOMER_MEANINGS;
		const second = await meaningOver({ store, vault: first.vault });
		second.meaning.use(clientOf());
		second.meaning.indexReady();
		await reached(second.meaning, "ready");
		// Neither the model's languages asked again nor any other chunk: the new section alone.
		expect(fake().texts).toEqual(["Cards > Later\n\nA new section on reviews."]);
		expect(paths(await second.meaning.search(NEWCOMER_QUESTION, { limit: 1 }))).toEqual(["Help/Canvas.md"]);
	});

	it("drops a note at once when it turns private, so search by meaning never returns it, and never embeds it again", async () => {
		const { vault, meaning } = await meaningOver();
		meaning.use(clientOf());
		meaning.indexReady();
		await reached(meaning, "ready");
		await vault.process("Help/Canvas.md", (text) => `---\nassistant: private\n---\n${text}`);
		expect(paths(await meaning.search(NEWCOMER_QUESTION, { limit: 5 }))).not.toContain("Help/Canvas.md");
		expect(meaning.index?.index?.notePaths()).not.toContain("Help/Canvas.md");
		const sent = fake().texts.length;
		await vault.process("Help/Canvas.md", (text) => `${text}\nMore private words.\n`);
		await new Promise((resolve) => setTimeout(resolve, 100));
		expect(fake().texts.length).toBe(sent);
	});

	it("takes a note made private off the device within seconds, not at the next quiet save minutes later", async () => {
		const { vault, meaning, store } = await meaningOver({ saveQuietMs: 60_000 });
		meaning.use(clientOf());
		meaning.indexReady();
		await reached(meaning, "ready");
		expect(store.counts.vectorSaves).toBe(0);
		await vault.process("Help/Canvas.md", (text) => `---\nassistant: private\n---\n${text}`);
		await until(() => store.counts.vectorSaves === 1);
		const saved = await store.loadVectors(clientOf().modelId);
		const kept = decodeVectorSnapshot(saved!.bytes, { modelId: clientOf().modelId }, { rowsFrom: saved!.rowsFrom });
		expect(kept.index?.notePaths()).toContain("Help/Daily notes.md");
		expect(kept.index?.notePaths()).not.toContain("Help/Canvas.md");
	}, 20_000);

	it("drops a note made private while its passages were out to be embedded, as their vectors land", async () => {
		const { vault, meaning } = await meaningOver();
		const client = clientOf();
		let madePrivate = false;
		// The note turns private after its text was read and sent, before the answer comes back.
		const slow: EmbeddingClient = {
			modelId: client.modelId,
			embed: async (request) => {
				if (!madePrivate && request.texts.some((text) => text.includes("infinite board"))) {
					madePrivate = true;
					await vault.process("Help/Canvas.md", (text) => `---\nassistant: private\n---\n${text}`);
				}
				return client.embed(request);
			},
		};
		meaning.use(slow);
		meaning.indexReady();
		await reached(meaning, "ready");
		expect(madePrivate).toBe(true);
		expect(meaning.index?.index?.notePaths()).not.toContain("Help/Canvas.md");
		expect(paths(await meaning.search(NEWCOMER_QUESTION, { limit: 5 }))).not.toContain("Help/Canvas.md");
	});

	it("drops every note the new privacy rules hide before the next search, with no rebuild", async () => {
		const policy = policyFor();
		const { keyword, meaning } = await meaningOver({ policy });
		meaning.use(clientOf());
		meaning.indexReady();
		await reached(meaning, "ready");
		expect(meaning.index?.index?.notePaths()).toContain("Private/Diary.md");
		keyword.service.setPolicy(policyFor({ excludedFolders: ["Help"] }));
		meaning.rulesChanged();
		expect(meaning.index?.index?.notePaths()).toEqual(["Private/Diary.md"]);
	});

	it("pauses on a failing server, answers by keyword meanwhile with no error, and goes on when tried again", async () => {
		const { keyword, meaning } = await meaningOver();
		fake().misbehave = { kind: "status", status: 503 };
		meaning.use(clientOf());
		meaning.indexReady();
		const paused = await reached(meaning, "paused");
		expect(paused).toMatchObject({ reason: "server", retryInMs: 60_000 });
		expect(await meaning.search(NEWCOMER_QUESTION, { limit: 3 })).toEqual(
			keyword.service.search(NEWCOMER_QUESTION, { limit: 3 }),
		);
		fake().misbehave = undefined;
		meaning.retryNow();
		await reached(meaning, "ready");
		expect(paths(await meaning.search(NEWCOMER_QUESTION, { limit: 1 }))).toEqual(["Help/Canvas.md"]);
	});

	it("waits while the user types, and while the user holds it", async () => {
		const { meaning } = await meaningOver({ typingQuietMs: 1000 });
		const documents = () => fake().texts.filter((text) => text.includes("infinite board"));
		meaning.use(clientOf());
		meaning.userTyped();
		meaning.indexReady();
		await new Promise((resolve) => setTimeout(resolve, 500));
		expect(documents()).toEqual([]);
		meaning.hold(true);
		expect(meaning.currentState()).toMatchObject({ state: "held" });
		await new Promise((resolve) => setTimeout(resolve, 1000));
		expect(documents()).toEqual([]);
		meaning.hold(false);
		await reached(meaning, "ready");
		expect(documents()).toHaveLength(1);
	});

	it("relates a note to its neighbours in meaning and to its links, never to a private note", async () => {
		const vault = vaultOf({
			...FILES,
			"Help/Boards.md": "# Boards\n\nA board to lay out notes, with connections between them. See [[Daily notes]].\n",
		});
		const { meaning } = await meaningOver({ vault });
		expect(await meaning.related("Help/Boards.md", 5)).toEqual([
			{ path: "Help/Daily notes.md", similarity: null, link: "to" },
		]);
		meaning.use(clientOf());
		meaning.indexReady();
		await reached(meaning, "ready");
		const related = await meaning.related("Help/Boards.md", 5);
		expect(related[0]).toMatchObject({ path: "Help/Canvas.md", link: null });
		expect(related).toContainEqual({ path: "Help/Daily notes.md", similarity: expect.any(Number), link: "to" });
		expect(related.map((note) => note.path)).not.toContain("Private/Diary.md");
		expect(await meaning.related("Private/Diary.md", 5)).toEqual([]);
	});

	it("starts over with another model: the two models' vectors are never ranked together", async () => {
		const store = new MemoryIndexStore();
		const { meaning } = await meaningOver({ store });
		meaning.use(clientOf("fake-embed"));
		meaning.indexReady();
		await reached(meaning, "ready");
		const other = clientOf("nomic-embed-text:latest");
		meaning.use(other);
		expect(meaning.index).toBeNull();
		await reached(meaning, "ready");
		expect(meaning.index?.index?.modelId).toBe(other.modelId);
		await meaning.close();
		expect(store.vectorModel).toBe(other.modelId);
	});
});

/** `client`, the answer to its `at`-th request (counted from 1) held until the returned `open` is called. */
function heldAt(client: EmbeddingClient, at: number) {
	let calls = 0;
	let answered = 0;
	let open = () => {};
	const gate = new Promise<void>((resolve) => (open = resolve));
	const held: EmbeddingClient = {
		modelId: client.modelId,
		embed: async (request) => {
			const call = ++calls;
			const vectors = await client.embed(request);
			answered++;
			if (call === at) await gate;
			return vectors;
		},
	};
	return { client: held, open, calls: () => calls, answered: () => answered };
}

/** Waits until `holds` does (a few seconds at most). */
async function until(holds: () => boolean): Promise<void> {
	for (let waited = 0; waited < 5000; waited += 5) {
		if (holds()) return;
		await new Promise((resolve) => setTimeout(resolve, 5));
	}
	throw new Error("Never came");
}

describe("search by meaning's vectors read from the device once saved", () => {
	it("reads its saved vectors from the store after a save, answering as before; by keyword when they are damaged, until it has embedded the notes anew", async () => {
		const { keyword, meaning, store } = await meaningOver({ saveQuietMs: 500 });
		meaning.use(clientOf());
		meaning.indexReady();
		await reached(meaning, "ready");
		const inMemory = meaning.index?.index;
		const before = await meaning.search(NEWCOMER_QUESTION, { limit: 3 });
		expect(paths(before)[0]).toBe("Help/Canvas.md");
		// Saved once unchanged for a moment; the index restored from the save is put in place of the one in memory.
		await until(() => meaning.index?.index !== inMemory);
		expect(store.counts.vectorSaves).toBe(1);
		const restored = meaning.index?.index;
		expect(restored?.chunkCount).toBe(inMemory?.chunkCount);
		// The int8 rows (a byte a dimension a chunk) left memory.
		const rowBytes = (restored?.chunkCount ?? 0) * (restored?.dims ?? 0);
		expect((inMemory?.byteLength ?? 0) - (restored?.byteLength ?? 0)).toBeGreaterThanOrEqual(rowBytes);
		expect(await meaning.search(NEWCOMER_QUESTION, { limit: 3 })).toEqual(before);
		store.damageRows();
		const sent = fake().texts.length;
		expect(await meaning.search(NEWCOMER_QUESTION, { limit: 3 })).toEqual(
			keyword.service.search(NEWCOMER_QUESTION, { limit: 3 }),
		);
		// Damaged rows are never read again: the notes are embedded anew, and search by meaning is back.
		await until(() => fake().texts.length > sent);
		await reached(meaning, "ready");
		expect(paths(await meaning.search(NEWCOMER_QUESTION, { limit: 3 }))[0]).toBe("Help/Canvas.md");
	});

	it("keeps the vectors in memory when they changed while the save was made, until the next save", async () => {
		let open: () => void = () => undefined;
		const gate = new Promise<void>((resolve) => (open = resolve));
		const saved: string[] = [];
		/** Its first save is written, then held before it is told done. */
		class HeldStore extends MemoryIndexStore {
			override async saveVectors(...args: Parameters<MemoryIndexStore["saveVectors"]>) {
				const stored = await super.saveVectors(...args);
				saved.push("written");
				if (saved.length === 1) await gate;
				return stored;
			}
		}
		const store = new HeldStore();
		const { vault, meaning } = await meaningOver({ store });
		meaning.use(clientOf());
		meaning.indexReady();
		await reached(meaning, "ready");
		const inMemory = meaning.index?.index;
		await until(() => saved.length === 1);
		// A note dropped while the save is under way: its snapshot no longer holds what the index does.
		await vault.trash("Help/Canvas.md");
		open();
		await until(() => store.counts.opened === 1 && store.counts.released === 1);
		expect(meaning.index?.index).toBe(inMemory);
		// The next save holds the note's drop, and its snapshot is read from then on.
		await until(() => meaning.index?.index !== inMemory);
		expect(saved).toHaveLength(2);
		expect(meaning.index?.index?.hasNote("Help/Canvas.md")).toBe(false);
		expect(paths(await meaning.search(NEWCOMER_QUESTION, { limit: 5 }))).not.toContain("Help/Canvas.md");
		expect(store.counts).toMatchObject({ opened: 2, released: 1 });
	});
});

describe("search by meaning under a hurried user and a changing server", () => {
	it("starts its model once when tried again while the model is still answering its first question", async () => {
		const { meaning } = await meaningOver();
		// The first question (which languages the model reads) is slow, as a model being loaded is.
		const slow = heldAt(clientOf(), 1);
		meaning.use(slow.client);
		meaning.indexReady();
		await until(() => slow.answered() === 1);
		// The settings' Test button, or a click that lets embedding go on, tries the server again.
		meaning.retryNow();
		slow.open();
		await reached(meaning, "ready");
		await until(() => (meaning.index?.index?.chunkCount ?? 0) > 0);
		expect(paths(await meaning.search(NEWCOMER_QUESTION, { limit: 1 }))).toEqual(["Help/Canvas.md"]);
	}, 20_000);

	it("starts over when the server's model changed dimension under the same name since the vectors were saved", async () => {
		const store = new MemoryIndexStore();
		const first = await meaningOver({ store });
		first.meaning.use(clientOf());
		first.meaning.indexReady();
		await reached(first.meaning, "ready");
		await first.meaning.close();

		// Another model pulled under the same name: its vectors have twice the dimensions.
		await first.vault.process("Help/Cards.md", (text) => `${text}\n## Later\n\nA new section on reviews.\n`);
		fake().reset();
		fake().dimension = 128;
		const second = await meaningOver({ store, vault: first.vault });
		second.meaning.use(clientOf());
		second.meaning.indexReady();
		await reached(second.meaning, "ready");
		expect(second.meaning.index?.index?.dims).toBe(128);
		expect(second.meaning.index?.index?.chunkCount).toBeGreaterThanOrEqual(4);
		expect(paths(await second.meaning.search(NEWCOMER_QUESTION, { limit: 1 }))).toEqual(["Help/Canvas.md"]);
		await second.meaning.close();
		const saved = (await store.loadVectors(clientOf().modelId))!;
		const modelId = clientOf().modelId;
		expect(decodeVectorSnapshot(saved.bytes, { modelId }, { rowsFrom: saved.rowsFrom }).index?.dims).toBe(128);
	}, 20_000);

	it("keeps its pause on a failing server while the user edits settings, each edit handing it the same model anew", async () => {
		const { meaning } = await meaningOver();
		fake().misbehave = { kind: "status", status: 503 };
		meaning.use(clientOf());
		meaning.indexReady();
		await reached(meaning, "paused");
		const asked = fake().requests.length;
		// Every keystroke in any setting rebuilds the embedding client from the settings, unchanged.
		for (let keystroke = 0; keystroke < 5; keystroke++) meaning.use(clientOf());
		await new Promise((resolve) => setTimeout(resolve, 300));
		expect(fake().requests.length).toBe(asked);
		expect(meaning.currentState()).toMatchObject({ state: "paused", retryInMs: 60_000 });
	});

	it("tries again at once a server that refused the key when it is handed the model anew, perhaps with another key", async () => {
		const { meaning } = await meaningOver();
		fake().requiredKey = "the-right-key";
		meaning.use(embeddingClientFor(fake(), "openai", { model: "fake-embed", apiKey: "a-wrong-key" }).client);
		meaning.indexReady();
		await reached(meaning, "paused");
		meaning.use(embeddingClientFor(fake(), "openai", { model: "fake-embed", apiKey: "the-right-key" }).client);
		await reached(meaning, "ready");
	});

	it("embeds a note renamed while its passages were out under its new name", async () => {
		const { vault, meaning } = await meaningOver();
		// The round's request (after the model's first question) is answered, its answer held.
		const slow = heldAt(clientOf(), 2);
		meaning.use(slow.client);
		meaning.indexReady();
		await until(() => slow.answered() === 2);
		await vault.rename("Help/Canvas.md", "Help/Whiteboard.md");
		slow.open();
		await until(() => meaning.index?.index?.notePaths().includes("Help/Whiteboard.md") === true);
		expect(meaning.index?.index?.notePaths()).not.toContain("Help/Canvas.md");
		expect(paths(await meaning.search(NEWCOMER_QUESTION, { limit: 1 }))).toEqual(["Help/Whiteboard.md"]);
	}, 20_000);

	it("keeps nothing of a note renamed into a private folder while its passages were out, and sends it no more", async () => {
		const { vault, meaning } = await meaningOver();
		const slow = heldAt(clientOf(), 2);
		meaning.use(slow.client);
		meaning.indexReady();
		await until(() => slow.answered() === 2);
		await vault.rename("Help/Canvas.md", "Private/Canvas.md");
		const sent = fake().texts.length;
		slow.open();
		await reached(meaning, "ready");
		expect(meaning.index?.index?.notePaths().filter((path) => path.endsWith("Canvas.md"))).toEqual([]);
		expect(fake().texts.length).toBe(sent);
	}, 20_000);

	// Known gap: the device keeps one model's vectors (`VectorStore`), and a switch saves nothing of the
	// model left, so going back to a model embeds the whole vault again. Keeping a snapshot per model
	// (bounded in count) is a change of the stores, left for later.
	it.failing(
		"keeps what one model embedded when the user switches to another before it was saved, and back",
		async () => {
			const store = new MemoryIndexStore();
			const { meaning } = await meaningOver({ store, saveQuietMs: 60_000 });
			meaning.use(clientOf("fake-embed"));
			meaning.indexReady();
			await reached(meaning, "ready");
			meaning.use(clientOf("nomic-embed-text:latest"));
			await reached(meaning, "ready");
			const sent = fake().texts.length;
			meaning.use(clientOf("fake-embed"));
			await reached(meaning, "ready");
			// Back to the first model: its vectors are restored, nothing embedded again.
			expect(fake().texts.length).toBe(sent);
			expect(paths(await meaning.search(NEWCOMER_QUESTION, { limit: 1 }))).toEqual(["Help/Canvas.md"]);
		},
	);

	it("pauses, rather than starting over again and again, on a server whose vectors change dimension from one answer to the next", async () => {
		const fillers = Object.fromEntries(
			Array.from({ length: 40 }, (_, at) => [`Filler/Note ${at}.md`, `# Note ${at}\n\nFiller text number ${at}.\n`]),
		);
		const { meaning } = await meaningOver({ vault: vaultOf(fillers) });
		const inner = clientOf();
		let calls = 0;
		// Two models behind one name, in turn (a balancer in front of two servers): 64 dimensions, then 128.
		const flapping: EmbeddingClient = {
			modelId: inner.modelId,
			embed: async (request) => {
				const vectors = await inner.embed(request);
				return ++calls % 2 === 1 ? vectors : vectors.map((vector) => Float32Array.from([...vector, ...vector]));
			},
		};
		meaning.use(flapping);
		meaning.indexReady();
		expect(await reached(meaning, "paused")).toMatchObject({ reason: "bad-answer" });
	}, 20_000);

	it("answers by keyword when the server stops answering a query, within its wait rather than the minutes a batch may take", async () => {
		const { keyword, meaning } = await meaningOver({ queryWaitMs: 300 });
		meaning.use(clientOf());
		meaning.indexReady();
		await reached(meaning, "ready");
		fake().misbehave = { kind: "hang" };
		const answer = Promise.resolve(meaning.search(NEWCOMER_QUESTION, { limit: 3 }));
		const late = new Promise((resolve) => setTimeout(() => resolve("still waiting"), 3000));
		expect(await Promise.race([answer, late])).toEqual(keyword.service.search(NEWCOMER_QUESTION, { limit: 3 }));
	}, 20_000);

	it("asks a paused server nothing for a search: it answers by keyword until the server is tried again", async () => {
		const { vault, keyword, meaning } = await meaningOver();
		meaning.use(clientOf());
		meaning.indexReady();
		await reached(meaning, "ready");
		fake().misbehave = { kind: "status", status: 503 };
		await vault.process("Help/Cards.md", (text) => `${text}\n## Later\n\nA new section on reviews.\n`);
		await reached(meaning, "paused");
		const asked = fake().requests.length;
		expect(await meaning.search(NEWCOMER_QUESTION, { limit: 3 })).toEqual(
			keyword.service.search(NEWCOMER_QUESTION, { limit: 3 }),
		);
		expect(fake().requests.length).toBe(asked);
	});

	it("saves no vector of a note made private while its passages were out, when the plugin closes mid-round", async () => {
		// More passages than one request carries in one round of notes: the round goes on after the note's request is in.
		const fillers = Object.fromEntries(
			Array.from({ length: 20 }, (_, at) => [
				`Filler/Note ${at}.md`,
				`# Note ${at}\n\nFiller text number ${at}.\n\n## Part two\n\nMore filler, number ${at}.\n`,
			]),
		);
		// The note and the first fifteen fillers are 32 passages: the first request; the rest, the second.
		const vault = vaultOf({ "Notes/Secret.md": `# Secret\n\n${CANARY}\n\n## More\n\nMore of it.\n`, ...fillers });
		const { keyword, meaning, store } = await meaningOver({ vault });
		// The first request of the round (after the model's first question) is held.
		const slow = heldAt(clientOf(), 2);
		meaning.use(slow.client);
		meaning.indexReady();
		await until(() => slow.answered() === 2);
		keyword.service.setPolicy(policyFor({ excludedFolders: ["Private", "Notes"] }));
		meaning.rulesChanged();
		// A note deleted meanwhile: the vectors changed, and are saved on the way out.
		await vault.trash("Filler/Note 19.md");
		// The round's next request never answers; the plugin is closed while it waits.
		fake().misbehave = { kind: "hang" };
		slow.open();
		await until(() => meaning.index?.index?.notePaths().includes("Filler/Note 0.md") === true);
		await meaning.close();
		const saved = await store.loadVectors(clientOf().modelId);
		const kept = decodeVectorSnapshot(
			saved!.bytes,
			{ modelId: clientOf().modelId },
			{ rowsFrom: saved!.rowsFrom },
		).index?.notePaths();
		expect(kept).toContain("Filler/Note 0.md");
		expect(kept).not.toContain("Notes/Secret.md");
	}, 20_000);
});
