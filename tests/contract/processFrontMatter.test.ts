import type { NoteStore } from "../../src/core/ports";
import { ObsidianNoteStore } from "../../src/obsidian/vaultNoteStore";
import { App, asObsidianApp } from "../../sandbox/obsidianApi";
import { MemoryVault } from "../../headless/inMemory/memoryVault";
import { TempVault } from "../headless/tempVault";

type StoreFactory = (files: Record<string, string>) => NoteStore;

const temporary: TempVault[] = [];
afterAll(() => temporary.forEach((vault) => vault.remove()));

const HOSTS: Record<string, StoreFactory> = {
	"the in-memory vault": (files) => new MemoryVault({ files }),
	"our Obsidian adapter, through FileManager.processFrontMatter": (files) =>
		new ObsidianNoteStore(asObsidianApp(new App(new MemoryVault({ files })))),
	"the headless host's disk vault": (files) => {
		const vault = new TempVault();
		temporary.push(vault);
		for (const [path, content] of Object.entries(files)) vault.put(path, content);
		return vault.open();
	},
};

const BODY = "## You · 2026-03-05 14:05\n\nHi\r\n\nA line the user added.\n";

describe.each(Object.keys(HOSTS))("properties written by %s", (host) => {
	const makeStore = HOSTS[host];

	it("changes a property in place, keeps the body byte for byte, and tells the text before and after", async () => {
		const before = `---\nmodel: m\ntokens:\n  input: 10\n---\n${BODY}`;
		const store = makeStore({ "chats/a.md": before });
		const changed = await store.processFrontMatter("chats/a.md", (properties) => {
			(properties.tokens as Record<string, number>).input += 5;
			properties.cost_usd = 0.5;
		});
		expect(changed.before).toBe(before);
		expect(changed.after).toBe(`---\nmodel: m\ntokens:\n  input: 15\ncost_usd: 0.5\n---\n${BODY}`);
		expect(await store.read("chats/a.md")).toBe(changed.after);
	});

	it("adds a properties block to a note without one", async () => {
		const store = makeStore({ "a.md": BODY });
		const { after } = await store.processFrontMatter("a.md", (properties) => void (properties.model = "m"));
		expect(after).toBe(`---\nmodel: m\n---\n${BODY}`);
	});

	it("refuses a block that is not a set of properties, and writes nothing", async () => {
		const before = "---\njust a sentence\n---\nbody\n";
		const store = makeStore({ "a.md": before });
		await expect(store.processFrontMatter("a.md", (properties) => void (properties.model = "m"))).rejects.toThrow();
		expect(await store.read("a.md")).toBe(before);
	});
});
