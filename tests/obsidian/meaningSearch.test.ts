/**
 * @jest-environment ./tests/harness/jsdomWithFetch.cjs
 */
import type { SettingDefinitionGroup, SettingDefinitionRender } from "obsidian";
import { Notice, Setting, setLanguageForTests } from "../../sandbox/obsidianApi";
import { MemoryVault } from "../../headless/inMemory/memoryVault";
import type { Plugin as MockPlugin } from "../../sandbox/obsidianApi/plugin";
import { setLanguage } from "../../src/i18n";
import type { AssistantSettingTab } from "../../src/obsidian/settingsTab";
import { useFakeEmbeddings } from "../harness/fakeEmbeddings";
import { NEWCOMER_MEANINGS, NEWCOMER_QUESTION, NEWCOMER_VAULT } from "../harness/fakeEmbeddings/newcomerVault";
import { App, command, loadPlugin, until, untilIndexed } from "./pluginFixture";

const fake = useFakeEmbeddings();
const CANARY = "canary-51c2 stays home";

function vaultApp(): App {
	let time = Date.UTC(2026, 0, 1);
	const files = { ...NEWCOMER_VAULT, "Journal/Diary.md": `---\nassistant: private\n---\nA whiteboard. ${CANARY}` };
	return new App(new MemoryVault({ files, now: () => (time += 1000) }));
}

async function set(mock: MockPlugin, key: string, value: unknown): Promise<void> {
	await (
		mock.settingTabs[0] as unknown as { setControlValue(key: string, value: unknown): Promise<void> }
	).setControlValue(key, value);
}

/** The "Search by meaning" section's status row, drawn: its words and its Test button. */
function meaningStatusRow(mock: MockPlugin) {
	const tab = mock.settingTabs[0] as unknown as AssistantSettingTab;
	const group = tab.settingItems.find(
		(item): item is SettingDefinitionGroup => "heading" in item && item.heading === "Search by meaning",
	);
	const row = group?.items?.find((item) => item.name === "Status") as SettingDefinitionRender | undefined;
	if (!row) throw new Error("no status row");
	const setting = new Setting(document.createElement("div"));
	const stop = row.render(setting as never, null as never);
	return { setting, stop: typeof stop === "function" ? stop : () => undefined };
}

/** What the "Search by meaning" section's status row says now. */
function meaningStatus(mock: MockPlugin): string {
	const { setting, stop } = meaningStatusRow(mock);
	stop();
	return setting.descEl.getText();
}

/** Turns search by meaning on with the fake server, as a user does in the settings, and waits until every note is embedded. */
async function turnOnAndEmbed(mock: MockPlugin): Promise<void> {
	await set(mock, "serverBaseUrl", fake().baseURL);
	await set(mock, "embeddingApi", "openai");
	await set(mock, "embeddingModel", "fake-embed");
	await set(mock, "meaningSearch", "server");
	await until(() => meaningStatus(mock).startsWith("Ready"), "the notes embedded");
}

/** The rows the Related notes view lists now, its notes' names and why each is listed. */
function relatedRows(app: App): string[] {
	const view = app.workspace.getLeavesOfType("assistant-workspace-related")[0]?.view as { contentEl?: HTMLElement };
	return Array.from(view?.contentEl?.querySelectorAll(".assistant-related-note") ?? []).map(
		(row) => row.textContent ?? "",
	);
}

/** Runs "Search memory", types `query`, waits for the results by meaning, and reads the notes listed. */
async function searchMemory(mock: MockPlugin, query: string): Promise<string[]> {
	command(mock, "search-memory")();
	const modal = Array.from(document.querySelectorAll(".modal-container")).at(-1) as HTMLElement;
	const input = modal.querySelector("input") as HTMLInputElement;
	input.value = query;
	input.dispatchEvent(new Event("input"));
	await new Promise((resolve) => setTimeout(resolve, 600));
	const rows = Array.from(modal.querySelectorAll(".suggestion-title")).map((row) => row.textContent ?? "");
	modal.remove();
	return rows.map((place) => place.split(" › ")[0]);
}

beforeEach(() => {
	setLanguageForTests("en");
	setLanguage("en");
	document.body.empty();
});

describe("search by meaning in Obsidian", () => {
	it("is off at first, and sends nothing", async () => {
		const app = vaultApp();
		const { mock } = await loadPlugin(app);
		app.workspace.triggerLayoutReady();
		await untilIndexed(mock);
		expect(meaningStatus(mock)).toBe("");
		expect((await searchMemory(mock, NEWCOMER_QUESTION))[0]).not.toBe("Help/Canvas.md");
		expect(fake().texts).toEqual([]);
		mock.unload();
	});

	it("finds in Search memory the note a question means, once turned on with the model server's address", async () => {
		fake().meanings = NEWCOMER_MEANINGS;
		const app = vaultApp();
		const { mock } = await loadPlugin(app);
		app.workspace.triggerLayoutReady();
		await untilIndexed(mock);
		const before = await searchMemory(mock, NEWCOMER_QUESTION);
		expect(before[0]).not.toBe("Help/Canvas.md");
		await turnOnAndEmbed(mock);
		expect((await searchMemory(mock, NEWCOMER_QUESTION))[0]).toBe("Help/Canvas.md");
		// A private note's passages never went to the server.
		expect(fake().texts.some((text) => text.includes("canary-51c2"))).toBe(false);
		mock.unload();
	});

	it("lists in Related notes the notes near the open one in meaning and those it links with, never a private one", async () => {
		fake().meanings = NEWCOMER_MEANINGS;
		const app = vaultApp();
		await app.vault.create(
			"Help/Boards.md",
			"# Boards\n\nA board to lay out notes, with connections. See [[Daily notes]].\n",
		);
		const { mock } = await loadPlugin(app);
		app.workspace.triggerLayoutReady();
		await untilIndexed(mock);
		await turnOnAndEmbed(mock);
		await app.workspace.getLeaf().openFile(app.vault.getFileByPath("Help/Boards.md") as never);
		command(mock, "open-related-notes")();
		await until(() => relatedRows(app).length > 0, "the related notes");
		const rows = relatedRows(app);
		expect(rows[0]).toMatch(/^Help\/Canvas\d+% alike$/);
		expect(rows).toContainEqual(expect.stringMatching(/^Help\/Daily notes.*Linked from here$/));
		expect(rows.join("\n")).not.toContain("Diary");
		mock.unload();
	});

	it("takes a note out of Related notes as soon as the privacy rules hide it", async () => {
		fake().meanings = NEWCOMER_MEANINGS;
		const app = vaultApp();
		await app.vault.create("Boards.md", "# Boards\n\nA board to lay out notes, with connections.\n");
		const { mock } = await loadPlugin(app);
		app.workspace.triggerLayoutReady();
		await untilIndexed(mock);
		await turnOnAndEmbed(mock);
		await app.workspace.getLeaf().openFile(app.vault.getFileByPath("Boards.md") as never);
		command(mock, "open-related-notes")();
		await until(() => relatedRows(app).some((row) => row.startsWith("Help/Canvas")), "Canvas listed");
		await set(mock, "excludedFolders", "Help");
		await until(() => !relatedRows(app).some((row) => row.startsWith("Help/")), "the Help notes taken out of the list");
		mock.unload();
	}, 20_000);

	it("tests the model from the settings: its vectors' dimension and the server's models, or why it failed", async () => {
		const app = vaultApp();
		const { mock } = await loadPlugin(app);
		await set(mock, "serverBaseUrl", fake().baseURL);
		await set(mock, "embeddingApi", "openai");
		await set(mock, "embeddingModel", "fake-embed");
		await set(mock, "meaningSearch", "server");
		const { setting, stop } = meaningStatusRow(mock);
		Notice.messages.length = 0;
		setting.controlEl.querySelector("button")?.click();
		await until(() => Notice.messages.length > 0, "the test's answer");
		expect(Notice.messages.at(-1)).toBe(
			"The model answers: vectors of 64 dimensions. The server has: fake-embed, nomic-embed-text:latest.",
		);
		fake().misbehave = { kind: "status", status: 404, message: "model 'fake-embed' not found" };
		setting.controlEl.querySelector("button")?.click();
		await until(() => Notice.messages.length > 1, "the failed test's answer");
		expect(Notice.messages.at(-1)).toMatch(/^The test failed: /);
		stop();
		mock.unload();
	});

	it("says in Search memory that search by meaning is paused when its server is away, and searches by keyword", async () => {
		fake().misbehave = { kind: "status", status: 503 };
		const app = vaultApp();
		const { mock } = await loadPlugin(app);
		app.workspace.triggerLayoutReady();
		await untilIndexed(mock);
		await set(mock, "serverBaseUrl", fake().baseURL);
		await set(mock, "embeddingModel", "fake-embed");
		await set(mock, "embeddingApi", "openai");
		await set(mock, "meaningSearch", "server");
		await until(() => meaningStatus(mock).startsWith("Paused"), "search by meaning paused");
		command(mock, "search-memory")();
		const modal = Array.from(document.querySelectorAll(".modal-container")).at(-1) as HTMLElement;
		expect(modal.querySelector(".prompt-instructions")?.textContent).toContain("Meaning paused: Server error");
		modal.remove();
		expect((await searchMemory(mock, "flashcards"))[0]).toBe("Help/Cards.md");
		mock.unload();
	});

	it("asks the server nothing about a model name or an address while it is being typed, a key at a time", async () => {
		fake().meanings = NEWCOMER_MEANINGS;
		const app = vaultApp();
		const { mock } = await loadPlugin(app);
		app.workspace.triggerLayoutReady();
		await untilIndexed(mock);
		await set(mock, "embeddingApi", "openai");
		await set(mock, "meaningSearch", "server");
		await set(mock, "serverBaseUrl", fake().baseURL);
		// The settings take each keystroke as it comes: "f", "fa", ... then the address, digit by digit.
		for (const at of "fake-embed".split("").keys()) {
			await set(mock, "embeddingModel", "fake-embed".slice(0, at + 1));
			await new Promise((resolve) => setTimeout(resolve, 40));
		}
		const address = fake().baseURL;
		for (let end = address.length - 4; end <= address.length; end++) {
			await set(mock, "embeddingBaseUrl", address.slice(0, end));
			await new Promise((resolve) => setTimeout(resolve, 40));
		}
		await until(() => meaningStatus(mock).startsWith("Ready"), "the notes embedded");
		const models = fake().requests.map((request) => (request.body as { model?: unknown } | undefined)?.model);
		expect(models.filter((model) => model !== undefined && model !== "fake-embed")).toEqual([]);
		mock.unload();
	});

	it("refuses an address on the internet for your own server, saying to choose another endpoint, and sends nothing", async () => {
		const app = vaultApp();
		const { mock } = await loadPlugin(app);
		app.workspace.triggerLayoutReady();
		await untilIndexed(mock);
		await set(mock, "embeddingModel", "fake-embed");
		await set(mock, "embeddingBaseUrl", "https://embeddings.example.com");
		await set(mock, "meaningSearch", "server");
		expect(meaningStatus(mock)).toContain("is not on this computer or your network");
		await new Promise((resolve) => setTimeout(resolve, 100));
		expect(fake().requests).toEqual([]);
		mock.unload();
	});
});
