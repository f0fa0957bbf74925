import { spawn } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { TextDecoder } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { defaultPluginData } from "../../src/core/workspace/data/pluginData";
import { bundledChild } from "./childScript";
import { TempVault } from "./tempVault";

jest.setTimeout(180_000);

const ROOT = join(__dirname, "..", "..");
const TSX = join(ROOT, "node_modules", ".bin", "tsx");
const MAIN = join(ROOT, "headless", "mcp", "main.ts");

/** Servers at once, each a process of its own with its own client, as Claude Code and Claude Desktop would be. */
const SERVERS = 3;
/** Each server's writes: the most one client may make in a minute (`MCP_CALL_LIMITS`). */
const LONG_TERM = 5;
const DAILY = 5;
const CAPTURES = 2;

/** Today as the servers see it (the tests run in UTC, and so do the children they start). */
const TODAY = new Date().toISOString().slice(0, 10);
const DAILY_NOTE = `memory/daily/${TODAY}.md`;
const MEMORY_HEAD = "# Memory\n\n## Preferences\n- Likes tea é中.\n";
const DAILY_HEAD = `# ${TODAY}\n\n## Log\n\n## Candidate long-term memory\n`;

/** Every line of `text` that holds `marker`, in order. */
function linesWith(text: string, marker: string): string[] {
	return text.split("\n").filter((line) => line.includes(marker));
}

describe("the headless MCP server and Obsidian writing the same notes at once", () => {
	let vault: TempVault;
	let editor: string;

	beforeAll(() => {
		editor = bundledChild("obsidianEditor");
	});

	beforeEach(() => {
		vault = new TempVault()
			.put(".obsidian/plugins/assistant-workspace/data.json", JSON.stringify(defaultPluginData()))
			.put("memory.md", MEMORY_HEAD)
			.put(DAILY_NOTE, DAILY_HEAD);
	});

	afterEach(() => vault.remove());

	it("lose nothing: every entry of both is there once, whole, in valid UTF-8, Obsidian's in the order it made them", async () => {
		const clients = await Promise.all(
			Array.from({ length: SERVERS }, async (_, server) => {
				const client = new Client({ name: `client-${server}`, version: "1.0.0" });
				await client.connect(
					new StdioClientTransport({
						command: TSX,
						args: [MAIN, "--vault", vault.root, "--allow-writes"],
						cwd: ROOT,
						// The index cache stays out of the user's cache folder.
						env: { ...getDefaultEnvironment(), TZ: "UTC", AW_NO_CACHE: "1" },
						stderr: "pipe",
					}),
				);
				return client;
			}),
		);
		const stop = join(vault.root, "..", `${vault.root.split("/").pop()}.stop`);
		const obsidian = spawn(process.execPath, [editor, vault.root, stop, "obsidian", "memory.md", DAILY_NOTE], {
			stdio: ["ignore", "pipe", "pipe"],
		});
		let edits = "";
		obsidian.stdout.on("data", (chunk: Buffer) => (edits += chunk.toString("utf8")));
		let editorErrors = "";
		obsidian.stderr.on("data", (chunk: Buffer) => (editorErrors += chunk.toString("utf8")));
		const editorDone = new Promise<number | null>((resolve) => obsidian.on("close", resolve));
		const refusals: string[] = [];
		try {
			await Promise.all(
				clients.map(async (client, server) => {
					const call = async (name: string, args: Record<string, unknown>) => {
						const answer = await client.callTool({ name, arguments: args });
						if (answer.isError === true) refusals.push(JSON.stringify(answer.content));
					};
					for (let i = 0; i < Math.max(LONG_TERM, DAILY, CAPTURES); i++) {
						if (i < LONG_TERM) await call("memory_append", { target: "longterm", text: `server ${server} L${i} é中` });
						if (i < DAILY) await call("memory_append", { target: "daily", text: `server ${server} D${i} é中` });
						if (i < CAPTURES)
							await call("capture_note", { title: `Capture ${server} ${i}`, text: `server ${server} C${i} é中` });
					}
				}),
			);
		} finally {
			writeFileSync(stop, "");
			await Promise.all(clients.map((client) => client.close()));
		}
		expect(await editorDone).toBe(0);
		expect(editorErrors).toBe("");
		expect(refusals).toEqual([]);
		const [memoryEdits, dailyEdits] = JSON.parse(edits) as [number, number];
		// The two really wrote at once: Obsidian saved many times while the servers wrote.
		expect(memoryEdits).toBeGreaterThan(20);

		const bytes = (path: string) => readFileSync(join(vault.root, path));
		const strict = new TextDecoder("utf-8", { fatal: true });
		const memory = strict.decode(bytes("memory.md"));
		const daily = strict.decode(bytes(DAILY_NOTE));

		expect(memory.startsWith(MEMORY_HEAD)).toBe(true);
		expect(daily.startsWith(`# ${TODAY}\n`)).toBe(true);
		// Obsidian's edits: every one, once, in the order it made them.
		expect(linesWith(memory, "obsidian 0.")).toEqual(
			Array.from({ length: memoryEdits }, (_, edit) => `- obsidian 0.${edit} é中`),
		);
		expect(linesWith(daily, "obsidian 1.")).toEqual(
			Array.from({ length: dailyEdits }, (_, edit) => `- obsidian 1.${edit} é中`),
		);
		// The servers' entries: every one, once. An entry an editor's older copy undid is made again
		// after those written meanwhile, so a server's entries keep their order only where none was undone.
		for (let server = 0; server < SERVERS; server++) {
			const longTerm = linesWith(memory, `server ${server} L`);
			expect(longTerm.map((line) => line.replace(/^.* (L\d+) é中$/, "$1")).sort()).toEqual(
				Array.from({ length: LONG_TERM }, (_, i) => `L${i}`),
			);
			const entries = linesWith(daily, `server ${server} D`);
			expect(entries.map((line) => line.replace(/^.* (D\d+) é中$/, "$1")).sort()).toEqual(
				Array.from({ length: DAILY }, (_, i) => `D${i}`),
			);
		}
		const captured = readdirSync(join(vault.root), { recursive: true, encoding: "utf8" }).filter((path) =>
			/Capture \d \d\.md$/.test(path),
		);
		expect(captured).toHaveLength(SERVERS * CAPTURES);
	});
});
